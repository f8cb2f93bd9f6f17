package dev.jvmbench.sample.shop.customer;

import java.math.BigDecimal;

/** Loyalty tiers and the discount each gives on every order line. */
public enum CustomerTier {
    BRONZE(BigDecimal.ZERO), SILVER(new BigDecimal("3.0")), GOLD(new BigDecimal("7.5"));

    private final BigDecimal percentOff;

    CustomerTier(BigDecimal percentOff) {
        this.percentOff = percentOff;
    }

    public BigDecimal percentOff() {
        return percentOff;
    }
}
