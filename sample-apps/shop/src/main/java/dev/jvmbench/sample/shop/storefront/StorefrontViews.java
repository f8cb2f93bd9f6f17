package dev.jvmbench.sample.shop.storefront;

import dev.jvmbench.sample.shop.catalog.BrandFacet;
import dev.jvmbench.sample.shop.catalog.CatalogSort;
import dev.jvmbench.sample.shop.catalog.Category;
import dev.jvmbench.sample.shop.catalog.CategoryTree;
import dev.jvmbench.sample.shop.catalog.PriceRange;
import dev.jvmbench.sample.shop.catalog.Product;
import dev.jvmbench.sample.shop.catalog.RatingBucket;
import dev.jvmbench.sample.shop.catalog.SearchScorer;
import dev.jvmbench.sample.shop.order.Availability;
import dev.jvmbench.sample.shop.pricing.Market;
import dev.jvmbench.sample.shop.pricing.Money;
import dev.jvmbench.sample.shop.pricing.Price;
import dev.jvmbench.sample.shop.review.RatingSummary;
import dev.jvmbench.sample.shop.review.Review;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.data.domain.Page;
import org.springframework.stereotype.Component;
import org.springframework.web.util.UriComponentsBuilder;

/** Turns listings and product details into page models: links, labels and formatted numbers. */
@Component
class StorefrontViews {

    /** Page numbers shown around the current one before an ellipsis. */
    static final int PAGE_WINDOW = 2;

    CatalogPageView catalog(Listing listing) {
        CatalogQuery query = listing.query();
        Category category = listing.category();
        Locale locale = listing.market().locale();
        String heading = category == null ? "All products" : category.getName();
        if (query.hasSearch()) {
            heading = "Results for “" + query.q().strip() + "”" + (category == null ? "" : " in " + category.getName());
        }
        List<LinkView> breadcrumbs = new ArrayList<>();
        breadcrumbs.add(new LinkView("Home", "/catalog", category == null, 0));
        for (Category node : listing.path()) {
            breadcrumbs.add(new LinkView(node.getName(), "/catalog?category=" + node.getSlug(), node == category, 0));
        }
        List<LinkView> subcategories = new ArrayList<>();
        List<Category> below = category == null ? listing.tree().roots() : listing.tree().childrenOf(category);
        for (Category child : below) {
            subcategories.add(new LinkView(child.getName(), link(query).replaceQueryParam("category", child.getSlug())
                    .replaceQueryParam("page").toUriString(), false, 0));
        }
        List<LinkView> brands = new ArrayList<>();
        for (BrandFacet facet : listing.brands()) {
            boolean selected = query.brand().contains(facet.brandId());
            brands.add(new LinkView(facet.name(), link(query).replaceQueryParam("brand", selected ? new Object[0]
                    : new Object[] {facet.brandId()}).replaceQueryParam("page").toUriString(), selected, facet.products()));
        }
        List<LinkView> ratings = new ArrayList<>();
        long atLeast = 0;
        List<RatingBucket> buckets = new ArrayList<>(listing.ratings());
        buckets.sort((a, b) -> Integer.compare(b.stars(), a.stars()));
        for (RatingBucket bucket : buckets) {
            atLeast += bucket.products();
            if (bucket.stars() >= 1 && bucket.stars() <= 4) {
                ratings.add(new LinkView(RatingSummary.starsOf(bucket.stars()) + " & up",
                        link(query).replaceQueryParam("stars", bucket.stars()).replaceQueryParam("page").toUriString(),
                        query.stars() != null && query.stars().equals(bucket.stars()), atLeast));
            }
        }
        List<LinkView> sorts = new ArrayList<>();
        for (CatalogSort sort : CatalogSort.values()) {
            String label = sort == CatalogSort.FEATURED && query.hasSearch() ? "Relevance" : sort.label();
            sorts.add(new LinkView(label, link(query).replaceQueryParam("sort", sort.wireName())
                    .replaceQueryParam("page").toUriString(), sort == listing.sort(), 0));
        }
        Page<Product> page = listing.products();
        List<CardView> cards = new ArrayList<>();
        for (Product product : page.getContent()) {
            cards.add(card(product, listing.prices().get(product.getId()), listing.availability().get(product.getId()),
                    listing.tags().getOrDefault(product.getId(), List.of()), listing.scores().get(product.getId()),
                    listing.topReviews().get(product.getId()), locale));
        }
        List<CardView> bestsellers = new ArrayList<>();
        for (Product product : listing.bestsellers()) {
            bestsellers.add(card(product, listing.prices().get(product.getId()), null, List.of(), null, null, locale));
        }
        NumberFormat count = NumberFormat.getIntegerInstance(locale);
        long first = page.getTotalElements() == 0 ? 0 : page.getPageable().getOffset() + 1;
        long last = page.getPageable().getOffset() + page.getNumberOfElements();
        String summary = page.getTotalElements() == 0 ? "No product matches these filters"
                : "Showing " + count.format(first) + "–" + count.format(last) + " of "
                + count.format(page.getTotalElements()) + " products";
        int current = page.getNumber() + 1;
        LinkView previous = current > 1 ? pageLink(query, current - 1, "‹ Previous", false) : null;
        LinkView next = page.hasNext() ? pageLink(query, current + 1, "Next ›", false) : null;
        return new CatalogPageView(heading + " | Shop", heading,
                category == null ? "Everything the shop sells, from tents to tea." : category.getDescription(),
                breadcrumbs, categoryNav(listing.tree(), category), subcategories, brands, ratings, sorts,
                priceRange(listing.priceRange(), listing.market()), summary, cards, bestsellers,
                pages(query, current, Math.max(1, page.getTotalPages())), previous, next, listing.market().code(),
                query.q() == null ? "" : query.q(), taxNote(listing.market()));
    }

