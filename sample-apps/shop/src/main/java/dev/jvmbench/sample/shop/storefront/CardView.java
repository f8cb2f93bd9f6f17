package dev.jvmbench.sample.shop.storefront;

import java.util.List;

/** One product card of a listing, every value ready to print. */
public record CardView(long id, String url, String name, String brand, String category, String price, String listPrice,
                String badge, String promotion, String availability, String availabilityClass, String stars,
                String rating, int ratingCount, List<String> tags, String snippet, String quote, String quoteBy,
                String relevance) {
}
