package dev.jvmbench.sample.shop.storefront;

import java.util.List;

/** The catalogue page's model. */
public record CatalogPageView(String title, String heading, String description, List<LinkView> breadcrumbs,
                       List<LinkView> categoryNav, List<LinkView> subcategories, List<LinkView> brands,
                       List<LinkView> ratings, List<LinkView> sorts, String priceRange, String resultSummary,
                       List<CardView> cards, List<CardView> bestsellers, List<LinkView> pages, LinkView previous,
                       LinkView next, String market, String searchQuery, String taxNote) {
}
