package dev.jvmbench.sample.shop.catalog;

public record ProductTag(Long productId, String tag) {
}