    ProductPageView product(ProductDetail detail, String currentSlug) {
        Product product = detail.product();
        Locale locale = detail.market().locale();
        List<LinkView> breadcrumbs = new ArrayList<>();
        breadcrumbs.add(new LinkView("Home", "/catalog", false, 0));
        for (Category node : detail.path()) {
            breadcrumbs.add(new LinkView(node.getName(), "/catalog?category=" + node.getSlug(), false, 0));
        }
        breadcrumbs.add(new LinkView(product.getName(), null, true, 0));
        Price price = detail.price();
        List<String> paragraphs = new ArrayList<>();
        for (String paragraph : product.getDescription().split("\\n\\s*\\n")) {
            if (!paragraph.isBlank()) {
                paragraphs.add(paragraph.strip());
            }
        }
        List<ProductPageView.Spec> specs = List.of(
                new ProductPageView.Spec("SKU", product.getSku()),
                new ProductPageView.Spec("Brand", product.getBrand().getName()),
                new ProductPageView.Spec("Made in", Locale.of("", product.getBrand().getCountry()).getDisplayCountry(Locale.ENGLISH)),
                new ProductPageView.Spec("Weight", weight(product.getWeightGrams(), locale)),
                new ProductPageView.Spec("Listed since", DateTimeFormatter.ofLocalizedDate(FormatStyle.LONG)
                        .withLocale(locale).format(product.getCreatedAt().atZone(ZoneOffset.UTC))));
        List<ProductPageView.QuantityPrice> quantityPrices = new ArrayList<>();
        for (Map.Entry<Integer, Price> entry : detail.quantityPrices().entrySet()) {
            Price unit = entry.getValue();
            Money saving = price.shown().minus(unit.shown()).times(entry.getKey());
            quantityPrices.add(new ProductPageView.QuantityPrice(entry.getKey(), unit.formatted(),
                    saving.isZero() ? "" : "save " + saving.format(locale)));
        }
        RatingSummary ratings = detail.ratings();
        List<ProductPageView.Bar> histogram = new ArrayList<>();
        for (int stars = 5; stars >= 1; stars--) {
            histogram.add(new ProductPageView.Bar(stars, ratings.countsByStar()[stars - 1], ratings.percentByStar()[stars - 1]));
        }
        DateTimeFormatter date = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(locale);
        List<ProductPageView.ReviewView> reviews = new ArrayList<>();
        for (Review review : detail.reviews().getContent()) {
            reviews.add(new ProductPageView.ReviewView(review.getTitle(), review.getBody(),
                    RatingSummary.starsOf(review.getRating()), review.getCustomer().getDisplayName(),
                    date.format(review.getCreatedAt().atZone(ZoneOffset.UTC)), review.isVerified(), review.getHelpfulVotes()));
        }
        List<LinkView> reviewPages = new ArrayList<>();
        for (int i = 0; i < Math.min(detail.reviews().getTotalPages(), 10); i++) {
            reviewPages.add(new LinkView(Integer.toString(i + 1), "/products/" + currentSlug + "?reviews=" + (i + 1),
                    i == detail.reviews().getNumber(), 0));
        }
        Availability availability = detail.availability();
        return new ProductPageView(product.getName() + " | Shop", breadcrumbs, List.of(), product.getName(),
                product.getBrand().getName(), product.getBrand().getCountry(), product.getSku(), price.formatted(),
                price.discounted() ? price.formattedList() : null, badge(price), price.promotion(),
                availability.label(), cssClass(availability), paragraphs,
                product.getTags().stream().map(t -> t.getName()).sorted().toList(), specs, quantityPrices,
                ratings.stars(), decimal(ratings.mean(), locale), ratings.total(), histogram, reviews, reviewPages,
                cards(detail.similar(), detail, locale), cards(detail.boughtTogether(), detail, locale),
                taxNote(detail.market()));
    }

