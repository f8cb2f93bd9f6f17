package dev.jvmbench.sample.ledger.transfer;

import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;

/**
 * {@code POST /transfers}: move {@code amount} of {@code currency} (the currency of one of the two
 * accounts) from one account to the other.
 */
public record TransferRequest(@NotNull @Positive Long from, @NotNull @Positive Long to,
                              @NotNull @Positive @Digits(integer = 13, fraction = 2) BigDecimal amount,
                              @NotBlank String currency, @Size(max = 140) String description) {
}
