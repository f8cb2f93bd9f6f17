package dev.jvmbench.sample.shop.order;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface OrderLineRepository extends JpaRepository<OrderLine, Long> {

    /** Units of each product held by orders not yet shipped. */
    @Query("""
            select new dev.jvmbench.sample.shop.order.UnitsByProduct(l.product.id, sum(l.quantity))
            from OrderLine l join l.order o
            where l.product.id in :productIds and o.status in :statuses
            group by l.product.id""")
    List<UnitsByProduct> unitsHeld(@Param("productIds") Collection<Long> productIds,
                                   @Param("statuses") Collection<OrderStatus> statuses);

    /** The products of these categories sold the most units since {@code since}. */
    @Query("""
            select new dev.jvmbench.sample.shop.order.UnitsByProduct(p.id, sum(l.quantity))
            from OrderLine l join l.order o join l.product p
            where p.category.id in :categoryIds and o.placedAt >= :since and o.status <> :cancelled
            group by p.id order by sum(l.quantity) desc, p.id""")
    List<UnitsByProduct> bestsellers(@Param("categoryIds") Collection<Long> categoryIds,
                                     @Param("since") Instant since, @Param("cancelled") OrderStatus cancelled,
                                     Pageable limit);

    /** Products most often in the same orders as {@code productId}. */
    @Query("""
            select new dev.jvmbench.sample.shop.order.UnitsByProduct(other.product.id, count(distinct other.order.id))
            from OrderLine mine, OrderLine other
            where mine.product.id = :productId and other.order.id = mine.order.id
              and other.product.id <> :productId
            group by other.product.id order by count(distinct other.order.id) desc, other.product.id""")
    List<UnitsByProduct> boughtTogether(@Param("productId") long productId, Pageable limit);
}
