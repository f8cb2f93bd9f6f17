package dev.jvmbench.sample.shop.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** The JSON API's response bodies: records, never entities. */
final class Dtos {

    private Dtos() {
    }

    record PageOf<T>(List<T> items, int page, int size, long totalItems, int totalPages) {
    }

    record BrandRef(long id, String name, String country) {
    }

    record CategoryRef(long id, String slug, String name, List<String> path) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record PriceView(String currency, BigDecimal amount, BigDecimal listAmount, BigDecimal net, BigDecimal tax,
                     boolean taxIncluded, BigDecimal percentOff, String formatted, PromotionRef promotion) {
    }

    record PromotionRef(String code, String label) {
    }

    record AvailabilityView(String status, int freeUnits, int shipsInDays, String label) {
    }

    record RatingView(BigDecimal average, int count, String stars) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ProductSummary(long id, String sku, String slug, String name, BrandRef brand, CategoryRef category,
                          PriceView price, AvailabilityView availability, RatingView rating, List<String> tags,
                          Double relevance, String snippet) {
    }

    record Facet(long id, String name, long products) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Listing(PageOf<ProductSummary> products, List<Facet> brands, String market, String sort,
                   List<ProductSummary> bestsellers) {
    }

    record ReviewView(long id, int rating, String title, String body, String author, boolean verified,
                      int helpfulVotes, Instant createdAt) {
    }

    record RatingHistogram(double mean, double weighted, long total, List<Long> countsByStar,
                           List<Integer> percentByStar) {
    }

    record QuantityPrice(int quantity, PriceView unitPrice) {
    }

    record ProductDetail(ProductSummary product, String description, int weightGrams, List<QuantityPrice> quantityPrices,
                         RatingHistogram ratings, PageOf<ReviewView> reviews, List<ProductSummary> similar,
                         List<ProductSummary> boughtTogether) {
    }

    record CategoryNode(long id, String slug, String name, String taxClass, List<CategoryNode> children) {
    }

    record QuoteLine(long productId, String sku, String name, int quantity, PriceView unitPrice, BigDecimal lineNet,
                     BigDecimal lineDiscount, BigDecimal lineTax) {
    }

    record QuoteView(String market, String currency, List<QuoteLine> lines, BigDecimal subtotal, BigDecimal discount,
                     BigDecimal tax, BigDecimal shipping, BigDecimal total, int weightGrams, String formattedTotal) {
    }

    record OrderLineView(long productId, String sku, String name, int quantity, BigDecimal unitPrice, BigDecimal discount) {
    }

    record OrderView(long id, long customerId, String status, Instant placedAt, String country, String currency,
                     BigDecimal subtotal, BigDecimal discount, BigDecimal tax, BigDecimal shipping, BigDecimal total,
                     List<OrderLineView> lines) {
    }
}
