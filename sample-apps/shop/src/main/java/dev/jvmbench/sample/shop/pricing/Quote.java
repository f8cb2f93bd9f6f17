package dev.jvmbench.sample.shop.pricing;

import java.util.List;

/** A priced basket: its lines, and the totals an order stores. */
public record Quote(Market market, List<Line> lines, Money subtotal, Money discount, Money tax, Money shipping,
                   Money total, int weightGrams) {

    public record Line(long productId, String sku, String name, int quantity, Price unitPrice, Money lineNet,
                       Money lineDiscount, Money lineTax) {
    }
}
