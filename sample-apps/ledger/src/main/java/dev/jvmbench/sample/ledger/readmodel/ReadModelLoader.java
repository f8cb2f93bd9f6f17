package dev.jvmbench.sample.ledger.readmodel;

import dev.jvmbench.sample.ledger.money.Currencies;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.Collections;
import java.util.Currency;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Builds the read model at start-up, after the seed ({@code @Order}) and before the app reports
 * ready (Boot runs every runner before readiness turns to accepting traffic): the monthly balances
 * and the counterparty index from the journal (plain JDBC aggregates: no entities), then a rate
 * history dense enough to fill {@link ReadModelProperties#megabytes()}.
 */
@Component
@Order(2)
class ReadModelLoader implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(ReadModelLoader.class);

    // estimated retained sizes (compressed oops, 64-bit JVM), from a heap histogram of the default read model
    static final int BYTES_PER_MONTH_SUMMARY = 112;  // TreeMap entry, YearMonth, MonthSummary
    static final int BYTES_PER_COUNTERPARTY_PAIR = 104;  // map slots, Long key, CounterpartyStats, LocalDate
    static final int BYTES_PER_DIRECTORY_ENTRY = 240;  // Counterparty with its three strings, map slots
    static final int BYTES_PER_TICK = 68;  // RateTick, its BigDecimal, the array slot

    private final JdbcTemplate jdbc;
    private final ReadModelProperties properties;
    private final MonthlyBalances balances;
    private final CounterpartyIndex counterparties;
    private final RateHistory rates;

    ReadModelLoader(JdbcTemplate jdbc, ReadModelProperties properties, MonthlyBalances balances,
                    CounterpartyIndex counterparties, RateHistory rates) {
        this.jdbc = jdbc;
        this.properties = properties;
        this.balances = balances;
        this.counterparties = counterparties;
        this.rates = rates;
    }

    @Override
    public void run(ApplicationArguments args) {
        long start = System.nanoTime();
        balances.replace(loadMonths());
        counterparties.replace(loadDirectory(), loadCounterparties());
        long used = (long) balances.size() * BYTES_PER_MONTH_SUMMARY
                + (long) counterparties.pairs() * BYTES_PER_COUNTERPARTY_PAIR
                + (long) counterparties.directorySize() * BYTES_PER_DIRECTORY_ENTRY;

        LocalDate[] span = journalSpan();
        long days = span[1].toEpochDay() - span[0].toEpochDay() + 1;
        long currencies = Currencies.SUPPORTED.size() - 1;  // the euro has no quotes
        long budget = Math.max(0, properties.megabytes() * 1024L * 1024L - used);
        int ticksPerDay = (int) Math.max(1, Math.min(86_400, budget / BYTES_PER_TICK / currencies / days));
        Map<Currency, Map<LocalDate, DayRates>> history =
                RateHistoryGenerator.generate(properties.randomSeed(), span[0], span[1], ticksPerDay);
        rates.replace(history, span[0], span[1]);
        used += ticksPerDay * currencies * days * BYTES_PER_TICK;

        log.info("Read model: {} monthly balances, {} accounts with {} counterparty pairs, {} rate quotes "
                        + "({} a day per currency, {} to {}), about {} MB, built in {} ms",
                balances.size(), counterparties.directorySize(), counterparties.pairs(), ticksPerDay * currencies * days,
                ticksPerDay, span[0], span[1], used / (1024 * 1024), (System.nanoTime() - start) / 1_000_000);
    }

    private Map<Long, AccountMonths> loadMonths() {
        Map<Long, TreeMap<YearMonth, MonthSummary>> months = new HashMap<>();
        // ordered by account and month: each month opens with the previous one's closing balance
        jdbc.query("""
                SELECT account_id, extract(year FROM booked_at AT TIME ZONE 'UTC')::int AS year,
                       extract(month FROM booked_at AT TIME ZONE 'UTC')::int AS month,
                       sum(greatest(-amount_cents, 0)) AS debits, sum(greatest(amount_cents, 0)) AS credits,
                       count(*) AS entries
                FROM entry GROUP BY 1, 2, 3 ORDER BY 1, 2, 3""", row -> {
            TreeMap<YearMonth, MonthSummary> account = months.computeIfAbsent(row.getLong(1), id -> new TreeMap<>());
            long opening = account.isEmpty() ? 0 : account.lastEntry().getValue().closing();
            YearMonth month = YearMonth.of(row.getInt(2), row.getInt(3));
            account.put(month, new MonthSummary(month, opening, row.getLong(4), row.getLong(5), row.getInt(6)));
        });
        Map<Long, AccountMonths> loaded = new HashMap<>();
        months.forEach((id, summaries) -> loaded.put(id, new AccountMonths(Collections.unmodifiableNavigableMap(summaries))));
        return loaded;
    }

    private Map<Long, Counterparty> loadDirectory() {
        Map<Long, Counterparty> directory = new HashMap<>();
        jdbc.query("SELECT a.id, o.display_name, a.iban, o.city FROM account a JOIN owner o ON o.id = a.owner_id",
                row -> {
                    directory.put(row.getLong(1), new Counterparty(row.getLong(1), row.getString(2), row.getString(3),
                            row.getString(4)));
                });
        return directory;
    }

    private Map<Long, Map<Long, CounterpartyStats>> loadCounterparties() {
        Map<Long, Map<Long, CounterpartyStats>> byAccount = new HashMap<>();
        jdbc.query("""
                SELECT account_id, counterparty_id, count(*), sum(greatest(-amount_cents, 0)),
                       sum(greatest(amount_cents, 0)), max(booked_at AT TIME ZONE 'UTC')::date
                FROM entry GROUP BY 1, 2""", row -> {
            byAccount.computeIfAbsent(row.getLong(1), id -> new HashMap<>()).put(row.getLong(2),
                    new CounterpartyStats(row.getLong(2), row.getInt(3), row.getLong(4), row.getLong(5),
                            row.getObject(6, LocalDate.class)));
        });
        Map<Long, Map<Long, CounterpartyStats>> frozen = new HashMap<>();
        byAccount.forEach((id, stats) -> frozen.put(id, Map.copyOf(stats)));
        return frozen;
    }

    /** The days the journal has entries on (today alone for an empty journal): the rate history covers them. */
    private LocalDate[] journalSpan() {
        return jdbc.queryForObject("""
                SELECT coalesce(min(booked_at AT TIME ZONE 'UTC'), now() AT TIME ZONE 'UTC')::date,
                       coalesce(max(booked_at AT TIME ZONE 'UTC'), now() AT TIME ZONE 'UTC')::date FROM entry""",
                (row, n) -> new LocalDate[] {row.getObject(1, LocalDate.class), row.getObject(2, LocalDate.class)});
    }
}
