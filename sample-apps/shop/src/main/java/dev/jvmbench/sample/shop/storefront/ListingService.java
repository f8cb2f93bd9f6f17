package dev.jvmbench.sample.shop.storefront;

import dev.jvmbench.sample.shop.catalog.BrandFacet;
import dev.jvmbench.sample.shop.catalog.CatalogSort;
import dev.jvmbench.sample.shop.catalog.Category;
import dev.jvmbench.sample.shop.catalog.CategoryRepository;
import dev.jvmbench.sample.shop.catalog.CategoryTree;
import dev.jvmbench.sample.shop.catalog.PriceRange;
import dev.jvmbench.sample.shop.catalog.Product;
import dev.jvmbench.sample.shop.catalog.ProductFilter;
import dev.jvmbench.sample.shop.catalog.ProductRepository;
import dev.jvmbench.sample.shop.catalog.ProductTag;
import dev.jvmbench.sample.shop.catalog.RatingBucket;
import dev.jvmbench.sample.shop.catalog.SearchScorer;
import dev.jvmbench.sample.shop.customer.CustomerTier;
import dev.jvmbench.sample.shop.order.Availability;
import dev.jvmbench.sample.shop.order.Inventory;
import dev.jvmbench.sample.shop.order.OrderService;
import dev.jvmbench.sample.shop.pricing.Market;
import dev.jvmbench.sample.shop.pricing.Price;
import dev.jvmbench.sample.shop.pricing.PriceBook;
import dev.jvmbench.sample.shop.pricing.PricingService;
import dev.jvmbench.sample.shop.review.Review;
import dev.jvmbench.sample.shop.review.ReviewService;
import dev.jvmbench.sample.shop.web.BadRequestException;
import dev.jvmbench.sample.shop.web.NotFoundException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Builds a listing: the category tree, the filtered and sorted page of products (or, for a search
 * in the default order, the most relevant candidates scored in Java), then the prices,
 * availability, tags, reviews, facets and bestsellers around it. About ten queries a page.
 */
@Service
public class ListingService {

    /** A search in relevance order scores at most this many matches. */
    static final int RELEVANCE_CANDIDATES = 240;
    static final int BESTSELLERS = 4;
    private final CategoryRepository categories;
    private final ProductRepository products;
    private final PricingService pricing;
    private final Inventory inventory;
    private final ReviewService reviews;
    private final OrderService orders;
    private final SearchScorer scorer;

    ListingService(CategoryRepository categories, ProductRepository products, PricingService pricing,
                   Inventory inventory, ReviewService reviews, OrderService orders, SearchScorer scorer) {
        this.categories = categories;
        this.products = products;
        this.pricing = pricing;
        this.inventory = inventory;
        this.reviews = reviews;
        this.orders = orders;
        this.scorer = scorer;
    }

