package dev.jvmbench.sample.shop.pricing;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface PromotionRepository extends JpaRepository<Promotion, Long> {

    /** Promotions running at {@code now} that may apply to these categories or brands. */
    @Query("""
            select p from Promotion p
            where p.validFrom <= :now and p.validUntil > :now
              and (p.category.id in :categoryIds or p.brand.id in :brandIds)
            order by p.percentOff desc, p.id""")
    List<Promotion> running(@Param("now") Instant now, @Param("categoryIds") Collection<Long> categoryIds,
                            @Param("brandIds") Collection<Long> brandIds);
}
