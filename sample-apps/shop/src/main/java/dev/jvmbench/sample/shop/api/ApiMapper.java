package dev.jvmbench.sample.shop.api;

import dev.jvmbench.sample.shop.catalog.BrandFacet;
import dev.jvmbench.sample.shop.catalog.Category;
import dev.jvmbench.sample.shop.catalog.CategoryTree;
import dev.jvmbench.sample.shop.catalog.Product;
import dev.jvmbench.sample.shop.catalog.SearchScorer;
import dev.jvmbench.sample.shop.order.Availability;
import dev.jvmbench.sample.shop.order.CustomerOrder;
import dev.jvmbench.sample.shop.order.OrderLine;
import dev.jvmbench.sample.shop.pricing.Market;
import dev.jvmbench.sample.shop.pricing.Money;
import dev.jvmbench.sample.shop.pricing.Price;
import dev.jvmbench.sample.shop.pricing.Quote;
import dev.jvmbench.sample.shop.review.RatingSummary;
import dev.jvmbench.sample.shop.review.Review;
import dev.jvmbench.sample.shop.storefront.Listing;
import dev.jvmbench.sample.shop.storefront.ProductDetail;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import org.springframework.data.domain.Page;
import org.springframework.stereotype.Component;

/** Domain objects to the API's records. */
@Component
class ApiMapper {

    Dtos.Listing listing(Listing listing) {
        Page<Product> page = listing.products();
        List<Dtos.ProductSummary> items = new ArrayList<>();
        for (Product product : page.getContent()) {
            items.add(summary(product, listing.tree(), listing.prices().get(product.getId()),
                    listing.availability().get(product.getId()), listing.tags().getOrDefault(product.getId(), List.of()),
                    listing.scores().get(product.getId())));
        }
        List<Dtos.Facet> brands = new ArrayList<>();
        for (BrandFacet facet : listing.brands()) {
            brands.add(new Dtos.Facet(facet.brandId(), facet.name(), facet.products()));
        }
        List<Dtos.ProductSummary> bestsellers = new ArrayList<>();
        for (Product product : listing.bestsellers()) {
            bestsellers.add(summary(product, listing.tree(), listing.prices().get(product.getId()), null, List.of(), null));
        }
        return new Dtos.Listing(pageOf(items, page), brands, listing.market().code(),
                listing.relevanceOrder() ? "relevance" : listing.sort().wireName(), bestsellers);
    }

    Dtos.ProductDetail detail(ProductDetail detail, CategoryTree tree) {
        Product product = detail.product();
        List<Dtos.QuantityPrice> quantityPrices = new ArrayList<>();
        for (Map.Entry<Integer, Price> entry : detail.quantityPrices().entrySet()) {
            quantityPrices.add(new Dtos.QuantityPrice(entry.getKey(), price(entry.getValue())));
        }
        RatingSummary ratings = detail.ratings();
        Dtos.RatingHistogram histogram = new Dtos.RatingHistogram(ratings.mean(), ratings.weighted(), ratings.total(),
                Arrays.stream(ratings.countsByStar()).boxed().toList(),
                Arrays.stream(ratings.percentByStar()).boxed().toList());
        List<Dtos.ReviewView> reviews = new ArrayList<>();
        for (Review review : detail.reviews().getContent()) {
            reviews.add(review(review));
        }
        List<Dtos.ProductSummary> similar = new ArrayList<>();
        for (Product other : detail.similar()) {
            similar.add(summary(other, tree, detail.prices().get(other.getId()), null, List.of(), null));
        }
        List<Dtos.ProductSummary> together = new ArrayList<>();
        for (Product other : detail.boughtTogether()) {
            together.add(summary(other, tree, detail.prices().get(other.getId()), null, List.of(), null));
        }
        List<String> tags = product.getTags().stream().map(t -> t.getName()).sorted().toList();
        return new Dtos.ProductDetail(summary(product, tree, detail.price(), detail.availability(), tags, null),
                product.getDescription(), product.getWeightGrams(), quantityPrices, histogram,
                pageOf(reviews, detail.reviews()), similar, together);
    }

    Dtos.ReviewView review(Review review) {
        return new Dtos.ReviewView(review.getId(), review.getRating(), review.getTitle(), review.getBody(),
                review.getCustomer().getDisplayName(), review.isVerified(), review.getHelpfulVotes(), review.getCreatedAt());
    }

