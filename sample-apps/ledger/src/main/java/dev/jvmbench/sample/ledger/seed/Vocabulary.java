package dev.jvmbench.sample.ledger.seed;

import java.util.List;
import java.util.Random;

/** The words the seed makes names, addresses and payment descriptions of. */
final class Vocabulary {

    static final List<String> FIRST_NAMES = List.of("Anna", "Lukas", "Sofia", "Jonas", "Emma", "Noah", "Mia", "Elias",
            "Clara", "Felix", "Ida", "Oskar", "Lea", "Matteo", "Alice", "Hugo", "Zofia", "Jan", "Ingrid", "Pavel",
            "Yuki", "Olivia", "James", "Chloé", "Marco", "Freya", "Tomás", "Aiko", "Lina", "Erik");
    static final List<String> LAST_NAMES = List.of("Müller", "Schmidt", "Rossi", "García", "Dubois", "Novák", "Kowalski",
            "Johansson", "Smith", "Tanaka", "Meier", "Bianchi", "Martin", "Svoboda", "Nowak", "Lindqvist", "Brown",
            "Suzuki", "Weber", "Ricci", "Fernández", "Lefebvre", "Dvořák", "Wiśniewski", "Berg", "Taylor", "Keller",
            "Conti", "López", "Moreau");
    static final List<String> BUSINESS_WORDS = List.of("Nordwind", "Alpen", "Blue Harbour", "Kestrel", "Vltava",
            "Aurora", "Granite", "Silverline", "Meridian", "Oakridge", "Baltic", "Helios", "Fjord", "Sakura", "Atlas",
            "Riviera", "Corvid", "Linden", "Solstice", "Tamarind");
    static final List<String> BUSINESS_TRADES = List.of("Logistics", "Engineering", "Consulting", "Software",
            "Architects", "Foods", "Textiles", "Print", "Robotics", "Energy", "Health", "Media");
    static final List<String> LEGAL_FORMS = List.of("GmbH", "SARL", "S.p.A.", "Ltd", "AG", "s.r.o.", "AB", "Sp. z o.o.", "K.K.");
    static final List<String> SHOPS = List.of("Café", "Bakery", "Bookshop", "Pharmacy", "Grocer", "Bistro", "Florist",
            "Hardware", "Cinema", "Fuel", "Supermarket", "Bike shop");
    static final List<String> STREETS = List.of("Hauptstraße", "Rue de la Paix", "Via Roma", "Calle Mayor", "High Street",
            "Drottninggatan", "Marszałkowska", "Národní", "Bahnhofstrasse", "Broadway", "Omotesando", "Ringstraße");
    static final List<String> TRANSFER_PURPOSES = List.of("Rent", "Invoice", "Dinner split", "Loan repayment",
            "Birthday present", "Holiday flat", "Insurance premium", "Electricity", "School fees", "Gym membership",
            "Car repair", "Refund");
    static final List<String> FEES = List.of("Account maintenance fee", "Card fee", "Foreign transaction fee",
            "Statement by post", "Overdraft interest");

    private Vocabulary() {
    }

    static String pick(List<String> words, Random random) {
        return words.get(random.nextInt(words.size()));
    }
}
