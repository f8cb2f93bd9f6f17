package dev.jvmbench.api.webhook;

import dev.jvmbench.api.problem.ApiException;
import io.swagger.v3.oas.annotations.media.Schema;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.stereotype.Service;

/** Webhooks as the api shows them: created (with the secret, once), listed, deleted, their deliveries. */
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
                       Instant createdAt, Links links) {

        static WebhookView of(WebhookStore.WebhookRow row) {
            return new WebhookView(row.id(), row.url(), row.labels(), row.app(), row.scenario(), row.createdAt(),
                    Links.of(row.id()));
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

    List<WebhookView> list() {
        return store.list().stream().map(WebhookView::of).toList();
    }

    WebhookView get(long id) {
        return store.find(id).map(WebhookView::of).orElseThrow(() -> ApiException.notFound("webhook", id));
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