    private List<CardView> cards(List<Product> products, ProductDetail detail, Locale locale) {
        List<CardView> cards = new ArrayList<>();
        for (Product other : products) {
            cards.add(card(other, detail.prices().get(other.getId()), null, List.of(), null, null, locale));
        }
        return cards;
    }

    private CardView card(Product product, Price price, Availability availability, List<String> tags,
                          SearchScorer.Score score, Review quote, Locale locale) {
        String snippet = score != null ? score.snippet() : shorten(product.getDescription(), 140);
        return new CardView(product.getId(), "/products/" + product.getSlug(), product.getName(),
                product.getBrand().getName(), product.getCategory().getName(), price.formatted(),
                price.discounted() ? price.formattedList() : null, badge(price), price.promotion(),
                availability == null ? null : availability.label(), availability == null ? "" : cssClass(availability),
                RatingSummary.starsOf(product.getRatingAvg().doubleValue()), decimal(product.getRatingAvg().doubleValue(), locale),
                product.getRatingCount(), tags.size() > 4 ? tags.subList(0, 4) : tags, snippet,
                quote == null ? null : "“" + shorten(quote.getTitle(), 60) + "”",
                quote == null ? null : quote.getCustomer().getDisplayName(),
                score == null ? null : String.format(Locale.ROOT, "%.2f", score.relevance()));
    }

    private static List<LinkView> categoryNav(CategoryTree tree, Category current) {
        List<LinkView> nav = new ArrayList<>();
        Long currentRoot = current == null ? null : tree.pathTo(current).getFirst().getId();
        for (Category root : tree.roots()) {
            nav.add(new LinkView(root.getName(), "/catalog?category=" + root.getSlug(), root.getId().equals(currentRoot), 0));
        }
        return nav;
    }

