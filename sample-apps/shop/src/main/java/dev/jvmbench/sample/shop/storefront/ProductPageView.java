package dev.jvmbench.sample.shop.storefront;

import java.util.List;

/** The product page's model. */
public record ProductPageView(String title, List<LinkView> breadcrumbs, List<LinkView> categoryNav, String name,
                       String brand, String brandCountry, String sku, String price, String listPrice, String badge,
                       String promotion, String availability, String availabilityClass, List<String> paragraphs,
                       List<String> tags, List<Spec> specs, List<QuantityPrice> quantityPrices, String stars,
                       String rating, long ratingCount, List<Bar> histogram, List<ReviewView> reviews,
                       List<LinkView> reviewPages, List<CardView> similar, List<CardView> boughtTogether,
                       String taxNote) {

    public record Spec(String name, String value) {
    }

    public record QuantityPrice(int quantity, String unitPrice, String saving) {
    }

    public record Bar(int stars, long count, int percent) {
    }

    public record ReviewView(String title, String body, String stars, String author, String date, boolean verified,
                      int helpful) {
    }
}
