package dev.jvmbench.sample.shop.storefront;

/** A link of the page (a facet, a page number, a sort): its text, target, and whether it is the current one. */
public record LinkView(String label, String url, boolean active, long count) {

    public static LinkView gap() {
        return new LinkView("…", null, false, 0);
    }

    public boolean isGap() {
        return url == null;
    }
}
