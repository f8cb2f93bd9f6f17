package dev.jvmbench.sample.shop.catalog;

public record RatingBucket(Integer stars, long products) {
}
