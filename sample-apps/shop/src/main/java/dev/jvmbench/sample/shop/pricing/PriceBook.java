package dev.jvmbench.sample.shop.pricing;

import dev.jvmbench.sample.shop.catalog.CategoryTree;
import dev.jvmbench.sample.shop.catalog.Product;
import dev.jvmbench.sample.shop.customer.CustomerTier;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Prices products for one market and customer tier with the promotions running now (loaded once
 * for a page by {@link PricingService#priceBook}).
 */
public final class PriceBook {

    /** No stack of discounts goes past this: the shop's margin rule. */
    static final BigDecimal MAX_PERCENT_OFF = new BigDecimal("40");
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private final Market market;
    private final CustomerTier tier;
    private final CategoryTree categories;
    private final List<Promotion> promotions;

    PriceBook(Market market, CustomerTier tier, CategoryTree categories, List<Promotion> promotions) {
        this.market = market;
        this.tier = tier;
        this.categories = categories;
        this.promotions = List.copyOf(promotions);
    }

    public Market market() {
        return market;
    }

    public Price price(Product product, int quantity) {
        Money listNet = convert(product.getPriceCents());
        Promotion promotion = bestPromotion(product, quantity);
        BigDecimal promotionPercent = promotion == null ? BigDecimal.ZERO : promotion.getPercentOff();
        BigDecimal combined = combine(promotionPercent, tier.percentOff());
        Money saleNet = combined.signum() == 0 ? listNet : listNet.lessPercent(combined);
        BigDecimal vat = market.vat(categories.taxClassOf(product.getCategory().getId()));
        Money tax = saleNet.percent(vat);
        Money shown = market.pricesIncludeTax() ? saleNet.plus(tax) : saleNet;
        Money shownList = market.pricesIncludeTax() ? listNet.plus(listNet.percent(vat)) : listNet;
        return new Price(listNet, saleNet, tax, shown, shownList, combined,
                promotion == null ? null : promotion.getLabel(), promotion == null ? null : promotion.getCode(),
                market.pricesIncludeTax(), shown.format(market.locale()), shownList.format(market.locale()));
    }

    /**
     * Catalogue prices are euro cents. Converted prices are charm-rounded (up to the next .99 for
     * amounts of 10 or more, .49/.99 below) as the shop's merchandising team wants them.
     */
    Money convert(long euroCents) {
        BigDecimal euros = BigDecimal.valueOf(euroCents, 2);
        if (market.rateFromEuro().compareTo(BigDecimal.ONE) == 0) {
            return new Money(euros, market.currency());
        }
        BigDecimal converted = euros.multiply(market.rateFromEuro());
        BigDecimal whole = converted.setScale(0, RoundingMode.FLOOR);
        BigDecimal cents = converted.subtract(whole);
        BigDecimal charm;
        if (converted.compareTo(BigDecimal.TEN) >= 0 || cents.compareTo(new BigDecimal("0.49")) > 0) {
            charm = whole.add(new BigDecimal("0.99"));
        } else {
            charm = whole.add(new BigDecimal("0.49"));
        }
        return new Money(charm, market.currency());
    }

    /** The largest promotion whose category (or one above the product's) and brand match, from its quantity. */
    Promotion bestPromotion(Product product, int quantity) {
        Set<Long> categoryPath = new HashSet<>();
        categories.byId(product.getCategory().getId())
                .ifPresent(c -> categories.pathTo(c).forEach(node -> categoryPath.add(node.getId())));
        Long brandId = product.getBrand().getId();
        Promotion best = null;
        for (Promotion promotion : promotions) {
            if (promotion.getMinQuantity() > quantity) {
                continue;
            }
            boolean categoryMatches = promotion.getCategoryId() == null || categoryPath.contains(promotion.getCategoryId());
            boolean brandMatches = promotion.getBrandId() == null || promotion.getBrandId().equals(brandId);
            if (categoryMatches && brandMatches
                    && (best == null || promotion.getPercentOff().compareTo(best.getPercentOff()) > 0)) {
                best = promotion;
            }
        }
        return best;
    }

    /** Two discounts stacked (10 % then 5 % is 14.5 %), capped at {@link #MAX_PERCENT_OFF}. */
    static BigDecimal combine(BigDecimal first, BigDecimal second) {
        BigDecimal remaining = HUNDRED.subtract(first).multiply(HUNDRED.subtract(second))
                .divide(HUNDRED, 6, RoundingMode.HALF_EVEN);
        BigDecimal combined = HUNDRED.subtract(remaining).setScale(2, RoundingMode.HALF_EVEN);
        return combined.min(MAX_PERCENT_OFF).stripTrailingZeros().max(BigDecimal.ZERO);
    }
}
