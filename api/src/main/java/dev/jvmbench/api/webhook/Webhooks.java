package dev.jvmbench.api.webhook;

import dev.jvmbench.api.problem.ApiException;
import io.swagger.v3.oas.annotations.media.Schema;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.stereotype.Service;

/**
 * Webhooks as the api shows them: created (with the secret, once), listed, their secret rotated
 * (the new one shown once), deleted, their deliveries.
 */
@Service
class Webhooks {

    private final WebhookStore store;
    private final SecureRandom random = new SecureRandom();

    Webhooks(WebhookStore store) {
        this.store = store;
    }

    @Schema(name = "Webhook")
    record WebhookView(long id, String url,
                       @Schema(description = "The jobs it hears about carry every one of these labels (none: every job)")
                       Map<String, String> labels,
                       @Schema(description = "Only jobs of this app: its name (app.name) or one build's reference")
                       String app,
                       @Schema(description = "Only jobs of this scenario") String scenario,
                       Instant createdAt,
                       @Schema(description = "While a rotated secret still signs beside the current one (docs/alerts.md, "
                               + "\"Rotating a secret\"): until when. Absent otherwise")
                       Instant previousSecretValidUntil,
                       Links links) {

        static WebhookView of(WebhookStore.WebhookRow row, Instant now) {
            Instant until = row.previousSecretUntil();
            return new WebhookView(row.id(), row.url(), row.labels(), row.app(), row.scenario(), row.createdAt(),
                    until != null && until.isAfter(now) ? until : null, Links.of(row.id()));
        }
    }

    @Schema(name = "WebhookLinks")
    record Links(String self, String deliveries) {
        static Links of(long id) {
            return new Links("/api/v1/webhooks/" + id, "/api/v1/webhooks/" + id + "/deliveries");
        }
    }

    @Schema(name = "CreatedWebhook", description = "The webhook with its signing secret, shown this once")
    record Created(long id, String url, Map<String, String> labels, String app, String scenario, Instant createdAt,
                   @Schema(description = "The signing secret (whsec_ and base64 of the key): verify each delivery's "
                           + "webhook-signature with it (docs/alerts.md). Shown only in this answer") String secret,
                   Links links) {
    }

    @Schema(name = "RotatedWebhookSecret", description = "The webhook's new signing secret, shown this once")
    record Rotated(long id,
                   @Schema(description = "The new signing secret: every delivery is signed with it from now on. Shown "
                           + "only in this answer") String secret,
                   @Schema(description = "Until when deliveries also carry a signature made with the secret it replaced "
                           + "(webhook-signature holds both, space-delimited); absent when that stopped at once")
                   Instant previousSecretValidUntil,
                   Links links) {
    }

    @Schema(name = "WebhookDelivery")
    record DeliveryView(long id,
                        @Schema(description = "The job where the change point entered") long jobId,
                        @Schema(description = "Its series: metric/jdk/threadModel/level") String series,
                        @Schema(description = "The ended job whose check found it") long checkedJobId,
                        @Schema(description = "The header webhook-id: the same on every attempt") String messageId,
                        @Schema(description = "pending (an attempt is due at nextAttemptAt), delivered (a 2xx answer), "
                                + "failed (no more attempts: the last one allowed failed, or the receiver answered 410)",
                                allowableValues = {"pending", "delivered", "failed"})
                        String status,
                        @Schema(description = "Attempts made") int attempts, Instant nextAttemptAt, Instant lastAttemptAt,
                        @Schema(description = "The receiver's HTTP status at the last attempt; absent when none came")
                        Integer lastStatusCode,
                        @Schema(description = "Why the last attempt failed") String lastError,
                        Instant createdAt, Instant deliveredAt,
                        @Schema(description = "The body as sent, JSON (schema WebhookPayload)") String payload) {

        static DeliveryView of(WebhookStore.DeliveryRow row) {
            return new DeliveryView(row.id(), row.jobId(), row.seriesKey(), row.checkedJobId(), row.messageId(),
                    row.status().name().toLowerCase(Locale.ROOT), row.attempts(),
                    row.status() == WebhookStore.Status.PENDING ? row.nextAttemptAt() : null, row.lastAttemptAt(),
                    row.lastStatusCode(), row.lastError(), row.createdAt(), row.deliveredAt(), row.payload());
        }
    }

    Created create(WebhookController.CreateWebhookRequest request, Long tokenId) {
        if (WebhookUrls.parse(request.url()) == null) {
            throw ApiException.invalid("url", WebhookUrls.RULE);
        }
        String secret = request.secret() != null ? request.secret() : WebhookSignature.newSecret(random);
        Map<String, String> labels = request.labels() == null ? Map.of() : new TreeMap<>(request.labels());
        WebhookStore.WebhookRow row = store.insert(request.url(), labels, request.app(), request.scenario(), secret, tokenId);
        return new Created(row.id(), row.url(), row.labels(), row.app(), row.scenario(), row.createdAt(), secret,
                Links.of(row.id()));
    }

    /**
     * A new secret (the one given, or one drawn) for the webhook; the one it replaces keeps signing
     * beside it for {@code overlapHours} (0: stops at once), so that receivers can move to the new one
     * without a delivery failing verification.
     */
    Rotated rotateSecret(long id, WebhookController.RotateSecretRequest request) {
        String secret = request != null && request.secret() != null ? request.secret() : WebhookSignature.newSecret(random);
        int hours = request != null && request.previousValidHours() != null
                ? request.previousValidHours() : WebhookController.RotateSecretRequest.DEFAULT_PREVIOUS_VALID_HOURS;
        Instant now = Instant.now();
        WebhookStore.WebhookRow row = store.rotateSecret(id, secret, now, now.plus(Duration.ofHours(hours)))
                .orElseThrow(() -> ApiException.notFound("webhook", id));
        return new Rotated(row.id(), secret, row.previousSecretUntil(), Links.of(row.id()));
    }

    List<WebhookView> list() {
        Instant now = Instant.now();
        return store.list().stream().map(row -> WebhookView.of(row, now)).toList();
    }

    WebhookView get(long id) {
        return store.find(id).map(row -> WebhookView.of(row, Instant.now()))
                .orElseThrow(() -> ApiException.notFound("webhook", id));
    }

    WebhookView delete(long id) {
        WebhookView found = get(id);
        if (!store.delete(id)) {
            throw ApiException.notFound("webhook", id);
        }
        return found;
    }

    List<DeliveryView> deliveries(long id, int limit) {
        get(id);
        return store.deliveries(id, limit).stream().map(DeliveryView::of).toList();
    }
}
