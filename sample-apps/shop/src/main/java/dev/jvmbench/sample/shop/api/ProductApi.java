package dev.jvmbench.sample.shop.api;

import dev.jvmbench.sample.shop.catalog.CategoryRepository;
import dev.jvmbench.sample.shop.catalog.CategoryTree;
import dev.jvmbench.sample.shop.review.ReviewService;
import dev.jvmbench.sample.shop.storefront.CatalogQuery;
import dev.jvmbench.sample.shop.storefront.ListingService;
import dev.jvmbench.sample.shop.storefront.ProductDetailService;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** The catalogue as JSON: listings with the catalogue page's filters, product details, categories, reviews. */
@RestController
@RequestMapping("/api")
class ProductApi {

    private final ListingService listings;
    private final ProductDetailService details;
    private final CategoryRepository categories;
    private final ReviewService reviews;
    private final ApiMapper mapper;

    ProductApi(ListingService listings, ProductDetailService details, CategoryRepository categories,
               ReviewService reviews, ApiMapper mapper) {
        this.listings = listings;
        this.details = details;
        this.categories = categories;
        this.reviews = reviews;
        this.mapper = mapper;
    }

    @GetMapping("/products")
    Dtos.Listing products(@Valid CatalogQuery query) {
        return mapper.listing(listings.list(query));
    }

    @GetMapping("/products/{id}")
    @Transactional(readOnly = true)
    Dtos.ProductDetail product(@PathVariable @Positive long id,
                               @RequestParam(name = "reviews", defaultValue = "1") @Min(1) @Max(1000) int reviewPage,
                               @RequestParam(required = false) @Pattern(regexp = "[A-Za-z]{2}") String country) {
        return mapper.detail(details.byId(id, reviewPage - 1, country), new CategoryTree(categories.findAllInOrder()));
    }

    @GetMapping("/categories")
    @Transactional(readOnly = true)
    List<Dtos.CategoryNode> categories() {
        return mapper.tree(new CategoryTree(categories.findAllInOrder()));
    }

    @PostMapping("/products/{id}/reviews")
    @ResponseStatus(HttpStatus.CREATED)
    Dtos.ReviewView review(@PathVariable @Positive long id, @Valid @RequestBody Requests.ReviewRequest request) {
        return mapper.review(reviews.add(id, request.customerId(), request.rating(), request.title(), request.body()));
    }
}
