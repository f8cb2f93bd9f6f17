package dev.jvmbench.sample.shop;

import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

/**
 * A small online shop: a catalogue with filters and pagination, product pages with reviews, a JSON
 * API for products, quotes and orders. Written the way a team writes a Spring Boot service, so that
 * a benchmark of it warms up and spends its CPU the way real apps do.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ShopApplication {

    public static void main(String[] args) {
        SpringApplication.run(ShopApplication.class, args);
    }

    /** Promotions and order dates are judged against this clock; tests may fix it. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
