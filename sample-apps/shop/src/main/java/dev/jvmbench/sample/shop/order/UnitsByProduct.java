package dev.jvmbench.sample.shop.order;

public record UnitsByProduct(Long productId, Long units) {
}
