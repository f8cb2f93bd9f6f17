package dev.jvmbench.sample.ledger.seed;

import java.util.List;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Fills an empty database at start-up, in one transaction (all or nothing), with JDBC batch
 * inserts (the driver rewrites each batch into multi-row INSERTs): branches, holders, accounts, then
 * the journal chunk by chunk, then every balance as the sum of its entries. Runs first among the
 * runners, before the read model is built and before the app reports ready. A database that has
 * accounts is left as it is, so a restart on the same database is safe.
 */
@Component
@Order(1)
class Seeder implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(Seeder.class);
    private static final int BATCH = 1_000;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final SeedProperties properties;

    Seeder(JdbcTemplate jdbc, TransactionTemplate transaction, SeedProperties properties) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.properties = properties;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (!properties.enabled()) {
            return;
        }
        Long existing = jdbc.queryForObject("SELECT count(*) FROM account", Long.class);
        if (existing != null && existing > 0) {
            log.info("The database already holds {} accounts: not seeding", existing);
            return;
        }
        long start = System.nanoTime();
        long transfers = transaction.execute(status -> write());
        jdbc.execute("ANALYZE");
        log.info("Seeded {} accounts with {} transfers ({} entries) over {} months from {} in {} ms",
                properties.accounts(), transfers, transfers * 2, properties.months(), properties.firstMonth(),
                (System.nanoTime() - start) / 1_000_000);
    }

    private long write() {
        Random random = new Random(properties.randomSeed());
        insert("INSERT INTO branch (id, code, name, city, currency) VALUES (?, ?, ?, ?, ?)",
                Branches.ALL.stream().map(b -> new Object[] {b.id(), b.code(), b.name(), b.city(), b.currency().getCurrencyCode()})
                        .toList());
        Customers customers = Customers.generate(properties, random);
        insert("""
                INSERT INTO owner (id, display_name, kind, email, street, postal_code, city, country, reporting_currency, branch_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", customers.owners);
        insert("""
                INSERT INTO account (id, iban, name, currency, owner_id, branch_id, overdraft_limit_cents, opened_on)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)""", customers.accounts);

        Journal journal = new Journal(properties, random, customers);
        journal.generate(chunk -> {
            insert("INSERT INTO transfer (id, reference, kind, description, amount_cents, currency, booked_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    chunk.transfers());
            insert("INSERT INTO entry (id, account_id, transfer_id, counterparty_id, amount_cents, booked_at) VALUES (?, ?, ?, ?, ?, ?)",
                    chunk.entries());
        });

        jdbc.update("""
                UPDATE account a SET balance_cents = e.total
                FROM (SELECT account_id, sum(amount_cents) AS total FROM entry GROUP BY account_id) e
                WHERE e.account_id = a.id""");
        // ids were given explicitly: rows the app creates continue after them
        for (String table : List.of("branch", "owner", "account", "transfer", "entry")) {
            jdbc.execute("SELECT setval(pg_get_serial_sequence('" + table + "', 'id'), "
                    + "(SELECT coalesce(max(id), 0) + 1 FROM " + table + "), false)");
        }
        return journal.transfers();
    }

    private void insert(String sql, List<Object[]> rows) {
        for (int from = 0; from < rows.size(); from += BATCH) {
            jdbc.batchUpdate(sql, rows.subList(from, Math.min(rows.size(), from + BATCH)));
        }
    }
}
