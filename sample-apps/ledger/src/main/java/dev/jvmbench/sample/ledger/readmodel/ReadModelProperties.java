package dev.jvmbench.sample.ledger.readmodel;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param megabytes  the live size the read model aims at: the balances and the counterparty index
 *                   take what the data needs, the rate history's tick density fills the rest
 *                   (estimated from the objects' sizes; a heap histogram confirms it)
 * @param randomSeed the rate history's seed: the same quotes on every start
 */
@ConfigurationProperties("ledger.read-model")
public record ReadModelProperties(@DefaultValue("200") int megabytes, @DefaultValue("20250101") long randomSeed) {
}
