package dev.jvmbench.sample.shop.storefront;

import dev.jvmbench.sample.shop.catalog.Category;
import dev.jvmbench.sample.shop.catalog.Product;
import dev.jvmbench.sample.shop.order.Availability;
import dev.jvmbench.sample.shop.pricing.Market;
import dev.jvmbench.sample.shop.pricing.Price;
import dev.jvmbench.sample.shop.review.RatingSummary;
import dev.jvmbench.sample.shop.review.Review;
import java.util.List;
import java.util.Map;
import org.springframework.data.domain.Page;

/**
 * A product page before it becomes HTML or JSON.
 *
 * @param quantityPrices the unit price at 1, 3 and 10 units (promotions with a minimum quantity)
 * @param prices         prices of the similar and bought-together products, by id
 */
public record ProductDetail(Product product, List<Category> path, Market market, Price price,
                            Map<Integer, Price> quantityPrices, Availability availability, RatingSummary ratings,
                            Page<Review> reviews, List<Product> similar, List<Product> boughtTogether,
                            Map<Long, Price> prices) {
}
