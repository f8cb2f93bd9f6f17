package dev.jvmbench.sample.shop.seed;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The generated data set: how many rows of each kind, from which random seed. The same seed and
 * counts give the same rows on every start (timestamps are offsets from the start-up day).
 *
 * @param enabled  seed an empty database at start-up (a database that has products is left alone)
 */
@ConfigurationProperties("shop.seed")
public record SeedProperties(@DefaultValue("true") boolean enabled, @DefaultValue("20240501") long randomSeed,
                             @DefaultValue("40") int brands, @DefaultValue("4000") int products,
                             @DefaultValue("3000") int customers, @DefaultValue("12000") int orders,
                             @DefaultValue("25000") int reviews, @DefaultValue("30") int promotions) {
}
