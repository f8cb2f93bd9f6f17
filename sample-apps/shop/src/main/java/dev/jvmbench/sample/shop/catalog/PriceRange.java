package dev.jvmbench.sample.shop.catalog;

/** Lowest and highest price of a listing; both null when it is empty. */
public record PriceRange(Long minCents, Long maxCents, long products) {
}
