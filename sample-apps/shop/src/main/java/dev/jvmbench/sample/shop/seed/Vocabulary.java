package dev.jvmbench.sample.shop.seed;

import java.util.List;
import java.util.Random;

/** Words the seed builds names, descriptions and reviews from. */
final class Vocabulary {

    private Vocabulary() {
    }

    /** A root category, its tax class and its leaves, each with the nouns of its products. */
    record Root(String name, String taxClass, String description, List<Leaf> leaves) {
    }

    record Leaf(String name, String taxClass, List<String> nouns) {
    }

    static final List<Root> CATEGORIES = List.of(
            new Root("Outdoor", "STANDARD", "Tents, packs and everything for nights under the stars.", List.of(
                    new Leaf("Tents", "STANDARD", List.of("Tent", "Tarp", "Shelter", "Bivy", "Dome tent")),
                    new Leaf("Sleeping bags", "STANDARD", List.of("Sleeping bag", "Quilt", "Liner", "Sleeping mat")),
                    new Leaf("Backpacks", "STANDARD", List.of("Backpack", "Daypack", "Hip pack", "Duffel")),
                    new Leaf("Camping kitchen", "STANDARD", List.of("Stove", "Pot set", "Mug", "Water filter", "Spork")),
                    new Leaf("Hiking boots", "STANDARD", List.of("Hiking boot", "Trail shoe", "Gaiter", "Approach shoe")))),
            new Root("Kitchen", "STANDARD", "Pans, knives and machines for people who like to cook.", List.of(
                    new Leaf("Cookware", "STANDARD", List.of("Frying pan", "Saucepan", "Dutch oven", "Wok", "Casserole")),
                    new Leaf("Knives", "STANDARD", List.of("Chef's knife", "Paring knife", "Bread knife", "Knife block")),
                    new Leaf("Small appliances", "STANDARD", List.of("Kettle", "Toaster", "Blender", "Coffee grinder")),
                    new Leaf("Tableware", "STANDARD", List.of("Plate set", "Bowl", "Glass set", "Serving board")))),
            new Root("Grocery", "REDUCED", "Coffee, tea and good things for the pantry.", List.of(
                    new Leaf("Coffee", "REDUCED", List.of("Espresso beans", "Filter coffee", "Single origin", "Decaf")),
                    new Leaf("Tea", "REDUCED", List.of("Green tea", "Black tea", "Herbal tea", "Oolong")),
                    new Leaf("Chocolate", "REDUCED", List.of("Dark chocolate", "Milk chocolate", "Pralines", "Cocoa")),
                    new Leaf("Pantry", "REDUCED", List.of("Olive oil", "Pasta", "Honey", "Spice mix", "Jam")))),
            new Root("Books", "REDUCED", "Novels, guides and cookbooks, new and classic.", List.of(
                    new Leaf("Fiction", "REDUCED", List.of("Novel", "Short stories", "Thriller", "Saga")),
                    new Leaf("Travel guides", "REDUCED", List.of("Travel guide", "Hiking guide", "Atlas", "City guide")),
                    new Leaf("Cookbooks", "REDUCED", List.of("Cookbook", "Baking book", "Vegetarian kitchen")),
                    new Leaf("Children's books", "ZERO", List.of("Picture book", "Bedtime stories", "Activity book")))),
            new Root("Electronics", "STANDARD", "Headphones, cameras and the cables that connect them.", List.of(
                    new Leaf("Headphones", "STANDARD", List.of("Headphones", "Earbuds", "Headset", "Speaker")),
                    new Leaf("Cameras", "STANDARD", List.of("Camera", "Action camera", "Lens", "Tripod")),
                    new Leaf("Chargers & cables", "STANDARD", List.of("Charger", "USB-C cable", "Power bank", "Adapter")),
                    new Leaf("Smart home", "STANDARD", List.of("Smart plug", "Thermostat", "Door sensor", "Hub")))),
            new Root("Home", "STANDARD", "Light, textiles and furniture for every room.", List.of(
                    new Leaf("Lighting", "STANDARD", List.of("Table lamp", "Floor lamp", "Pendant", "String lights")),
                    new Leaf("Textiles", "STANDARD", List.of("Blanket", "Cushion", "Duvet cover", "Rug")),
                    new Leaf("Furniture", "STANDARD", List.of("Side table", "Shelf", "Stool", "Desk")),
                    new Leaf("Storage", "STANDARD", List.of("Basket", "Box", "Hook rack", "Drawer organiser")))),
            new Root("Sports", "STANDARD", "Gear for the bike, the track, the mat and the pool.", List.of(
                    new Leaf("Cycling", "STANDARD", List.of("Helmet", "Bike light", "Saddle bag", "Pump", "Jersey")),
                    new Leaf("Running", "STANDARD", List.of("Running shoe", "Running vest", "Headlamp", "Tights")),
                    new Leaf("Yoga & fitness", "STANDARD", List.of("Yoga mat", "Kettlebell", "Resistance band", "Block")),
                    new Leaf("Swimming", "STANDARD", List.of("Goggles", "Swim cap", "Towel", "Kickboard")))),
            new Root("Garden", "STANDARD", "Tools, seeds and furniture for the garden and the balcony.", List.of(
                    new Leaf("Garden tools", "STANDARD", List.of("Spade", "Pruner", "Rake", "Trowel", "Hoe")),
                    new Leaf("Plants & seeds", "REDUCED", List.of("Seed kit", "Herb pot", "Bulb mix", "Seedling tray")),
                    new Leaf("Garden furniture", "STANDARD", List.of("Bench", "Lounger", "Parasol", "Folding chair")),
                    new Leaf("Watering", "STANDARD", List.of("Watering can", "Hose", "Sprinkler", "Rain barrel")))));

