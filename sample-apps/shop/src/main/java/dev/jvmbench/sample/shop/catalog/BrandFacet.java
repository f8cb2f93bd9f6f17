package dev.jvmbench.sample.shop.catalog;

public record BrandFacet(Long brandId, String name, long products) {
}
