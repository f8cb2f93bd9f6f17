package dev.jvmbench.sample.shop.storefront;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/** The shop's HTML pages: the catalogue (listing, filters, pages) and a product with its reviews. */
@Controller
class StorefrontController {

    private final ListingService listings;
    private final ProductDetailService details;
    private final StorefrontViews views;

    StorefrontController(ListingService listings, ProductDetailService details, StorefrontViews views) {
        this.listings = listings;
        this.details = details;
        this.views = views;
    }

    @GetMapping("/")
    String home() {
        return "redirect:/catalog";
    }

    @GetMapping("/catalog")
    String catalog(@Valid CatalogQuery query, Model model) {
        model.addAttribute("page", views.catalog(listings.list(query)));
        return "catalog";
    }

    @GetMapping("/products/{slug}")
    String product(@PathVariable @Pattern(regexp = "[a-z0-9-]{1,160}") String slug,
                   @RequestParam(name = "reviews", defaultValue = "1") @Min(1) @Max(1000) int reviewPage,
                   @RequestParam(name = "country", required = false) @Pattern(regexp = "[A-Za-z]{2}") String country,
                   Model model) {
        model.addAttribute("page", views.product(details.bySlug(slug, reviewPage - 1, country), slug));
        return "product";
    }
}
