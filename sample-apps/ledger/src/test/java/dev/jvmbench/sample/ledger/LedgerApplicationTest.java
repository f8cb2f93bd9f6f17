package dev.jvmbench.sample.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.database.EmbeddedPostgres;
import jakarta.persistence.EntityManagerFactory;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.YearMonth;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import javax.sql.DataSource;
import org.hibernate.SessionFactory;
import org.hibernate.stat.Statistics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.DefaultApplicationArguments;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The ledger as the platform runs it: a real PostgreSQL named by the BENCH_UPSTREAM_DB_* settings,
 * Flyway, the seed and the read model at start-up (small ones: the test is about behaviour, not
 * volume), and the endpoints over real HTTP.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"ledger.seed.accounts=100", "ledger.seed.entries=20000", "ledger.read-model.megabytes=4",
                "spring.jpa.properties.hibernate.generate_statistics=true"})
class LedgerApplicationTest {

    @TempDir
    static Path home;
    static EmbeddedPostgres postgres;

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    DataSource dataSource;
    @Autowired
    EntityManagerFactory entityManagerFactory;
    @Autowired
    ApplicationContext context;
    @Autowired
    Clock clock;

    private final HttpClient http = HttpClient.newHttpClient();
    private final JsonMapper json = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

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
    void theJsonStatementAddsUpToTheJournal() throws Exception {
        BusyMonth busy = busiestMonth();
        JsonNode statement = json(get("/api/accounts/" + busy.accountId + "/statement?month=" + busy.month), 200);

        BigDecimal opening = statement.get("opening").decimalValue();
        BigDecimal running = opening;
        for (JsonNode line : statement.get("lines")) {
            running = running.add(line.get("amount").decimalValue());
            assertThat(line.get("balance").decimalValue()).isEqualByComparingTo(running);
        }
        assertThat(statement.get("lines")).hasSize(busy.entries);
        assertThat(statement.get("closing").decimalValue()).isEqualByComparingTo(running);
        // the opening balance comes from the in-memory snapshots, the lines from the database: both agree with the journal
        assertThat(opening).isEqualByComparingTo(journalSumBefore(busy.accountId, busy.month, statement));
        assertThat(running).isEqualByComparingTo(journalSumBefore(busy.accountId, busy.month.plusMonths(1), statement));
        assertThat(statement.get("mainCounterparties")).isNotEmpty();
    }

    @Test
    void theHtmlStatementShowsTheSameTotals() throws Exception {
        BusyMonth busy = busiestMonth();
        JsonNode statement = json(get("/api/accounts/" + busy.accountId + "/statement?month=" + busy.month), 200);
        HttpResponse<String> page = get("/accounts/" + busy.accountId + "/statement?month=" + busy.month);

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        String closing = String.format(java.util.Locale.ROOT, "%,." + statement.get("closing").decimalValue().scale() + "f",
                statement.get("closing").decimalValue()) + " " + statement.get("currency").asString();
        assertThat(page.body()).contains(statement.get("iban").asString(), busy.entries + " transactions", closing);
        assertThat(page.body().split("<td class=\"num balance\">", -1)).hasSize(busy.entries + 1);
    }

    @Test
    void aStatementPageTakesAHandfulOfQueriesNotOnePerLine() throws Exception {
        BusyMonth busy = busiestMonth();
        assertThat(busy.entries).as("a page long enough to show N+1").isGreaterThanOrEqualTo(60);
        Statistics statistics = entityManagerFactory.unwrap(SessionFactory.class).getStatistics();
        statistics.clear();

        assertThat(get("/accounts/" + busy.accountId + "/statement?month=" + busy.month).statusCode()).isEqualTo(200);

        // account, holder, branch, the holder's accounts, the entries, their transfers 32 at a time
        long statements = statistics.getPrepareStatementCount();
        assertThat(statements).isLessThanOrEqualTo(5 + (busy.entries + 31) / 32).isLessThan(busy.entries / 5);
        assertThat(statistics.getEntityFetchCount()).isLessThan(busy.entries / 5);
    }

    @Test
    void aTransferMovesMoneyAndBothStatementsShowIt() throws Exception {
        long[] pair = twoAccountsOfOneCurrency();
        long fromBefore = balance(pair[0]);
        long toBefore = balance(pair[1]);
        String currency = jdbc.queryForObject("SELECT currency FROM account WHERE id = ?", String.class, pair[0]);

        JsonNode receipt = json(post(transfer(pair[0], pair[1], "12.34", currency, "Rent")), 201);

        assertThat(balance(pair[0])).isEqualTo(fromBefore - 1234);
        assertThat(balance(pair[1])).isEqualTo(toBefore + 1234);
        String reference = receipt.get("reference").asString();
        for (int side = 0; side < 2; side++) {
            JsonNode statement = json(get("/api/accounts/" + pair[side] + "/statement"), 200);
            assertThat(statement.get("month").asString()).isEqualTo(YearMonth.now(clock).toString());
            JsonNode line = findLine(statement, reference);
            assertThat(line.get("amount").decimalValue()).isEqualByComparingTo(side == 0 ? "-12.34" : "12.34");
            assertThat(line.get("description").asString()).isEqualTo("Rent");
            // this month's closing balance is the account's balance
            assertThat(statement.get("closing").decimalValue().movePointRight(2).longValueExact()).isEqualTo(balance(pair[side]));
            assertThat(get("/accounts/" + pair[side] + "/statement").body()).contains(reference);
        }
    }

