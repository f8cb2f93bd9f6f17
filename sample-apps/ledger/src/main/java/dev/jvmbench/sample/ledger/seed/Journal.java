package dev.jvmbench.sample.ledger.seed;

import dev.jvmbench.sample.ledger.account.OwnerKind;
import dev.jvmbench.sample.ledger.money.Currencies;
import dev.jvmbench.sample.ledger.money.MinorUnits;
import dev.jvmbench.sample.ledger.transfer.TransferKind;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Generates the journal: an opening deposit for every account from the bank's clearing account,
 * then payments spread evenly over the months, each between two accounts of the same currency, as
 * transfer and entry rows handed out in chunks so that the whole journal is never in memory at once.
 * Payers and payees are picked with different weights (a merchant is paid often and pays little),
 * and like the bank a payment that would take its payer past the overdraft limit is not made: the
 * generator draws another one (after many refusals, a cash deposit), so seeded balances stay within
 * their limits.
 */
final class Journal {

    static final int CHUNK = 2_000;
    private static final Map<OwnerKind, Double> PAYS = Map.of(OwnerKind.MERCHANT, 4.0, OwnerKind.BUSINESS, 5.0,
            OwnerKind.PERSON, 1.0);
    private static final Map<OwnerKind, Double> IS_PAID = Map.of(OwnerKind.MERCHANT, 40.0, OwnerKind.BUSINESS, 3.0,
            OwnerKind.PERSON, 1.0);
    private static final int ATTEMPTS = 50;

    record Chunk(List<Object[]> transfers, List<Object[]> entries) {
    }

    private final SeedProperties properties;
    private final Random random;
    private final Customers customers;
    private final WeightedAccounts payers;
    private final Map<Currency, WeightedAccounts> payeesByCurrency;
    private List<Object[]> transfers = new ArrayList<>();
    private List<Object[]> entries = new ArrayList<>();
    private long transferId;
    private long entryId;
    /** Every account's balance so far, by id (ids are dense from 1). */
    private final long[] balances;

