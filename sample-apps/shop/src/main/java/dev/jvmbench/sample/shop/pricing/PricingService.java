package dev.jvmbench.sample.shop.pricing;

import dev.jvmbench.sample.shop.catalog.Category;
import dev.jvmbench.sample.shop.catalog.CategoryTree;
import dev.jvmbench.sample.shop.catalog.Product;
import dev.jvmbench.sample.shop.customer.CustomerTier;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Prices with promotions, tiers and taxes; quotes for baskets with shipping. */
@Service
public class PricingService {

    /** Every kilogram past the first costs this much more to ship, in the market's cents. */
    static final long SHIPPING_PER_EXTRA_KG_CENTS = 120;
    private final PromotionRepository promotions;
    private final Clock clock;

    PricingService(PromotionRepository promotions, Clock clock) {
        this.promotions = promotions;
        this.clock = clock;
    }

    /** A price book for these products: one query for the promotions that may touch any of them. */
    @Transactional(readOnly = true)
    public PriceBook priceBook(Collection<Product> products, CategoryTree categories, Market market, CustomerTier tier) {
        Set<Long> categoryIds = new LinkedHashSet<>();
        Set<Long> brandIds = new LinkedHashSet<>();
        for (Product product : products) {
            categories.byId(product.getCategory().getId()).ifPresent(category -> {
                for (Category node : categories.pathTo(category)) {
                    categoryIds.add(node.getId());
                }
            });
            brandIds.add(product.getBrand().getId());
        }
        if (categoryIds.isEmpty() && brandIds.isEmpty()) {
            return new PriceBook(market, tier, categories, List.of());
        }
        // "in ()" is not valid SQL: an id that exists nowhere stands in for an empty list
        List<Promotion> running = promotions.running(Instant.now(clock),
                categoryIds.isEmpty() ? List.of(-1L) : categoryIds, brandIds.isEmpty() ? List.of(-1L) : brandIds);
        return new PriceBook(market, tier, categories, running);
    }

    /** Prices a basket: each line at its quantity, then shipping by weight unless the total passes the market's threshold. */
    public Quote quote(PriceBook book, Map<Product, Integer> quantities) {
        Market market = book.market();
        Money subtotal = Money.zero(market.currency());
        Money discount = Money.zero(market.currency());
        Money tax = Money.zero(market.currency());
        int weight = 0;
        List<Quote.Line> lines = new ArrayList<>();
        for (Map.Entry<Product, Integer> entry : quantities.entrySet()) {
            Product product = entry.getKey();
            int quantity = entry.getValue();
            Price unit = book.price(product, quantity);
            Money lineNet = unit.saleNet().times(quantity);
            Money lineDiscount = unit.discountPerUnit().times(quantity);
            Money lineTax = unit.tax().times(quantity);
            lines.add(new Quote.Line(product.getId(), product.getSku(), product.getName(), quantity, unit, lineNet,
                    lineDiscount, lineTax));
            subtotal = subtotal.plus(lineNet);
            discount = discount.plus(lineDiscount);
            tax = tax.plus(lineTax);
            weight += product.getWeightGrams() * quantity;
        }
        Money beforeShipping = subtotal.plus(tax);
        Money shipping = shipping(market, weight, beforeShipping);
        return new Quote(market, lines, subtotal, discount, tax, shipping, beforeShipping.plus(shipping), weight);
    }

    static Money shipping(Market market, int weightGrams, Money goods) {
        if (goods.minor() >= market.freeShippingFromCents() || weightGrams == 0) {
            return Money.zero(market.currency());
        }
        int extraKilos = Math.max(0, (weightGrams - 1) / 1000);
        long cents = market.shippingBaseCents() + extraKilos * SHIPPING_PER_EXTRA_KG_CENTS;
        return Money.ofMinor(cents, market.currency());
    }
}