    @Test
    void aConcurrentUpdateOfTheAccountAnswers409AndBooksNothing() throws Exception {
        long[] pair = twoAccountsOfOneCurrency();
        String currency = jdbc.queryForObject("SELECT currency FROM account WHERE id = ?", String.class, pair[0]);
        List<Map<String, Object>> sumsBefore = balancesByCurrency();
        long entriesBefore = jdbc.queryForObject("SELECT count(*) FROM entry", Long.class);

        HttpResponse<String> answer;
        try (Connection backOffice = dataSource.getConnection(); Statement sql = backOffice.createStatement()) {
            // another writer changes the payer's account and holds its row until we let it commit
            backOffice.setAutoCommit(false);
            sql.executeUpdate("UPDATE account SET overdraft_limit_cents = overdraft_limit_cents + 100, version = version + 1"
                    + " WHERE id = " + pair[0]);
            CompletableFuture<HttpResponse<String>> transfer = CompletableFuture.supplyAsync(() -> {
                try {
                    return post(transfer(pair[0], pair[1], "5.00", currency, null));
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            // the transfer read the account's old version and now waits to write it
            awaitAnUpdateBlockedOnALock();
            backOffice.commit();
            answer = transfer.get();
        }

        assertThat(answer.statusCode()).isEqualTo(409);
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(json.readTree(answer.body()).get("title").asString()).isEqualTo("Conflict");
        assertThat(balancesByCurrency()).isEqualTo(sumsBefore);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM entry", Long.class)).isEqualTo(entriesBefore);
        // in double entry every currency's balances sum to zero (no transfer here changed currency)
        assertThat(sumsBefore).allSatisfy(row -> assertThat(((Number) row.get("total")).longValue()).isZero());
    }

    @Test
    void badInputIsA400ProblemNeverA500() throws Exception {
        long[] pair = twoAccountsOfOneCurrency();
        String currency = jdbc.queryForObject("SELECT currency FROM account WHERE id = ?", String.class, pair[0]);
        List<String> bodies = List.of(
                "{}",
                "{\"from\": " + pair[0] + ", \"to\": " + pair[1] + ", \"amount\": -5, \"currency\": \"" + currency + "\"}",
                "{\"from\": " + pair[0] + ", \"to\": " + pair[1] + ", \"amount\": 5, \"currency\": \"XXX\"}",
                "{\"from\": " + pair[0] + ", \"to\": " + pair[1] + ", \"amount\": 5, \"currency\": \"eur\"}",
                "{\"from\": " + pair[0] + ", \"to\": " + pair[0] + ", \"amount\": 5, \"currency\": \"" + currency + "\"}",
                "{\"from\": " + pair[0] + ", \"to\": " + pair[1] + ", \"amount\": 5.001, \"currency\": \"" + currency + "\"}",
                "{\"from\": \"one\", \"to\": " + pair[1] + ", \"amount\": 5, \"currency\": \"" + currency + "\"}",
                "{\"from\": " + pair[0] + ", \"to\": ");
        for (String body : bodies) {
            HttpResponse<String> answer = post(body);
            assertThat(answer.statusCode()).as(body).isEqualTo(400);
            assertThat(answer.headers().firstValue("Content-Type")).as(body).hasValue("application/problem+json");
        }
        JsonNode missing = json.readTree(post("{}").body());
        assertThat(missing.get("errors").toString()).contains("from", "to", "amount", "currency");

        assertThat(get("/api/accounts/abc/statement").statusCode()).isEqualTo(400);
        assertThat(get("/api/accounts/1/statement?month=2025-13").statusCode()).isEqualTo(400);
        assertThat(get("/api/accounts/1/statement?month=1999-12").statusCode()).isEqualTo(400);
        assertThat(get("/accounts/1/statement?month=June").statusCode()).isEqualTo(400);
        assertThat(get("/accounts/abc/statement").statusCode()).isEqualTo(400);
    }

    @Test
    void anUnknownAccountIs404() throws Exception {
        HttpResponse<String> api = get("/api/accounts/999999/statement?month=2025-06");
        assertThat(api.statusCode()).isEqualTo(404);
        assertThat(api.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        HttpResponse<String> page = get("/accounts/999999/statement?month=2025-06");
        assertThat(page.statusCode()).isEqualTo(404);
        assertThat(page.body()).contains("account 999999 does not exist");
        long[] pair = twoAccountsOfOneCurrency();
        String currency = jdbc.queryForObject("SELECT currency FROM account WHERE id = ?", String.class, pair[0]);
        assertThat(post(transfer(999_999, pair[1], "1.00", currency, null)).statusCode()).isEqualTo(404);
        assertThat(post(transfer(pair[0], 999_999, "1.00", currency, null)).statusCode()).isEqualTo(404);
    }

    @Test
    void aTransferPastTheOverdraftLimitIsRefused() throws Exception {
        long[] pair = twoAccountsOfOneCurrency();
        String currency = jdbc.queryForObject("SELECT currency FROM account WHERE id = ?", String.class, pair[0]);
        long before = balance(pair[0]);
        HttpResponse<String> answer = post(transfer(pair[0], pair[1], "9999999999.00", currency, null));
        assertThat(answer.statusCode()).isEqualTo(422);
        assertThat(balance(pair[0])).isEqualTo(before);
    }

    @Test
    void seedingAgainLeavesTheDatabaseAsItIs() throws Exception {
        long before = jdbc.queryForObject("SELECT count(*) FROM account", Long.class);
        assertThat(before).isEqualTo(100 + 8);  // the customers and one clearing account per currency
        long entries = jdbc.queryForObject("SELECT count(*) FROM entry", Long.class);
        for (ApplicationRunner runner : context.getBeansOfType(ApplicationRunner.class).values()) {
            runner.run(new DefaultApplicationArguments());
        }
        assertThat(jdbc.queryForObject("SELECT count(*) FROM account", Long.class)).isEqualTo(before);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM entry", Long.class)).isEqualTo(entries);
    }

    @Test
    void readinessIsUp() throws Exception {
        HttpResponse<String> ready = get("/actuator/health/readiness");
        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(ready.body()).contains("UP");
        assertThat(get("/actuator/prometheus").statusCode()).isEqualTo(200);
    }

    private record BusyMonth(long accountId, YearMonth month, int entries) {
    }

    /** The seeded account-month with the most entries (a merchant's): the longest statement. */
    private BusyMonth busiestMonth() {
        return jdbc.queryForObject("""
                SELECT account_id, to_char(booked_at AT TIME ZONE 'UTC', 'YYYY-MM'), count(*) FROM entry
                WHERE booked_at < '2026-01-01' GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 1""",
                (row, n) -> new BusyMonth(row.getLong(1), YearMonth.parse(row.getString(2)), row.getInt(3)));
    }

    private BigDecimal journalSumBefore(long accountId, YearMonth month, JsonNode statement) {
        long minor = jdbc.queryForObject("SELECT coalesce(sum(amount_cents), 0) FROM entry WHERE account_id = ? AND booked_at < ?",
                Long.class, accountId, month.atDay(1).atStartOfDay().atOffset(java.time.ZoneOffset.UTC));
        int digits = java.util.Currency.getInstance(statement.get("currency").asString()).getDefaultFractionDigits();
        return BigDecimal.valueOf(minor, digits);
    }

    /** Two customer accounts in one currency with two decimals and money on the first. */
    private long[] twoAccountsOfOneCurrency() {
        return jdbc.queryForObject("""
                SELECT a.id, b.id FROM account a JOIN account b ON b.currency = a.currency AND b.id <> a.id
                JOIN owner oa ON oa.id = a.owner_id JOIN owner ob ON ob.id = b.owner_id
                WHERE oa.kind <> 'HOUSE' AND ob.kind <> 'HOUSE' AND a.currency NOT IN ('JPY') AND a.balance_cents > 100000
                ORDER BY a.id, b.id LIMIT 1""", (row, n) -> new long[] {row.getLong(1), row.getLong(2)});
    }

    private long balance(long accountId) {
        return jdbc.queryForObject("SELECT balance_cents FROM account WHERE id = ?", Long.class, accountId);
    }

    private List<Map<String, Object>> balancesByCurrency() {
        return jdbc.queryForList("SELECT currency, sum(balance_cents) AS total FROM account GROUP BY currency ORDER BY currency");
    }

    private void awaitAnUpdateBlockedOnALock() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            Long waiting = jdbc.queryForObject("""
                    SELECT count(*) FROM pg_stat_activity
                    WHERE wait_event_type = 'Lock' AND query ILIKE 'update account%'""", Long.class);
            if (waiting != null && waiting > 0) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the transfer never waited for the account's row");
    }

    private static JsonNode findLine(JsonNode statement, String reference) {
        for (JsonNode line : statement.get("lines")) {
            if (line.get("reference").asString().equals(reference)) {
                return line;
            }
        }
        throw new AssertionError("no line " + reference + " in " + statement);
    }

    private static String transfer(long from, long to, String amount, String currency, String description) {
        return "{\"from\": " + from + ", \"to\": " + to + ", \"amount\": " + amount + ", \"currency\": \"" + currency + "\""
                + (description == null ? "" : ", \"description\": \"" + description + "\"") + "}";
    }

    private JsonNode json(HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        return json.readTree(response.body());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String body) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/transfers"))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
