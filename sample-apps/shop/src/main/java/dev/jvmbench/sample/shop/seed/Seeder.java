package dev.jvmbench.sample.shop.seed;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Fills an empty database with {@link SeedData} at start-up, in one transaction, before the app
 * reports ready (runners run before the readiness state turns to accepting traffic). A
 * database that has products is left as it is.
 */
@Component
class Seeder implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(Seeder.class);
    private static final int BATCH = 1000;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final SeedProperties properties;
    private final Clock clock;

    Seeder(JdbcTemplate jdbc, TransactionTemplate transaction, SeedProperties properties, Clock clock) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.properties = properties;
        this.clock = clock;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (!properties.enabled()) {
            return;
        }
        Integer existing = jdbc.queryForObject("SELECT count(*) FROM product", Integer.class);
        if (existing != null && existing > 0) {
            log.info("The database already holds {} products: not seeding", existing);
            return;
        }
        long start = System.nanoTime();
        SeedData data = SeedData.generate(properties, LocalDate.now(clock.withZone(ZoneOffset.UTC)));
        transaction.executeWithoutResult(status -> write(data));
        jdbc.execute("ANALYZE");
        log.info("Seeded {} products, {} customers, {} orders ({} lines), {} reviews, {} promotions in {} ms",
                data.products.size(), data.customers.size(), data.orders.size(), data.orderLines.size(),
                data.reviews.size(), data.promotions.size(), (System.nanoTime() - start) / 1_000_000);
    }

    private void write(SeedData data) {
        insert("INSERT INTO category (id, slug, name, description, parent_id, tax_class, position) VALUES (?, ?, ?, ?, ?, ?, ?)",
                data.categories);
        insert("INSERT INTO brand (id, name, country) VALUES (?, ?, ?)", data.brands);
        insert("INSERT INTO tag (id, name) VALUES (?, ?)", data.tags);
        insert("""
                INSERT INTO product (id, sku, slug, name, description, category_id, brand_id, price_cents, stock,
                                     weight_grams, active, featured_rank, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", data.products);
        insert("INSERT INTO product_tag (product_id, tag_id) VALUES (?, ?)", data.productTags);
        insert("""
                INSERT INTO customer (id, email, first_name, last_name, tier, street, city, postal_code, country, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", data.customers);
        insert("""
                INSERT INTO customer_order (id, customer_id, status, placed_at, country, subtotal_cents, discount_cents,
                                            tax_cents, shipping_cents, total_cents)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", data.orders);
        insert("""
                INSERT INTO order_line (id, order_id, product_id, quantity, unit_price_cents, discount_cents)
                VALUES (?, ?, ?, ?, ?, ?)""", data.orderLines);
        insert("""
                INSERT INTO review (id, product_id, customer_id, rating, title, body, helpful_votes, verified, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""", data.reviews);
        insert("""
                INSERT INTO promotion (id, code, label, category_id, brand_id, percent_off, min_quantity, valid_from, valid_until)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""", data.promotions);
        // the denormalised rating every listing sorts by
        jdbc.update("""
                UPDATE product p SET rating_avg = r.avg, rating_count = r.count
                FROM (SELECT product_id, round(avg(rating), 2) AS avg, count(*) AS count FROM review GROUP BY product_id) r
                WHERE r.product_id = p.id""");
        // ids were given explicitly: new rows continue after them
        for (String table : List.of("category", "brand", "tag", "product", "customer", "customer_order", "order_line",
                "review", "promotion")) {
            jdbc.execute("SELECT setval(pg_get_serial_sequence('" + table + "', 'id'), "
                    + "(SELECT coalesce(max(id), 0) + 1 FROM " + table + "), false)");
        }
    }

    private void insert(String sql, List<Object[]> rows) {
        for (int from = 0; from < rows.size(); from += BATCH) {
            jdbc.batchUpdate(sql, rows.subList(from, Math.min(rows.size(), from + BATCH)));
        }
    }
}
