package dev.jvmbench.sample.ledger.seed;

import dev.jvmbench.sample.ledger.account.OwnerKind;
import dev.jvmbench.sample.ledger.money.Currencies;
import dev.jvmbench.sample.ledger.money.MinorUnits;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The generated holders and accounts: merchants first (account ids 1 to 1 %, each in its own
 * currency in turn, so some hold a currency their branch does not report in), then businesses,
 * then people, a quarter of whom also hold a second account; last the bank's clearing account in
 * every currency, which funds the opening deposits and takes the fees.
 */
final class Customers {

    private static final Map<OwnerKind, Long> OVERDRAFT_EUROS = Map.of(OwnerKind.MERCHANT, 50_000L,
            OwnerKind.BUSINESS, 10_000L, OwnerKind.PERSON, 1_000L, OwnerKind.HOUSE, 1_000_000_000L);

    final List<Object[]> owners = new ArrayList<>();
    final List<Object[]> accounts = new ArrayList<>();
    final List<SeedAccount> customers = new ArrayList<>();
    final Map<Currency, SeedAccount> clearing = new LinkedHashMap<>();

    private final Random random;
    private final LocalDate firstDay;
    private long ownerId;

    private Customers(Random random, LocalDate firstDay) {
        this.random = random;
        this.firstDay = firstDay;
    }

    static Customers generate(SeedProperties properties, Random random) {
        Customers customers = new Customers(random, properties.firstMonth().atDay(1));
        int merchants = Math.max(1, properties.accounts() / 100);
        int businesses = Math.max(1, properties.accounts() / 10);
        long id = 1;
        for (; id <= properties.accounts(); id++) {
            OwnerKind kind = id <= merchants ? OwnerKind.MERCHANT : id <= merchants + businesses ? OwnerKind.BUSINESS : OwnerKind.PERSON;
            customers.customer(id, kind);
        }
        customers.clearingAccounts(id);
        return customers;
    }

    private void customer(long id, OwnerKind kind) {
        Branches.SeedBranch branch = Branches.ALL.get(random.nextInt(Branches.ALL.size()));
        boolean secondAccount = kind == OwnerKind.PERSON && !customers.isEmpty()
                && customers.getLast().kind() == OwnerKind.PERSON && random.nextInt(4) == 0;
        String holder;
        String city;
        if (secondAccount) {
            // the previous person's second account, at their branch
            holder = customers.getLast().holder();
            city = customers.getLast().city();
            branch = branchOfOwner();
        } else {
            holder = holderName(kind);
            city = branch.city();
            owner(holder, kind, branch);
        }
        Currency currency = switch (kind) {
            case MERCHANT -> Currencies.SUPPORTED.get((int) (id % Currencies.SUPPORTED.size()));
            default -> random.nextInt(4) == 0 ? Currencies.SUPPORTED.get(random.nextInt(Currencies.SUPPORTED.size()))
                    : branch.currency();
        };
        String name = switch (kind) {
            case MERCHANT -> "Merchant settlement";
            case BUSINESS -> "Business current account";
            default -> secondAccount ? "Savings account" : "Current account";
        };
        long overdraft = account(id, branch, currency, name, kind, firstDay.minusDays(random.nextInt(3000)));
        customers.add(new SeedAccount(id, kind, currency, holder, city, overdraft));
    }

    private void clearingAccounts(long firstId) {
        Branches.SeedBranch head = Branches.ALL.getFirst();
        owner("Ledger Bank clearing", OwnerKind.HOUSE, head);
        long id = firstId;
        for (Currency currency : Currencies.SUPPORTED) {
            long overdraft = account(id, head, currency, "Clearing " + currency.getCurrencyCode(), OwnerKind.HOUSE,
                    firstDay.minusYears(20));
            clearing.put(currency, new SeedAccount(id, OwnerKind.HOUSE, currency, "Ledger Bank clearing", head.city(), overdraft));
            id++;
        }
    }

    private void owner(String holder, OwnerKind kind, Branches.SeedBranch branch) {
        ownerId++;
        String email = holder.toLowerCase().replaceAll("[^a-z]+", ".") + ownerId + "@example.com";
        String street = (1 + random.nextInt(180)) + " " + Vocabulary.pick(Vocabulary.STREETS, random);
        owners.add(new Object[] {ownerId, holder, kind.name(), email, street, String.format("%05d", random.nextInt(99_999)),
                branch.city(), branch.country(), branch.currency().getCurrencyCode(), branch.id()});
    }

    private long account(long id, Branches.SeedBranch branch, Currency currency, String name, OwnerKind kind, LocalDate opened) {
        long overdraft = MinorUnits.round(BigDecimal.valueOf(OVERDRAFT_EUROS.get(kind)).multiply(Currencies.startingRate(currency)),
                currency);
        accounts.add(new Object[] {id, Iban.of(branch.country(), branch.id(), id), name, currency.getCurrencyCode(), ownerId,
                branch.id(), overdraft, opened});
        return overdraft;
    }

    /** The branch of the owner added last (the row's last column). */
    private Branches.SeedBranch branchOfOwner() {
        long branchId = (long) owners.getLast()[9];
        return Branches.ALL.get((int) branchId - 1);
    }

    private String holderName(OwnerKind kind) {
        return switch (kind) {
            case MERCHANT -> Vocabulary.pick(Vocabulary.SHOPS, random) + " " + Vocabulary.pick(Vocabulary.BUSINESS_WORDS, random);
            case BUSINESS -> Vocabulary.pick(Vocabulary.BUSINESS_WORDS, random) + " " + Vocabulary.pick(Vocabulary.BUSINESS_TRADES, random)
                    + " " + Vocabulary.pick(Vocabulary.LEGAL_FORMS, random);
            default -> Vocabulary.pick(Vocabulary.FIRST_NAMES, random) + " " + Vocabulary.pick(Vocabulary.LAST_NAMES, random);
        };
    }
}
