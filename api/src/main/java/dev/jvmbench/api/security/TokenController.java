package dev.jvmbench.api.security;

import io.swagger.v3.oas.annotations.tags.Tag;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import dev.jvmbench.common.text.MaxChars;
import dev.jvmbench.common.text.TextRules;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.net.URI;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Token management (admin role). */
@RestController
@Tag(name = "tokens")
@RequestMapping("/api/v1/tokens")
class TokenController {

    private final TokenService tokens;

    TokenController(TokenService tokens) {
        this.tokens = tokens;
    }

    @Operation(operationId = "createToken", summary = "Create an API token (admin)", description = "The secret is in the response once; only its hash is stored.")
    @ApiResponse(responseCode = "201", description = "Created", useReturnTypeSchema = true)
    @PostMapping
    ResponseEntity<TokenService.IssuedToken> create(@Valid @RequestBody CreateTokenRequest request) {
        var issued = tokens.issue(request.name(), request.role());
        return ResponseEntity.created(URI.create("/api/v1/tokens/" + issued.id())).body(issued);
    }

    @Operation(operationId = "listTokens", summary = "List API tokens (admin), without secrets")
    @GetMapping
    TokenList list() {
        return new TokenList(tokens.list());
    }

    @Operation(operationId = "revokeToken", summary = "Revoke an API token (admin)")
    @DeleteMapping("/{id}")
    TokenService.TokenView revoke(@PathVariable long id) {
        return tokens.revoke(id);
    }

    /** The name labels the token in listings and logs: one line, not blank, at most 100 characters. */
    record CreateTokenRequest(
            @NotEmpty(message = "is required") @MaxChars(100)
            @Pattern(regexp = TextRules.ONE_LINE_NAME, message = "must hold a character other than a space, and no control characters")
            @Schema(minLength = 1, maxLength = 100) String name,
            @NotNull(message = "must be one of [read, submit, admin]") Role role) {
    }

    record TokenList(List<TokenService.TokenView> items) {
    }
}