    static final List<String> ADJECTIVES = List.of("Alpine", "Classic", "Compact", "Ultralight", "Urban", "Nordic",
            "Heritage", "Pro", "Essential", "Everyday", "Summit", "Coastal", "Forest", "Modular", "Premium", "Studio",
            "Trail", "Harbor", "Meadow", "Granite", "Aurora", "Cedar", "Atlas", "Pioneer", "Zephyr", "Solstice");
    static final List<String> MATERIALS = List.of("oak", "steel", "cotton", "wool", "ceramic", "recycled nylon",
            "cast iron", "bamboo", "linen", "aluminium", "stoneware", "organic cotton", "copper", "leather", "cork");
    static final List<String> BRAND_STEMS = List.of("Nord", "Fjell", "Terra", "Lumen", "Brava", "Kiso", "Vento",
            "Sola", "Arbor", "Mira", "Tundra", "Corvo", "Halde", "Oska", "Pino", "Riva", "Selva", "Umbra", "Valo", "Zeno");
    static final List<String> BRAND_ENDINGS = List.of("vik", "works", "line", " & Co", "craft", "gear", "haus",
            "field", "lab", "mark");
    static final List<String> COUNTRIES = List.of("FR", "DE", "IT", "ES", "NL", "GB", "SE", "NO", "JP", "US", "CH", "PT");
    static final List<String> TAGS = List.of("bestseller", "new", "eco", "handmade", "waterproof", "vegan",
            "gift idea", "fair trade", "limited edition", "organic", "repairable", "lightweight", "family",
            "award winner", "made in europe", "recycled", "compact", "travel", "premium", "budget", "kids",
            "professional", "classic", "outdoor", "indoor", "winter", "summer", "durable", "set", "refill");
    static final List<String> FIRST_NAMES = List.of("Emma", "Louis", "Mia", "Noah", "Léa", "Lukas", "Sofia", "Hugo",
            "Anna", "Jonas", "Chloé", "Matteo", "Julia", "Arthur", "Lena", "Gabriel", "Clara", "Elias", "Inès", "Paul",
            "Olivia", "Liam", "Ava", "Oscar", "Zoé", "Felix", "Alice", "Leon", "Nina", "Tom");
    static final List<String> LAST_NAMES = List.of("Martin", "Müller", "Rossi", "García", "de Vries", "Smith",
            "Bernard", "Schmidt", "Russo", "López", "Jansen", "Jones", "Dubois", "Schneider", "Ferrari", "Martínez",
            "Bakker", "Taylor", "Moreau", "Fischer", "Bianchi", "Sánchez", "Visser", "Brown", "Laurent", "Weber");
    static final List<String> CITIES = List.of("Paris", "Lyon", "Berlin", "Munich", "Rome", "Milan", "Madrid",
            "Barcelona", "Amsterdam", "Utrecht", "London", "Leeds", "Zurich", "Geneva", "Boston", "Denver");
    static final List<String> STREETS = List.of("Main Street", "Rue de la Paix", "Hauptstraße", "Via Roma",
            "Calle Mayor", "Kerkstraat", "High Street", "Bahnhofstrasse", "Elm Street", "Avenue Foch");
    static final List<String> CUSTOMER_COUNTRIES = List.of("FR", "FR", "DE", "DE", "IT", "ES", "NL", "GB", "CH", "US");

    static final List<String> FEATURE_SENTENCES = List.of(
            "Made from %s that ages well and is easy to care for.",
            "Designed in our %s studio and tested by people who use it every day.",
            "The %s finish resists scratches, stains and the occasional drop.",
            "Every detail is built to last: reinforced seams, solid fittings and %s where it matters.",
            "It packs down small and weighs less than you would expect for %s.",
            "A generous warranty covers the %s parts for five years.",
            "Spare parts are available for years, so it can be repaired instead of replaced.",
            "It works as well on a weekend away as it does at home.");
    static final List<String> USE_SENTENCES = List.of(
            "Ideal for beginners and experienced users alike.",
            "Customers love it as a gift for birthdays and holidays.",
            "Pairs well with the rest of the %s range.",
            "Comes with a short guide and a cotton storage bag.",
            "Suitable for daily use in all seasons.",
            "Our team uses it in the shop's own workshop.",
            "Available in several colours; the one shown is %s.");
    static final List<String> REVIEW_TITLES_GOOD = List.of("Exactly what I needed", "Great quality",
            "Better than expected", "Would buy again", "Perfect gift", "Solid and well made", "Love it");
    static final List<String> REVIEW_TITLES_MIXED = List.of("Good but not perfect", "Does the job", "Decent value",
            "Mixed feelings", "OK for the price");
    static final List<String> REVIEW_TITLES_BAD = List.of("Disappointed", "Broke after a month", "Not as described",
            "Would not recommend");
    static final List<String> REVIEW_SENTENCES_GOOD = List.of("The %s feels sturdy and well finished.",
            "Delivery was quick and the packaging was plastic free.", "I have used it every week since it arrived.",
            "It looks even better than in the photos.", "My partner liked it so much that we ordered a second one.",
            "Easy to clean and easy to store.");
    static final List<String> REVIEW_SENTENCES_MIXED = List.of("The %s is fine, but the instructions were unclear.",
            "It is a little smaller than I expected.", "Works well, although the colour is slightly different.",
            "Good value, but I would not call it premium.");
    static final List<String> REVIEW_SENTENCES_BAD = List.of("The %s arrived with a scratch.",
            "It stopped working after a few weeks.", "Customer service was helpful, but I returned it.",
            "The material feels cheaper than the price suggests.");

    static <T> T pick(Random random, List<T> list) {
        return list.get(random.nextInt(list.size()));
    }
}
