package dev.jvmbench.sample.shop.review;

public record StarCount(Integer stars, long reviews) {
}
