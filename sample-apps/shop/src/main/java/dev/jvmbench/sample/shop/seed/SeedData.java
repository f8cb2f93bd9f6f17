package dev.jvmbench.sample.shop.seed;

import java.text.Normalizer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * The rows of the seed, generated in memory from one random seed: the same seed, counts and
 * start-up day give the same rows. Ids are assigned here, so foreign keys are part of what is
 * deterministic. Nothing here touches the database ({@link Seeder} writes the rows).
 */
final class SeedData {

    final List<Object[]> categories = new ArrayList<>();
    final List<Object[]> brands = new ArrayList<>();
    final List<Object[]> tags = new ArrayList<>();
    final List<Object[]> products = new ArrayList<>();
    final List<Object[]> productTags = new ArrayList<>();
    final List<Object[]> customers = new ArrayList<>();
    final List<Object[]> orders = new ArrayList<>();
    final List<Object[]> orderLines = new ArrayList<>();
    final List<Object[]> reviews = new ArrayList<>();
    final List<Object[]> promotions = new ArrayList<>();

    private final Random random;
    private final Instant anchor;
    private final List<Long> leafIds = new ArrayList<>();
    private final List<Vocabulary.Leaf> leaves = new ArrayList<>();
    private final List<Long> rootIds = new ArrayList<>();
    private long[] productPrices;
    private double[] productQuality;
    private int[] productLeaf;
    private Instant[] productCreated;

