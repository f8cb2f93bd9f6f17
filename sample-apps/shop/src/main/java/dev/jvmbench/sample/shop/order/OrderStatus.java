package dev.jvmbench.sample.shop.order;

import java.util.EnumSet;
import java.util.Set;

public enum OrderStatus {
    PLACED, PAID, SHIPPED, DELIVERED, CANCELLED;

    /** Orders whose goods are promised but not yet shipped: they hold stock. */
    static final Set<OrderStatus> RESERVING = EnumSet.of(PLACED, PAID);
}