    @Transactional(readOnly = true)
    public Listing list(CatalogQuery query) {
        CategoryTree tree = new CategoryTree(categories.findAllInOrder());
        Category category = null;
        if (query.category() != null && !query.category().isBlank()) {
            category = tree.bySlug(query.category()).orElseThrow(() -> new NotFoundException("category", query.category()));
        }
        Market market = Market.of(query.country())
                .orElseThrow(() -> new BadRequestException("country", "the shop does not sell to " + query.country()));
        CatalogSort sort = CatalogSort.fromWireName(query.sort())
                .orElseThrow(() -> new BadRequestException("sort", "sort must be one of featured, price-asc, price-desc, rating, newest"));
        List<Long> categoryIds = category == null
                ? tree.roots().stream().flatMap(root -> tree.selfAndDescendantIds(root).stream()).toList()
                : tree.selfAndDescendantIds(category);
        Long minCents = toEuroCents(query.minPrice(), market);
        Long maxCents = toEuroCents(query.maxPrice(), market);
        if (minCents != null && maxCents != null && minCents > maxCents) {
            throw new BadRequestException("minPrice", "minPrice must not be above maxPrice");
        }
        List<String> terms = scorer.terms(query.q());
        ProductFilter filter = new ProductFilter(categoryIds, query.brand(), minCents, maxCents, query.stars(),
                query.inStockOnly(), terms);
        Pageable pageable = PageRequest.of(query.pageOrFirst() - 1, query.sizeOrDefault());

        boolean relevance = !terms.isEmpty() && sort == CatalogSort.FEATURED;
        Map<Long, List<String>> tags;
        Map<Long, SearchScorer.Score> scores = new HashMap<>();
        Page<Product> page;
        if (relevance) {
            List<Product> candidates = products.findAll(filter.toSpecification(),
                    PageRequest.of(0, RELEVANCE_CANDIDATES, CatalogSort.FEATURED.sort())).getContent();
            tags = tagsOf(candidates);
            for (Product candidate : candidates) {
                scores.put(candidate.getId(), scorer.score(terms, candidate.getName(),
                        tags.getOrDefault(candidate.getId(), List.of()), candidate.getDescription()));
            }
            List<Product> ranked = new ArrayList<>(candidates);
            ranked.sort(Comparator.comparingDouble((Product p) -> -scores.get(p.getId()).relevance())
                    .thenComparingInt(Product::getFeaturedRank).thenComparing(Product::getId));
            int from = (int) Math.min(pageable.getOffset(), ranked.size());
            int to = Math.min(from + pageable.getPageSize(), ranked.size());
            page = new PageImpl<>(ranked.subList(from, to), pageable, ranked.size());
        } else {
            page = products.findAll(filter.toSpecification(), PageRequest.of(pageable.getPageNumber(),
                    pageable.getPageSize(), sort.sort()));
            tags = tagsOf(page.getContent());
            if (!terms.isEmpty()) {
                for (Product product : page.getContent()) {
                    scores.put(product.getId(), scorer.score(terms, product.getName(),
                            tags.getOrDefault(product.getId(), List.of()), product.getDescription()));
                }
            }
        }

        List<Product> bestsellers = bestsellers(categoryIds);
        Set<Product> priced = new LinkedHashSet<>(page.getContent());
        priced.addAll(bestsellers);
        PriceBook book = pricing.priceBook(priced, tree, market, CustomerTier.BRONZE);
        Map<Long, Price> prices = new LinkedHashMap<>();
        for (Product product : priced) {
            prices.put(product.getId(), book.price(product, 1));
        }
        Map<Long, Availability> availability = inventory.availability(page.getContent());
        List<Long> pageIds = page.getContent().stream().map(Product::getId).toList();
        Map<Long, Review> topReviews = reviews.mostHelpful(pageIds);

        long facetMin = minCents == null ? 0 : minCents;
        long facetMax = maxCents == null ? Long.MAX_VALUE : maxCents;
        List<BrandFacet> brands = products.brandFacets(categoryIds, facetMin, facetMax);
        PriceRange range = products.priceRange(categoryIds);
        List<RatingBucket> ratings = products.ratingBuckets(categoryIds);
        List<Category> path = category == null ? List.of() : tree.pathTo(category);
        return new Listing(query, tree, category, path, market, sort, relevance, page, prices, availability, tags,
                scores, topReviews, brands, range, ratings, bestsellers);
    }

    private List<Product> bestsellers(List<Long> categoryIds) {
        List<Long> ids = orders.bestsellers(categoryIds, BESTSELLERS);
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<Long, Product> byId = products.findAllWithBrand(ids).stream()
                .collect(Collectors.toMap(Product::getId, Function.identity()));
        return ids.stream().map(byId::get).filter(java.util.Objects::nonNull).toList();
    }

    Map<Long, List<String>> tagsOf(Collection<Product> page) {
        if (page.isEmpty()) {
            return Map.of();
        }
        Map<Long, List<String>> tags = new HashMap<>();
        for (ProductTag tag : products.tagsOf(page.stream().map(Product::getId).toList())) {
            tags.computeIfAbsent(tag.productId(), id -> new ArrayList<>()).add(tag.tag());
        }
        return tags;
    }

    /** A filter price in the market's currency, back to catalogue euro cents (prices shown include tax; filters are approximate). */
    static Long toEuroCents(Long wholeUnits, Market market) {
        if (wholeUnits == null) {
            return null;
        }
        return BigDecimal.valueOf(wholeUnits).movePointRight(2)
                .divide(market.rateFromEuro(), 0, RoundingMode.HALF_UP).longValueExact();
    }
}
