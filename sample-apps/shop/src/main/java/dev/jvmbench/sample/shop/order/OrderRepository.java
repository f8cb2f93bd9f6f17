package dev.jvmbench.sample.shop.order;

import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface OrderRepository extends JpaRepository<CustomerOrder, Long> {

    Page<CustomerOrder> findByCustomerId(long customerId, Pageable pageable);

    /** The lines and their products of some orders, in one query (a page of orders then has no N+1). */
    @Query("select distinct o from CustomerOrder o join fetch o.lines l join fetch l.product where o.id in :ids")
    List<CustomerOrder> withLines(@Param("ids") List<Long> ids);

    @EntityGraph(attributePaths = {"customer", "lines", "lines.product"})
    @Query("select o from CustomerOrder o where o.id = :id")
    Optional<CustomerOrder> findDetailed(@Param("id") long id);
}
