package dev.jvmbench.sample.shop.review;

import java.util.Collection;
import java.util.List;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface ReviewRepository extends JpaRepository<Review, Long> {

    @EntityGraph(attributePaths = "customer")
    Page<Review> findByProductId(long productId, Pageable pageable);

    @Query("""
            select new dev.jvmbench.sample.shop.review.StarCount(cast(r.rating as integer), count(r))
            from Review r where r.product.id = :productId group by r.rating""")
    List<StarCount> starCounts(@Param("productId") long productId);

    /** The most helpful review of each product, for listing cards ("'Great tent' — Jane D."). */
    @EntityGraph(attributePaths = "customer")
    @Query("""
            select r from Review r where r.product.id in :productIds and r.helpfulVotes = (
                select max(r2.helpfulVotes) from Review r2 where r2.product.id = r.product.id)
            order by r.product.id, r.id""")
    List<Review> mostHelpful(@Param("productIds") Collection<Long> productIds);

    boolean existsByProductIdAndCustomerId(long productId, long customerId);
}
