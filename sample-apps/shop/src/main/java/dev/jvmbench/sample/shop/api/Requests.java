package dev.jvmbench.sample.shop.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.util.List;

/** The JSON API's request bodies, validated before any business code sees them. */
final class Requests {

    private Requests() {
    }

    record Item(@NotNull @Positive Long productId, @NotNull @Min(1) @Max(99) Integer quantity) {
    }

    record QuoteRequest(@Positive Long customerId,
                        @Pattern(regexp = "[A-Za-z]{2}", message = "must be a two-letter country code") String country,
                        @NotEmpty @Size(max = 50) List<@Valid @NotNull Item> items) {
    }

    record OrderRequest(@NotNull @Positive Long customerId,
                        @Pattern(regexp = "[A-Za-z]{2}", message = "must be a two-letter country code") String country,
                        @NotEmpty @Size(max = 50) List<@Valid @NotNull Item> items) {
    }

    record StatusChange(@NotNull @Pattern(regexp = "PAID|SHIPPED|DELIVERED|CANCELLED",
            message = "must be PAID, SHIPPED, DELIVERED or CANCELLED") String status) {
    }

    record ReviewRequest(@NotNull @Positive Long customerId, @NotNull @Min(1) @Max(5) Integer rating,
                         @NotBlank @Size(max = 120) String title, @NotBlank @Size(min = 20, max = 4000) String body) {
    }
}
