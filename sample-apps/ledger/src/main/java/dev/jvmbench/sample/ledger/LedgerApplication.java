package dev.jvmbench.sample.ledger;

import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

/**
 * A bank's ledger: accounts, a double-entry journal, monthly statements (HTML and JSON) and a
 * transfer API. At start-up it seeds an empty database and builds an in-memory read model
 * (rate history, monthly balances, counterparties) that every statement reads.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class LedgerApplication {

    public static void main(String[] args) {
        SpringApplication.run(LedgerApplication.class, args);
    }

    /** Transfers are booked "now"; a bean so that nothing else reads the system clock. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