    List<Dtos.CategoryNode> tree(CategoryTree tree) {
        List<Dtos.CategoryNode> roots = new ArrayList<>();
        for (Category root : tree.roots()) {
            roots.add(node(tree, root));
        }
        return roots;
    }

    private Dtos.CategoryNode node(CategoryTree tree, Category category) {
        List<Dtos.CategoryNode> children = new ArrayList<>();
        for (Category child : tree.childrenOf(category)) {
            children.add(node(tree, child));
        }
        return new Dtos.CategoryNode(category.getId(), category.getSlug(), category.getName(),
                category.getTaxClass().name(), children);
    }

    Dtos.QuoteView quote(Quote quote) {
        List<Dtos.QuoteLine> lines = new ArrayList<>();
        for (Quote.Line line : quote.lines()) {
            lines.add(new Dtos.QuoteLine(line.productId(), line.sku(), line.name(), line.quantity(), price(line.unitPrice()),
                    line.lineNet().amount(), line.lineDiscount().amount(), line.lineTax().amount()));
        }
        return new Dtos.QuoteView(quote.market().code(), quote.market().currency().getCurrencyCode(), lines,
                quote.subtotal().amount(), quote.discount().amount(), quote.tax().amount(), quote.shipping().amount(),
                quote.total().amount(), quote.weightGrams(), quote.total().format(quote.market().locale()));
    }

    Dtos.OrderView order(CustomerOrder order) {
        Currency currency = Market.of(order.getCountry()).orElse(Market.FR).currency();
        List<Dtos.OrderLineView> lines = new ArrayList<>();
        for (OrderLine line : order.getLines()) {
            lines.add(new Dtos.OrderLineView(line.getProduct().getId(), line.getProduct().getSku(),
                    line.getProduct().getName(), line.getQuantity(), amount(line.getUnitPriceCents(), currency),
                    amount(line.getDiscountCents(), currency)));
        }
        return new Dtos.OrderView(order.getId(), order.getCustomer().getId(), order.getStatus().name(),
                order.getPlacedAt(), order.getCountry(), currency.getCurrencyCode(),
                amount(order.getSubtotalCents(), currency), amount(order.getDiscountCents(), currency),
                amount(order.getTaxCents(), currency), amount(order.getShippingCents(), currency),
                amount(order.getTotalCents(), currency), lines);
    }

    <T> Dtos.PageOf<T> pageOf(List<T> items, Page<?> page) {
        return new Dtos.PageOf<>(items, page.getNumber() + 1, page.getSize(), page.getTotalElements(),
                page.getTotalPages());
    }

    private Dtos.ProductSummary summary(Product product, CategoryTree tree, Price price, Availability availability,
                                        List<String> tags, SearchScorer.Score score) {
        Category category = product.getCategory();
        List<String> path = tree.byId(category.getId()).map(tree::pathTo).orElse(List.of(category)).stream()
                .map(Category::getName).toList();
        return new Dtos.ProductSummary(product.getId(), product.getSku(), product.getSlug(), product.getName(),
                new Dtos.BrandRef(product.getBrand().getId(), product.getBrand().getName(), product.getBrand().getCountry()),
                new Dtos.CategoryRef(category.getId(), category.getSlug(), category.getName(), path),
                price == null ? null : price(price),
                availability == null ? null : new Dtos.AvailabilityView(availability.status().name(),
                        availability.freeUnits(), availability.shipsInDays(), availability.label()),
                new Dtos.RatingView(product.getRatingAvg(), product.getRatingCount(),
                        RatingSummary.starsOf(product.getRatingAvg().doubleValue())),
                tags, score == null ? null : score.relevance(), score == null ? null : score.snippet());
    }

    private static Dtos.PriceView price(Price price) {
        return new Dtos.PriceView(price.shown().currency().getCurrencyCode(), price.shown().amount(),
                price.discounted() ? price.shownList().amount() : null, price.saleNet().amount(), price.tax().amount(),
                price.taxIncluded(), price.percentOff(), price.formatted(),
                price.promotionCode() == null ? null : new Dtos.PromotionRef(price.promotionCode(), price.promotion()));
    }

    private static BigDecimal amount(long minor, Currency currency) {
        return Money.ofMinor(minor, currency).amount();
    }
}
