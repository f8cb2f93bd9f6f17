package dev.jvmbench.sample.shop.storefront;

import dev.jvmbench.sample.shop.catalog.CategoryRepository;
import dev.jvmbench.sample.shop.catalog.CategoryTree;
import dev.jvmbench.sample.shop.catalog.Product;
import dev.jvmbench.sample.shop.catalog.ProductRepository;
import dev.jvmbench.sample.shop.customer.CustomerTier;
import dev.jvmbench.sample.shop.order.Availability;
import dev.jvmbench.sample.shop.order.Inventory;
import dev.jvmbench.sample.shop.order.OrderService;
import dev.jvmbench.sample.shop.pricing.Market;
import dev.jvmbench.sample.shop.pricing.Price;
import dev.jvmbench.sample.shop.pricing.PriceBook;
import dev.jvmbench.sample.shop.pricing.PricingService;
import dev.jvmbench.sample.shop.review.ReviewService;
import dev.jvmbench.sample.shop.web.BadRequestException;
import dev.jvmbench.sample.shop.web.NotFoundException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class ProductDetailService {

    static final int REVIEWS_PER_PAGE = 10;
    static final int SIMILAR = 6;
    static final int BOUGHT_TOGETHER = 4;
    static final List<Integer> QUANTITY_BREAKS = List.of(1, 3, 10);
    private final ProductRepository products;
    private final CategoryRepository categories;
    private final PricingService pricing;
    private final Inventory inventory;
    private final ReviewService reviews;
    private final OrderService orders;

    ProductDetailService(ProductRepository products, CategoryRepository categories, PricingService pricing,
                         Inventory inventory, ReviewService reviews, OrderService orders) {
        this.products = products;
        this.categories = categories;
        this.pricing = pricing;
        this.inventory = inventory;
        this.reviews = reviews;
        this.orders = orders;
    }

    @Transactional(readOnly = true)
    public ProductDetail bySlug(String slug, int reviewPage, String country) {
        return detail(products.findBySlug(slug).orElseThrow(() -> new NotFoundException("product", slug)),
                reviewPage, country);
    }

    @Transactional(readOnly = true)
    public ProductDetail byId(long id, int reviewPage, String country) {
        return detail(products.findDetailed(id).orElseThrow(() -> new NotFoundException("product", id)),
                reviewPage, country);
    }

    private ProductDetail detail(Product product, int reviewPage, String country) {
        Market market = Market.of(country)
                .orElseThrow(() -> new BadRequestException("country", "the shop does not sell to " + country));
        CategoryTree tree = new CategoryTree(categories.findAllInOrder());
        long price = product.getPriceCents();
        List<Product> similar = products.similar(product.getCategory().getId(), product.getId(),
                price * 7 / 10, price * 13 / 10, PageRequest.of(0, SIMILAR));
        List<Long> togetherIds = orders.boughtTogether(product.getId(), BOUGHT_TOGETHER);
        List<Product> together = new ArrayList<>();
        if (!togetherIds.isEmpty()) {
            Map<Long, Product> loaded = new LinkedHashMap<>();
            products.findAllWithBrand(togetherIds).forEach(p -> loaded.put(p.getId(), p));
            togetherIds.stream().map(loaded::get).filter(java.util.Objects::nonNull).forEach(together::add);
        }
        Set<Product> all = new LinkedHashSet<>();
        all.add(product);
        all.addAll(similar);
        all.addAll(together);
        PriceBook book = pricing.priceBook(all, tree, market, CustomerTier.BRONZE);
        Map<Integer, Price> breaks = new LinkedHashMap<>();
        for (int quantity : QUANTITY_BREAKS) {
            breaks.put(quantity, book.price(product, quantity));
        }
        Map<Long, Price> prices = new LinkedHashMap<>();
        for (Product other : all) {
            prices.put(other.getId(), book.price(other, 1));
        }
        Availability availability = inventory.availability(List.of(product)).get(product.getId());
        return new ProductDetail(product, tree.byId(product.getCategory().getId()).map(tree::pathTo).orElse(List.of()),
                market, breaks.get(1), breaks, availability, reviews.summary(product.getId()),
                reviews.page(product.getId(), reviewPage, REVIEWS_PER_PAGE), similar, together, prices);
    }
}
