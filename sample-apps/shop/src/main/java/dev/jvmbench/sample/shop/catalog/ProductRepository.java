package dev.jvmbench.sample.shop.catalog;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.domain.Specification;
import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface ProductRepository extends JpaRepository<Product, Long>, JpaSpecificationExecutor<Product> {

    /** A listing page: brand and category come in the same query, tags separately ({@link #tagsOf}). */
    @Override
    @EntityGraph(attributePaths = {"brand", "category"})
    Page<Product> findAll(Specification<Product> spec, Pageable pageable);

    @EntityGraph(attributePaths = {"brand", "category", "category.parent", "tags"})
    Optional<Product> findBySlug(String slug);

    @EntityGraph(attributePaths = {"brand", "category", "tags"})
    @Query("select p from Product p where p.id = :id")
    Optional<Product> findDetailed(@Param("id") long id);

    @EntityGraph(attributePaths = {"brand", "category"})
    @Query("select p from Product p where p.id in :ids")
    List<Product> findAllWithBrand(@Param("ids") Collection<Long> ids);

    @Query("""
            select new dev.jvmbench.sample.shop.catalog.ProductTag(p.id, t.name)
            from Product p join p.tags t where p.id in :ids order by t.name""")
    List<ProductTag> tagsOf(@Param("ids") Collection<Long> ids);

    /** Brands of the active products in these categories within a price band, most products first. */
    @Query("""
            select new dev.jvmbench.sample.shop.catalog.BrandFacet(b.id, b.name, count(p))
            from Product p join p.brand b
            where p.category.id in :categoryIds and p.active = true
              and p.priceCents between :minCents and :maxCents
            group by b.id, b.name order by count(p) desc, b.name""")
    List<BrandFacet> brandFacets(@Param("categoryIds") Collection<Long> categoryIds,
                                 @Param("minCents") long minCents, @Param("maxCents") long maxCents);

    @Query("""
            select new dev.jvmbench.sample.shop.catalog.PriceRange(min(p.priceCents), max(p.priceCents), count(p))
            from Product p where p.category.id in :categoryIds and p.active = true""")
    PriceRange priceRange(@Param("categoryIds") Collection<Long> categoryIds);

    /** How many active products have at least each whole star rating (bucketed by floor). */
    @Query("""
            select new dev.jvmbench.sample.shop.catalog.RatingBucket(cast(floor(p.ratingAvg) as integer), count(p))
            from Product p where p.category.id in :categoryIds and p.active = true and p.ratingCount > 0
            group by cast(floor(p.ratingAvg) as integer)""")
    List<RatingBucket> ratingBuckets(@Param("categoryIds") Collection<Long> categoryIds);

    /** Products of the same category in a similar price band, best rated first. */
    @EntityGraph(attributePaths = {"brand", "category"})
    @Query("""
            select p from Product p
            where p.category.id = :categoryId and p.id <> :excludedId and p.active = true
              and p.priceCents between :minCents and :maxCents
            order by p.ratingAvg desc, p.ratingCount desc, p.id""")
    List<Product> similar(@Param("categoryId") long categoryId, @Param("excludedId") long excludedId,
                          @Param("minCents") long minCents, @Param("maxCents") long maxCents, Pageable limit);
}