    private SeedData(long seed, LocalDate day) {
        this.random = new Random(seed);
        this.anchor = day.atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    static SeedData generate(SeedProperties properties, LocalDate day) {
        SeedData data = new SeedData(properties.randomSeed(), day);
        data.categories();
        data.brands(properties.brands());
        data.tags();
        data.products(properties.products(), properties.brands());
        data.customers(properties.customers());
        data.orders(properties.orders(), properties.customers(), properties.products());
        data.reviews(properties.reviews(), properties.customers(), properties.products());
        data.promotions(properties.promotions(), properties.brands());
        return data;
    }

    private void categories() {
        long id = 1;
        int position = 0;
        for (Vocabulary.Root root : Vocabulary.CATEGORIES) {
            long rootId = id++;
            rootIds.add(rootId);
            categories.add(new Object[] {rootId, slug(root.name()), root.name(), root.description(), null,
                    root.taxClass(), position++});
            for (Vocabulary.Leaf leaf : root.leaves()) {
                long leafId = id++;
                leafIds.add(leafId);
                leaves.add(leaf);
                categories.add(new Object[] {leafId, slug(leaf.name()), leaf.name(),
                        leaf.name() + " chosen by our " + root.name().toLowerCase(Locale.ROOT) + " team.", rootId,
                        leaf.taxClass(), position++});
            }
        }
    }

    private void brands(int count) {
        Set<String> names = new LinkedHashSet<>();
        while (names.size() < count) {
            names.add(Vocabulary.pick(random, Vocabulary.BRAND_STEMS) + Vocabulary.pick(random, Vocabulary.BRAND_ENDINGS));
        }
        long id = 1;
        for (String name : names) {
            brands.add(new Object[] {id++, name, Vocabulary.pick(random, Vocabulary.COUNTRIES)});
        }
    }

    private void tags() {
        long id = 1;
        for (String tag : Vocabulary.TAGS) {
            tags.add(new Object[] {id++, tag});
        }
    }

    private void products(int count, int brandCount) {
        productPrices = new long[count + 1];
        productQuality = new double[count + 1];
        productLeaf = new int[count + 1];
        productCreated = new Instant[count + 1];
        for (int id = 1; id <= count; id++) {
            int leafIndex = random.nextInt(leaves.size());
            Vocabulary.Leaf leaf = leaves.get(leafIndex);
            String noun = Vocabulary.pick(random, leaf.nouns());
            String adjective = Vocabulary.pick(random, Vocabulary.ADJECTIVES);
            String material = Vocabulary.pick(random, Vocabulary.MATERIALS);
            long brandId = 1 + random.nextInt(brandCount);
            String model = random.nextInt(3) == 0 ? "" : " " + (char) ('A' + random.nextInt(26)) + (1 + random.nextInt(9)) * 100;
            String name = adjective + " " + noun + model;
            long price = charm(Math.exp(Math.log(4) + random.nextDouble() * (Math.log(650) - Math.log(4))));
            int stockRoll = random.nextInt(100);
            int stock = stockRoll < 8 ? 0 : stockRoll < 18 ? 1 + random.nextInt(4) : 5 + random.nextInt(200);
            int weight = 50 + random.nextInt(random.nextInt(10) == 0 ? 15_000 : 2_500);
            boolean active = random.nextInt(100) >= 3;
            Instant created = anchor.minus(Duration.ofDays(random.nextInt(900))).plusSeconds(random.nextInt(86_400));
            productPrices[id] = price;
            productQuality[id] = 2.6 + random.nextDouble() * 2.3;
            productLeaf[id] = leafIndex;
            productCreated[id] = created;
            products.add(new Object[] {(long) id, "SKU-%06d".formatted(id), slug(name) + "-" + id, name,
                    description(noun, adjective, material), leafIds.get(leafIndex), brandId, price, stock, weight,
                    active, random.nextInt(10_000), java.sql.Timestamp.from(created)});
            Set<Integer> chosen = new HashSet<>();
            int tagCount = 1 + random.nextInt(4);
            while (chosen.size() < tagCount) {
                chosen.add(1 + random.nextInt(Vocabulary.TAGS.size()));
            }
            for (int tag : chosen.stream().sorted().toList()) {
                productTags.add(new Object[] {(long) id, (long) tag});
            }
        }
    }

    private String description(String noun, String adjective, String material) {
        StringBuilder text = new StringBuilder();
        text.append("The ").append(adjective).append(' ').append(noun.toLowerCase(Locale.ROOT))
                .append(" is one of the most asked-for pieces of our range. ");
        for (int i = 0; i < 3; i++) {
            text.append(Vocabulary.pick(random, Vocabulary.FEATURE_SENTENCES).formatted(material)).append(' ');
        }
        text.append("\n\n");
        for (int i = 0; i < 2 + random.nextInt(2); i++) {
            text.append(Vocabulary.pick(random, Vocabulary.USE_SENTENCES).formatted(adjective.toLowerCase(Locale.ROOT)))
                    .append(' ');
        }
        return text.toString().strip();
    }

    private void customers(int count) {
        for (int id = 1; id <= count; id++) {
            String first = Vocabulary.pick(random, Vocabulary.FIRST_NAMES);
            String last = Vocabulary.pick(random, Vocabulary.LAST_NAMES);
            int tierRoll = random.nextInt(100);
            String tier = tierRoll < 70 ? "BRONZE" : tierRoll < 92 ? "SILVER" : "GOLD";
            String country = Vocabulary.pick(random, Vocabulary.CUSTOMER_COUNTRIES);
            customers.add(new Object[] {(long) id, slug(first) + "." + slug(last) + "." + id + "@example.com", first, last,
                    tier, (1 + random.nextInt(200)) + " " + Vocabulary.pick(random, Vocabulary.STREETS),
                    Vocabulary.pick(random, Vocabulary.CITIES), "%05d".formatted(random.nextInt(100_000)), country,
                    java.sql.Timestamp.from(anchor.minus(Duration.ofDays(random.nextInt(1500))))});
        }
    }

    private void orders(int count, int customerCount, int productCount) {
        long lineId = 1;
        for (int id = 1; id <= count; id++) {
            long customerId = 1 + random.nextInt(customerCount);
            // more recent orders than old ones: the square pulls ages towards zero
            double age = Math.pow(random.nextDouble(), 1.6) * 365;
            Instant placed = anchor.minusSeconds((long) (age * 86_400));
            String status;
            if (age > 14) {
                status = random.nextInt(100) < 95 ? "DELIVERED" : "CANCELLED";
            } else if (age > 3) {
                status = random.nextInt(100) < 80 ? "SHIPPED" : "PAID";
            } else {
                status = random.nextInt(2) == 0 ? "PLACED" : "PAID";
            }
            int lineCount = 1 + random.nextInt(4);
            long subtotal = 0;
            long discount = 0;
            Set<Long> inOrder = new HashSet<>();
            for (int l = 0; l < lineCount; l++) {
                // popular products sell more: the square skews picks towards low ids of a shuffled ranking
                long productId = 1 + (long) (Math.pow(random.nextDouble(), 2.2) * productCount);
                productId = 1 + Math.floorMod(productId * 2_654_435_761L, productCount);
                if (!inOrder.add(productId)) {
                    continue;
                }
                int quantity = random.nextInt(10) == 0 ? 2 + random.nextInt(4) : 1;
                long unit = productPrices[(int) productId];
                long lineDiscount = random.nextInt(5) == 0 ? unit * quantity / 10 : 0;
                subtotal += unit * quantity - lineDiscount;
                discount += lineDiscount;
                orderLines.add(new Object[] {lineId++, (long) id, productId, quantity, unit, lineDiscount});
            }
            long tax = Math.round(subtotal * 0.2);
            long shipping = subtotal + tax >= 6_000 ? 0 : 490;
            orders.add(new Object[] {(long) id, customerId, status, java.sql.Timestamp.from(placed),
                    Vocabulary.pick(random, Vocabulary.CUSTOMER_COUNTRIES), subtotal, discount, tax, shipping,
                    subtotal + tax + shipping});
        }
    }

    private void reviews(int count, int customerCount, int productCount) {
        Set<Long> pairs = new HashSet<>();
        long id = 1;
        int attempts = 0;
        while (reviews.size() < count && attempts++ < count * 3) {
            long productId = 1 + Math.floorMod((long) (Math.pow(random.nextDouble(), 1.8) * productCount) * 40_503L,
                    productCount);
            long customerId = 1 + random.nextInt(customerCount);
            if (!pairs.add(productId * 1_000_003L + customerId)) {
                continue;
            }
            int rating = (int) Math.max(1, Math.min(5, Math.round(productQuality[(int) productId] + random.nextGaussian())));
            String noun = leaves.get(productLeaf[(int) productId]).nouns().getFirst().toLowerCase(Locale.ROOT);
            List<String> titles = rating >= 4 ? Vocabulary.REVIEW_TITLES_GOOD
                    : rating == 3 ? Vocabulary.REVIEW_TITLES_MIXED : Vocabulary.REVIEW_TITLES_BAD;
            List<String> sentences = rating >= 4 ? Vocabulary.REVIEW_SENTENCES_GOOD
                    : rating == 3 ? Vocabulary.REVIEW_SENTENCES_MIXED : Vocabulary.REVIEW_SENTENCES_BAD;
            StringBuilder body = new StringBuilder();
            for (int s = 0; s < 2 + random.nextInt(3); s++) {
                body.append(Vocabulary.pick(random, sentences).formatted(noun)).append(' ');
            }
            int helpful = random.nextInt(3) == 0 ? 0 : (int) Math.floor(-Math.log(1 - random.nextDouble()) * 6);
            Instant since = productCreated[(int) productId];
            long window = Math.max(1, Duration.between(since, anchor).toSeconds());
            Instant created = since.plusSeconds((long) (random.nextDouble() * window));
            reviews.add(new Object[] {id++, productId, customerId, (short) rating, Vocabulary.pick(random, titles),
                    body.toString().strip(), helpful, random.nextInt(10) < 7, java.sql.Timestamp.from(created)});
        }
    }

    private void promotions(int count, int brandCount) {
        for (int id = 1; id <= count; id++) {
            int kind = random.nextInt(4);
            Long categoryId = kind == 1 ? null : (random.nextBoolean()
                    ? rootIds.get(random.nextInt(rootIds.size())) : leafIds.get(random.nextInt(leafIds.size())));
            Long brandId = kind == 0 || kind == 3 ? null : 1L + random.nextInt(brandCount);
            if (categoryId == null && brandId == null) {
                brandId = 1L + random.nextInt(brandCount);
            }
            int percent = 5 + 5 * random.nextInt(6);
            int minQuantity = random.nextInt(10) < 7 ? 1 : random.nextInt(3) < 2 ? 3 : 10;
            int windowRoll = random.nextInt(10);
            Instant from;
            Instant until;
            if (windowRoll < 8) {
                from = anchor.minus(Duration.ofDays(1 + random.nextInt(30)));
                until = anchor.plus(Duration.ofDays(30 + random.nextInt(60)));
            } else if (windowRoll == 8) {
                from = anchor.minus(Duration.ofDays(120));
                until = anchor.minus(Duration.ofDays(60));
            } else {
                from = anchor.plus(Duration.ofDays(30));
                until = anchor.plus(Duration.ofDays(60));
            }
            String label = percent + " % off" + (minQuantity > 1 ? " from " + minQuantity + " units" : "")
                    + (windowRoll < 8 ? ", this month only" : "");
            promotions.add(new Object[] {(long) id, "PROMO-%03d".formatted(id), label, categoryId, brandId,
                    new java.math.BigDecimal(percent), minQuantity, java.sql.Timestamp.from(from),
                    java.sql.Timestamp.from(until)});
        }
    }

    /** A catalogue price in cents ending in .90 or .99 (or .50 below 10 €). */
    static long charm(double euros) {
        long whole = (long) Math.floor(euros);
        if (whole < 10) {
            return whole * 100 + 50;
        }
        return whole * 100 + (whole % 3 == 0 ? 90 : 99);
    }

    static String slug(String text) {
        String plain = Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}+", "")
                .toLowerCase(Locale.ROOT);
        return plain.replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
    }
}