    /** 1 … 4 5 [6] 7 8 … 20 */
    static List<LinkView> pages(CatalogQuery query, int current, int total) {
        List<LinkView> links = new ArrayList<>();
        int from = Math.max(1, current - PAGE_WINDOW);
        int to = Math.min(total, current + PAGE_WINDOW);
        if (from > 1) {
            links.add(pageLink(query, 1, "1", false));
            if (from > 2) {
                links.add(LinkView.gap());
            }
        }
        for (int i = from; i <= to; i++) {
            links.add(pageLink(query, i, Integer.toString(i), i == current));
        }
        if (to < total) {
            if (to < total - 1) {
                links.add(LinkView.gap());
            }
            links.add(pageLink(query, total, Integer.toString(total), false));
        }
        return links;
    }

    private static LinkView pageLink(CatalogQuery query, int page, String label, boolean active) {
        return new LinkView(label, link(query).replaceQueryParam("page", page).toUriString(), active, 0);
    }

    /** The current listing's URL, to which a facet or page link changes one parameter. */
    static UriComponentsBuilder link(CatalogQuery query) {
        UriComponentsBuilder builder = UriComponentsBuilder.fromPath("/catalog");
        if (query.category() != null && !query.category().isBlank()) {
            builder.queryParam("category", query.category());
        }
        if (query.hasSearch()) {
            builder.queryParam("q", query.q().strip());
        }
        for (Long brand : query.brand()) {
            builder.queryParam("brand", brand);
        }
        if (query.minPrice() != null) {
            builder.queryParam("minPrice", query.minPrice());
        }
        if (query.maxPrice() != null) {
            builder.queryParam("maxPrice", query.maxPrice());
        }
        if (query.stars() != null) {
            builder.queryParam("stars", query.stars());
        }
        if (query.inStockOnly()) {
            builder.queryParam("inStock", true);
        }
        if (query.sort() != null && !query.sort().isBlank()) {
            builder.queryParam("sort", query.sort());
        }
        if (query.country() != null && !query.country().isBlank()) {
            builder.queryParam("country", query.country());
        }
        if (query.page() != null) {
            builder.queryParam("page", query.page());
        }
        return builder.encode();
    }

    private static String priceRange(PriceRange range, Market market) {
        if (range == null || range.minCents() == null) {
            return "";
        }
        Money low = new Money(BigDecimal.valueOf(range.minCents(), 2).multiply(market.rateFromEuro()), market.currency());
        Money high = new Money(BigDecimal.valueOf(range.maxCents(), 2).multiply(market.rateFromEuro()), market.currency());
        return "from " + low.format(market.locale()) + " to " + high.format(market.locale()) + " before tax";
    }

    private static String badge(Price price) {
        if (!price.discounted()) {
            return null;
        }
        return "−" + price.percentOff().setScale(0, RoundingMode.HALF_UP).toPlainString() + " %";
    }

    private static String cssClass(Availability availability) {
        return switch (availability.status()) {
            case IN_STOCK -> "stock-ok";
            case LOW_STOCK -> "stock-low";
            case BACKORDER -> "stock-backorder";
            case UNAVAILABLE -> "stock-none";
        };
    }

    private static String taxNote(Market market) {
        return market.pricesIncludeTax() ? "Prices include VAT." : "Prices exclude sales tax.";
    }

    private static String weight(int grams, Locale locale) {
        NumberFormat format = NumberFormat.getNumberInstance(locale);
        format.setMaximumFractionDigits(2);
        return grams >= 1000 ? format.format(grams / 1000.0) + " kg" : format.format(grams) + " g";
    }

    private static String decimal(double value, Locale locale) {
        NumberFormat format = NumberFormat.getNumberInstance(locale);
        format.setMinimumFractionDigits(1);
        format.setMaximumFractionDigits(1);
        return format.format(value);
    }

    static String shorten(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int cut = text.lastIndexOf(' ', max - 1);
        return text.substring(0, cut > max / 2 ? cut : max - 1).stripTrailing() + "…";
    }
}
