package dev.jvmbench.sample.shop.pricing;

import java.math.BigDecimal;

/**
 * One product's price for a quantity in a market, per unit: the list price and the price after
 * promotions and the customer's tier (both net of tax), the tax on it, and what the page shows
 * (with tax in markets whose prices include it), formatted for the market.
 *
 * @param percentOff   the combined discount in percent, 0 when none
 * @param promotion    the label of the promotion that applied, or null
 */
public record Price(Money listNet, Money saleNet, Money tax, Money shown, Money shownList, BigDecimal percentOff,
                    String promotion, String promotionCode, boolean taxIncluded, String formatted,
                    String formattedList) {

    public boolean discounted() {
        return percentOff.signum() > 0;
    }

    public Money discountPerUnit() {
        return listNet.minus(saleNet);
    }
}
