package dev.jvmbench.api.webhook;

import dev.jvmbench.api.security.TokenService;
import dev.jvmbench.common.text.MaxChars;
import dev.jvmbench.common.text.TextRules;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Webhooks (admin role): where worse change points on gate metrics are sent (docs/alerts.md). */
@RestController
@Tag(name = "webhooks")
@RequestMapping("/api/v1/webhooks")
class WebhookController {

    private final Webhooks webhooks;

    WebhookController(Webhooks webhooks) {
        this.webhooks = webhooks;
    }

    @Operation(operationId = "createWebhook", summary = "Create a webhook (admin)",
            description = "When a job carrying every label of labels (and of app and scenario, when given) ends, the "
                    + "api looks in the history of its app and scenario over the jobs with those labels for change "
                    + "points in the worse direction on the job's gate metrics that entered at that job (or at an "
                    + "earlier job of the series submitted after the webhook, found only now), and POSTs each once to "
                    + "url, signed as Standard Webhooks sign, retried with backoff (docs/alerts.md). The secret is in "
                    + "this answer only: give one (whsec_ and base64 of 24 to 64 bytes) or let the api draw one.")
    @ApiResponse(responseCode = "201", description = "Created", useReturnTypeSchema = true)
    @PostMapping
    ResponseEntity<Webhooks.Created> create(@Valid @RequestBody CreateWebhookRequest request,
                                            @AuthenticationPrincipal TokenService.Principal principal) {
        var created = webhooks.create(request, principal == null ? null : principal.tokenId());
        return ResponseEntity.created(URI.create("/api/v1/webhooks/" + created.id())).body(created);
    }

    @Operation(operationId = "listWebhooks", summary = "List webhooks (admin), without their secrets")
    @GetMapping
    WebhookList list() {
        return new WebhookList(webhooks.list());
    }

    @Operation(operationId = "getWebhook", summary = "A webhook (admin), without its secret")
    @GetMapping("/{id}")
    Webhooks.WebhookView get(@PathVariable long id) {
        return webhooks.get(id);
    }

    @Operation(operationId = "rotateWebhookSecret", summary = "Give a webhook a new signing secret (admin)",
            description = "The new secret (given, or drawn by the api) signs every delivery from now on; the one it "
                    + "replaces keeps signing beside it for previousValidHours (default 24; 0 stops it at once), "
                    + "both signatures in webhook-signature, so that the receiver can switch without a delivery "
                    + "failing. A secret still signing from an earlier rotation stops now. The new secret is in "
                    + "this answer only.")
    @PostMapping("/{id}/secret")
    Webhooks.Rotated rotateSecret(@PathVariable long id, @Valid @RequestBody(required = false) RotateSecretRequest request) {
        return webhooks.rotateSecret(id, request);
    }

    @Operation(operationId = "deleteWebhook", summary = "Delete a webhook and its deliveries (admin)",
            description = "Nothing more is sent to it, pending deliveries included.")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @DeleteMapping("/{id}")
    ResponseEntity<Void> delete(@PathVariable long id) {
        webhooks.delete(id);
        return ResponseEntity.noContent().build();
    }

    @Operation(operationId = "listWebhookDeliveries", summary = "A webhook's deliveries, newest first (admin)",
            description = "One per change point (job where it entered x series): its status, attempts, the last "
                    + "answer or error, and the body as sent.")
    @GetMapping("/{id}/deliveries")
    DeliveryList deliveries(@PathVariable long id,
                            @Parameter(description = "The newest this many") @RequestParam(defaultValue = "50")
                            @Min(value = 1, message = "must be between 1 and 500")
                            @Max(value = 500, message = "must be between 1 and 500") int limit) {
        return new DeliveryList(webhooks.deliveries(id, limit));
    }

    /** A receiver and the jobs it hears about. */
    @Schema(name = "WebhookRequest")
    record CreateWebhookRequest(
            @NotNull(message = "is required") @MaxChars(WebhookUrls.MAX_CHARS)
            @Pattern(regexp = WebhookUrls.PATTERN, message = WebhookUrls.RULE)
            @Schema(description = "Where deliveries are POSTed: http or https", example = "https://ci.example.com/hooks/jvmbench")
            String url,
            @Size(max = 10, message = "must hold at most 10 labels")
            @Schema(description = "The jobs it hears about carry every one of these labels, e.g. branch=main; the history "
                    + "searched is over the jobs with these labels. Left out: every job")
            Map<@Pattern(regexp = "^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$", message = "must be 1-100 characters of [A-Za-z0-9._/-]") String,
                    @NotNull(message = "must not be null") @MaxChars(500)
                    @Pattern(regexp = TextRules.NO_NUL, message = "must not contain NUL (U+0000)") String> labels,
            @MaxChars(300) @Pattern(regexp = "^[!-~]+$", message = "must be 1 or more visible ASCII characters")
            @Schema(description = "Only jobs of this app: its name (app.name, every build) or one build's reference "
                    + "(an image reference, artifact:<id>, stock)")
            String app,
            @MaxChars(100) @Pattern(regexp = "^[A-Za-z0-9][A-Za-z0-9._-]*$", message = "must be a scenario name ([A-Za-z0-9._-])")
            @Schema(description = "Only jobs of this scenario") String scenario,
            @Pattern(regexp = WebhookSignature.SECRET_PATTERN, message = "must be whsec_ and the base64 of 24 to 64 bytes")
            @Schema(description = "The signing secret: whsec_ and the base64 of 24 to 64 random bytes. Left out, the api "
                    + "draws 32 bytes") String secret) {
    }

    /** A rotation's new secret, and how long the one it replaces keeps signing. */
    @Schema(name = "RotateWebhookSecretRequest")
    record RotateSecretRequest(
            @Pattern(regexp = WebhookSignature.SECRET_PATTERN, message = "must be whsec_ and the base64 of 24 to 64 bytes")
            @Schema(description = "The new signing secret: whsec_ and the base64 of 24 to 64 random bytes. Left out, the "
                    + "api draws 32 bytes") String secret,
            @Min(value = 0, message = "must be between 0 and 168 hours")
            @Max(value = 168, message = "must be between 0 and 168 hours")
            @Schema(description = "How many hours the replaced secret keeps signing beside the new one; 0 stops it at "
                    + "once", defaultValue = "24") Integer previousValidHours) {

        static final int DEFAULT_PREVIOUS_VALID_HOURS = 24;
    }

    record WebhookList(List<Webhooks.WebhookView> items) {
    }

    record DeliveryList(List<Webhooks.DeliveryView> items) {
    }
}
