package dev.jvmbench.sample.shop.storefront;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * A listing request, as the catalogue page and {@code GET /api/products} take it from the query
 * string: {@code ?category=outdoor&brand=3&minPrice=20&maxPrice=200&stars=4&inStock=true&sort=price-asc&page=2}.
 * Prices are whole units of the market's currency; pages count from 1.
 */
public record CatalogQuery(
        @Size(max = 80) @Pattern(regexp = "[a-z0-9-]*", message = "must be a category slug (a-z, 0-9, -)") String category,
        @Size(max = 100) String q,
        @Min(1) @Max(1000) Integer page,
        @Min(1) @Max(96) Integer size,
        @Size(max = 20) String sort,
        @Size(max = 20) List<@Positive Long> brand,
        @PositiveOrZero @Max(1_000_000) Long minPrice,
        @PositiveOrZero @Max(1_000_000) Long maxPrice,
        @Min(1) @Max(5) Integer stars,
        Boolean inStock,
        @Pattern(regexp = "[A-Za-z]{2}", message = "must be a two-letter country code") String country) {

    public static final int DEFAULT_SIZE = 24;

    public CatalogQuery {
        brand = brand == null ? List.of() : List.copyOf(brand);
    }

    public int pageOrFirst() {
        return page == null ? 1 : page;
    }

    public int sizeOrDefault() {
        return size == null ? DEFAULT_SIZE : size;
    }

    public boolean inStockOnly() {
        return Boolean.TRUE.equals(inStock);
    }

    public boolean hasSearch() {
        return q != null && !q.isBlank();
    }
}
