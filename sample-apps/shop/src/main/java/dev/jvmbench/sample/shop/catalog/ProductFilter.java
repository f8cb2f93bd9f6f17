package dev.jvmbench.sample.shop.catalog;

import jakarta.persistence.criteria.Predicate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.springframework.data.jpa.domain.Specification;

/**
 * What a listing shows: products of some categories, optionally of some brands, in a price band,
 * rated at least so many stars, in stock, and whose name or description holds every search term.
 * Built into a JPA Criteria query.
 */
public record ProductFilter(Collection<Long> categoryIds, Collection<Long> brandIds, Long minCents, Long maxCents,
                            Integer minStars, boolean inStockOnly, List<String> terms) {

    public ProductFilter {
        categoryIds = categoryIds == null ? List.of() : List.copyOf(categoryIds);
        brandIds = brandIds == null ? List.of() : List.copyOf(brandIds);
        terms = terms == null ? List.of() : List.copyOf(terms);
    }

    public Specification<Product> toSpecification() {
        return (root, query, cb) -> {
            List<Predicate> predicates = new ArrayList<>();
            predicates.add(cb.isTrue(root.get("active")));
            if (!categoryIds.isEmpty()) {
                predicates.add(root.get("category").get("id").in(categoryIds));
            }
            if (!brandIds.isEmpty()) {
                predicates.add(root.get("brand").get("id").in(brandIds));
            }
            if (minCents != null) {
                predicates.add(cb.greaterThanOrEqualTo(root.get("priceCents"), minCents));
            }
            if (maxCents != null) {
                predicates.add(cb.lessThanOrEqualTo(root.get("priceCents"), maxCents));
            }
            if (minStars != null) {
                predicates.add(cb.greaterThanOrEqualTo(root.get("ratingAvg"), java.math.BigDecimal.valueOf(minStars)));
            }
            if (inStockOnly) {
                predicates.add(cb.greaterThan(root.get("stock"), 0));
            }
            for (String term : terms) {
                String pattern = "%" + escapeLike(term) + "%";
                predicates.add(cb.or(cb.like(cb.lower(root.get("name")), pattern, '\\'),
                        cb.like(cb.lower(root.get("description")), pattern, '\\')));
            }
            return cb.and(predicates.toArray(Predicate[]::new));
        };
    }

    private static String escapeLike(String term) {
        return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
