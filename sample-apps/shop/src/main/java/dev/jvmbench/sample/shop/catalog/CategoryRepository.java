package dev.jvmbench.sample.shop.catalog;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface CategoryRepository extends JpaRepository<Category, Long> {

    Optional<Category> findBySlug(String slug);

    /** The whole tree in display order; the tree is small (tens of nodes) and read on every page. */
    @Query("select c from Category c order by c.position, c.name")
    List<Category> findAllInOrder();
}