    Journal(SeedProperties properties, Random random, Customers customers) {
        this.properties = properties;
        this.random = random;
        this.customers = customers;
        this.payers = new WeightedAccounts(customers.customers, account -> PAYS.get(account.kind()));
        this.payeesByCurrency = customers.customers.stream().collect(Collectors.groupingBy(SeedAccount::currency))
                .entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                        e -> new WeightedAccounts(e.getValue(), account -> IS_PAID.get(account.kind()))));
        this.balances = new long[customers.customers.size() + customers.clearing.size() + 1];
    }

    long transfers() {
        return transferId;
    }

    void generate(Consumer<Chunk> sink) {
        Instant start = properties.firstMonth().atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        int opened = 0;
        for (SeedAccount account : customers.customers) {
            book(customers.clearing.get(account.currency()), account, TransferKind.DEPOSIT, "Opening deposit",
                    amount(depositRange(account.kind()), account.currency()), start.plusSeconds(30L * opened++));
            handOver(sink, CHUNK);
        }
        long payments = Math.max(0, properties.entries() / 2 - customers.customers.size());
        for (int m = 0; m < properties.months(); m++) {
            YearMonth month = properties.firstMonth().plusMonths(m);
            long inMonth = payments / properties.months() + (m < payments % properties.months() ? 1 : 0);
            Instant monthStart = month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
            long seconds = month.lengthOfMonth() * 86_400L;
            // the opening deposits take the first hours of the first month: payments come after them
            long earliest = m == 0 ? 30L * opened : 0;
            // in time order, so that the overdraft check sees each payer's balance as it was at the time
            long[] offsets = new long[(int) inMonth];
            for (int i = 0; i < offsets.length; i++) {
                offsets[i] = earliest + random.nextLong(seconds - earliest);
            }
            Arrays.sort(offsets);
            for (long offset : offsets) {
                payment(monthStart.plusSeconds(offset), month);
                handOver(sink, CHUNK);
            }
        }
        handOver(sink, 1);
    }

    private void payment(Instant at, YearMonth month) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            if (tryPayment(at, month)) {
                return;
            }
        }
        SeedAccount account = payers.pick(random);
        book(customers.clearing.get(account.currency()), account, TransferKind.DEPOSIT, "Cash deposit",
                amount(new double[] {200, 2_000}, account.currency()), at);
    }

    /** Books one random payment unless it would take its payer past the overdraft limit. */
    private boolean tryPayment(Instant at, YearMonth month) {
        SeedAccount payer = payers.pick(random);
        SeedAccount payee = random.nextInt(20) == 0 ? null : payeesByCurrency.get(payer.currency()).pickOtherThan(payer, random);
        if (payee == null) {
            return tryBook(payer, customers.clearing.get(payer.currency()), TransferKind.FEE,
                    Vocabulary.pick(Vocabulary.FEES, random), amount(new double[] {1, 25}, payer.currency()), at);
        }
        TransferKind kind = payee.kind() == OwnerKind.MERCHANT ? TransferKind.CARD
                : payer.kind() == OwnerKind.BUSINESS && payee.kind() == OwnerKind.PERSON ? TransferKind.SALARY
                : TransferKind.CREDIT_TRANSFER;
        String description = switch (kind) {
            case CARD -> payee.holder() + ", " + payee.city();  // the line's kind already says "Card payment"
            case SALARY -> "Salary " + month.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " " + month.getYear()
                    + ", " + payer.holder();
            default -> Vocabulary.pick(Vocabulary.TRANSFER_PURPOSES, random) + " " + (10_000 + random.nextInt(90_000));
        };
        double[] range = switch (kind) {
            case CARD -> new double[] {3, 300};
            case SALARY -> new double[] {1_800, 6_500};
            default -> new double[] {20, 2_500};
        };
        return tryBook(payer, payee, kind, description, amount(range, payer.currency()), at);
    }

    private boolean tryBook(SeedAccount from, SeedAccount to, TransferKind kind, String description, long amount, Instant at) {
        if (balances[(int) from.id()] - amount < -from.overdraft()) {
            return false;
        }
        book(from, to, kind, description, amount, at);
        return true;
    }

    private void book(SeedAccount from, SeedAccount to, TransferKind kind, String description, long amount, Instant at) {
        OffsetDateTime booked = OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
        transferId++;
        transfers.add(new Object[] {transferId, String.format("TRF%010d", transferId), kind.name(), description, amount,
                from.currency().getCurrencyCode(), booked});
        entries.add(new Object[] {++entryId, from.id(), transferId, to.id(), -amount, booked});
        entries.add(new Object[] {++entryId, to.id(), transferId, from.id(), amount, booked});
        balances[(int) from.id()] -= amount;
        balances[(int) to.id()] += amount;
    }

    private void handOver(Consumer<Chunk> sink, int atLeast) {
        if (transfers.size() >= atLeast) {
            sink.accept(new Chunk(transfers, entries));
            transfers = new ArrayList<>();
            entries = new ArrayList<>();
        }
    }

    private static double[] depositRange(OwnerKind kind) {
        return switch (kind) {
            case MERCHANT -> new double[] {10_000, 60_000};
            case BUSINESS -> new double[] {20_000, 150_000};
            default -> new double[] {1_000, 8_000};
        };
    }

    /** Log-uniform in the range of euros (small payments are the common ones), in the currency's minor units. */
    private long amount(double[] euroRange, Currency currency) {
        double euros = Math.exp(Math.log(euroRange[0]) + random.nextDouble() * (Math.log(euroRange[1]) - Math.log(euroRange[0])));
        BigDecimal inCurrency = BigDecimal.valueOf(Math.round(euros * 100), 2).multiply(Currencies.startingRate(currency));
        return Math.max(1, MinorUnits.round(inCurrency, currency));
    }
}
