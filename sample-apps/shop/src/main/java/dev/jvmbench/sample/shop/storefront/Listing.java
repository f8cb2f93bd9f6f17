package dev.jvmbench.sample.shop.storefront;

import dev.jvmbench.sample.shop.catalog.BrandFacet;
import dev.jvmbench.sample.shop.catalog.Category;
import dev.jvmbench.sample.shop.catalog.CatalogSort;
import dev.jvmbench.sample.shop.catalog.CategoryTree;
import dev.jvmbench.sample.shop.catalog.PriceRange;
import dev.jvmbench.sample.shop.catalog.Product;
import dev.jvmbench.sample.shop.catalog.RatingBucket;
import dev.jvmbench.sample.shop.catalog.SearchScorer;
import dev.jvmbench.sample.shop.order.Availability;
import dev.jvmbench.sample.shop.pricing.Market;
import dev.jvmbench.sample.shop.pricing.Price;
import dev.jvmbench.sample.shop.review.Review;
import java.util.List;
import java.util.Map;
import org.springframework.data.domain.Page;

/**
 * Everything a listing shows, before it becomes HTML or JSON: the page of products and, by
 * product id, their prices, availability, tags, search scores and most helpful review; the
 * facets of the whole listing and its bestsellers.
 *
 * @param category null for the whole catalogue
 */
public record Listing(CatalogQuery query, CategoryTree tree, Category category, List<Category> path, Market market,
                      CatalogSort sort, boolean relevanceOrder, Page<Product> products, Map<Long, Price> prices,
                      Map<Long, Availability> availability, Map<Long, List<String>> tags,
                      Map<Long, SearchScorer.Score> scores, Map<Long, Review> topReviews, List<BrandFacet> brands,
                      PriceRange priceRange, List<RatingBucket> ratings, List<Product> bestsellers) {
}
