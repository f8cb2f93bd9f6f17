package dev.jvmbench.sample.shop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.database.EmbeddedPostgres;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.DefaultApplicationArguments;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The shop as the platform runs it: a real PostgreSQL named by the BENCH_UPSTREAM_DB_* settings,
 * Flyway, the seed at start-up (a small one: the test is about behaviour, not volume), and the
 * pages over real HTTP.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"shop.seed.brands=12", "shop.seed.products=300", "shop.seed.customers=200",
                "shop.seed.orders=600", "shop.seed.reviews=900", "shop.seed.promotions=10"})
class ShopApplicationTest {

    @TempDir
    static Path home;
    static EmbeddedPostgres postgres;

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    ApplicationContext context;

    private final HttpClient http = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        postgres = EmbeddedPostgres.start(home.resolve("db"),
                Path.of(System.getProperty("user.home"), ".cache/jvmbench/pg-binaries"), 0, true);
        // the names the platform gives an uploaded app (worker AppContainers): the app reads exactly these
        registry.add("BENCH_UPSTREAM_DB_URL", postgres::jdbcUrl);
        registry.add("BENCH_UPSTREAM_DB_USER", postgres::user);
        registry.add("BENCH_UPSTREAM_DB_PASSWORD", postgres::password);
    }

    @AfterAll
    static void stop() {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void theCataloguePageListsSeededProductsFilteredAndSorted() throws Exception {
        HttpResponse<String> page = get("/catalog");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(page.body()).contains("/products/");

        String category = jdbc.queryForObject("SELECT slug FROM category WHERE parent_id IS NULL ORDER BY position LIMIT 1",
                String.class);
        HttpResponse<String> filtered = get("/catalog?category=" + category + "&sort=price-asc&inStock=true&country=DE&page=1");
        assertThat(filtered.statusCode()).isEqualTo(200);
        assertThat(filtered.body()).contains("/products/");

        HttpResponse<String> search = get("/catalog?q=pro&sort=featured");
        assertThat(search.statusCode()).isEqualTo(200);
    }

    @Test
    void aProductPageShowsTheProduct() throws Exception {
        String slug = jdbc.queryForObject("SELECT slug FROM product WHERE active ORDER BY id LIMIT 1", String.class);
        String name = jdbc.queryForObject("SELECT name FROM product WHERE slug = ?", String.class, slug);
        HttpResponse<String> page = get("/products/" + slug);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains(org.springframework.web.util.HtmlUtils.htmlEscape(name));
    }

    @Test
    void badInputIsAClientErrorNeverA500() throws Exception {
        assertThat(get("/catalog?sort=cheapest").statusCode()).isEqualTo(400);
        assertThat(get("/catalog?page=0").statusCode()).isEqualTo(400);
        assertThat(get("/catalog?category=no-such-category").statusCode()).isEqualTo(404);
        assertThat(get("/catalog?minPrice=50&maxPrice=10").statusCode()).isEqualTo(400);
        assertThat(get("/products/no-such-product").statusCode()).isEqualTo(404);
        HttpResponse<String> api = get("/api/products?sort=cheapest");
        assertThat(api.statusCode()).isEqualTo(400);
        assertThat(api.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    @Test
    void theJsonApiListsProducts() throws Exception {
        HttpResponse<String> products = get("/api/products?sort=rating&size=5");
        assertThat(products.statusCode()).isEqualTo(200);
        assertThat(products.body()).startsWith("{");
    }

    @Test
    void seedingAgainLeavesTheDatabaseAsItIs() throws Exception {
        long before = jdbc.queryForObject("SELECT count(*) FROM product", Long.class);
        assertThat(before).isEqualTo(300);
        // the app's start-up runners (the seeder among them) once more, as a restart on the same database would
        for (ApplicationRunner runner : context.getBeansOfType(ApplicationRunner.class).values()) {
            runner.run(new DefaultApplicationArguments());
        }
        assertThat(jdbc.queryForObject("SELECT count(*) FROM product", Long.class)).isEqualTo(before);
    }

    @Test
    void readinessIsUp() throws Exception {
        HttpResponse<String> ready = get("/actuator/health/readiness");
        assertThat(ready.statusCode()).isEqualTo(200);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
