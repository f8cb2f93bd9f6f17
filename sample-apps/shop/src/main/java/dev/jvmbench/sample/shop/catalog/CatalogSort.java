package dev.jvmbench.sample.shop.catalog;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.springframework.data.domain.Sort;

/** The orders a listing offers, with their wire names ({@code ?sort=price-asc}). */
public enum CatalogSort {
    FEATURED("featured", "Featured", Sort.by("featuredRank", "id")),
    PRICE_ASC("price-asc", "Price: low to high", Sort.by("priceCents", "id")),
    PRICE_DESC("price-desc", "Price: high to low", Sort.by(Sort.Order.desc("priceCents"), Sort.Order.asc("id"))),
    RATING("rating", "Customer rating", Sort.by(Sort.Order.desc("ratingAvg"), Sort.Order.desc("ratingCount"), Sort.Order.asc("id"))),
    NEWEST("newest", "Newest", Sort.by(Sort.Order.desc("createdAt"), Sort.Order.asc("id")));

    private final String wireName;
    private final String label;
    private final Sort sort;

    CatalogSort(String wireName, String label, Sort sort) {
        this.wireName = wireName;
        this.label = label;
        this.sort = sort;
    }

    public String wireName() {
        return wireName;
    }

    public String label() {
        return label;
    }

    public Sort sort() {
        return sort;
    }

    public static Optional<CatalogSort> fromWireName(String name) {
        if (name == null || name.isBlank()) {
            return Optional.of(FEATURED);
        }
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(s -> s.wireName.equals(wanted)).findFirst();
    }
}
