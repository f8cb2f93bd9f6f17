package dev.jvmbench.sample.shop.review;

import dev.jvmbench.sample.shop.catalog.Product;
import dev.jvmbench.sample.shop.catalog.ProductRepository;
import dev.jvmbench.sample.shop.customer.Customer;
import dev.jvmbench.sample.shop.customer.CustomerRepository;
import dev.jvmbench.sample.shop.web.ConflictException;
import dev.jvmbench.sample.shop.web.NotFoundException;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class ReviewService {

    private static final Pattern SHOUTING = Pattern.compile("[A-Z]{12,}");
    private static final Pattern LINK = Pattern.compile("(?i)https?://|www\\.");
    private final ReviewRepository reviews;
    private final ProductRepository products;
    private final CustomerRepository customers;
    private final Clock clock;

    ReviewService(ReviewRepository reviews, ProductRepository products, CustomerRepository customers, Clock clock) {
        this.reviews = reviews;
        this.products = products;
        this.customers = customers;
        this.clock = clock;
    }

    /** Most helpful first, then newest: what a product page shows. */
    @Transactional(readOnly = true)
    public Page<Review> page(long productId, int page, int size) {
        return reviews.findByProductId(productId, PageRequest.of(page, size,
                Sort.by(Sort.Order.desc("helpfulVotes"), Sort.Order.desc("createdAt"), Sort.Order.asc("id"))));
    }

    @Transactional(readOnly = true)
    public RatingSummary summary(long productId) {
        return RatingSummary.of(reviews.starCounts(productId));
    }

    /** The most helpful review of each product that has one, by product id. */
    @Transactional(readOnly = true)
    public Map<Long, Review> mostHelpful(Collection<Long> productIds) {
        Map<Long, Review> byProduct = new LinkedHashMap<>();
        if (productIds.isEmpty()) {
            return byProduct;
        }
        for (Review review : reviews.mostHelpful(productIds)) {
            byProduct.putIfAbsent(review.getProduct().getId(), review);
        }
        return byProduct;
    }

    /**
     * Adds a review and updates the product's running rating. One review per customer and
     * product (409 for a second); links and shouting are refused as a moderation rule.
     */
    @Transactional
    public Review add(long productId, long customerId, int rating, String title, String body) {
        Product product = products.findById(productId).orElseThrow(() -> new NotFoundException("product", productId));
        Customer customer = customers.findById(customerId)
                .orElseThrow(() -> new NotFoundException("customer", customerId));
        if (reviews.existsByProductIdAndCustomerId(productId, customerId)) {
            throw new ConflictException("customer " + customerId + " has already reviewed product " + productId);
        }
        List<String> refused = moderation(title + " " + body);
        if (!refused.isEmpty()) {
            throw new ConflictException("the review was refused by moderation: " + String.join(", ", refused));
        }
        product.addRating(rating);
        return reviews.save(new Review(product, customer, rating, title.strip(), body.strip(), false,
                Instant.now(clock)));
    }

    static List<String> moderation(String text) {
        List<String> reasons = new java.util.ArrayList<>();
        if (LINK.matcher(text).find()) {
            reasons.add("links are not allowed");
        }
        if (SHOUTING.matcher(text).find()) {
            reasons.add("please do not shout");
        }
        return reasons;
    }
}
