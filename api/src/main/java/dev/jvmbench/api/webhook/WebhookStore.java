package dev.jvmbench.api.webhook;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner of the api's tables webhooks, webhook_deliveries and webhook_job_checks (V28, V29): every
 * statement on them is here. Methods join the caller's transaction; outside one each statement
 * commits by itself.
 */
@Component
class WebhookStore {

    /** The statuses of a delivery, as stored. */
    enum Status { PENDING, DELIVERED, FAILED }

    /** A webhook as stored; previousSecretUntil: when the secret a rotation replaced stops signing (null: none). */
    record WebhookRow(long id, String url, Map<String, String> labels, String app, String scenario, String secret,
                      Long createdBy, Instant createdAt, Instant previousSecretUntil) {
    }

    /** A delivery as stored. */
    record DeliveryRow(long id, long webhookId, long jobId, String seriesKey, long checkedJobId, String messageId,
                       String payload, Status status, int attempts, Instant nextAttemptAt, Instant lastAttemptAt,
                       Integer lastStatusCode, String lastError, Instant createdAt, Instant deliveredAt) {
    }

    /**
     * A delivery claimed for an attempt, with where it goes and how to sign it: with the secret, and
     * with the one a rotation replaced while that still signs (else null).
     */
    record Claimed(long id, String messageId, String payload, int attempts, String url, String secret,
                   String previousSecret) {
    }

    private static final TypeReference<Map<String, String>> LABELS = new TypeReference<>() {
    };

    private final JdbcClient jdbc;
    private final JsonMapper json;

    WebhookStore(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    WebhookRow insert(String url, Map<String, String> labels, String app, String scenario, String secret, Long createdBy) {
        return jdbc.sql("""
                        INSERT INTO webhooks (url, labels, app, scenario, secret, created_by)
                        VALUES (:url, CAST(:labels AS jsonb), :app, :scenario, :secret, :createdBy) RETURNING *""")
                .param("url", url).param("labels", json.writeValueAsString(new TreeMap<>(labels)))
                .param("app", app).param("scenario", scenario).param("secret", secret).param("createdBy", createdBy)
                .query(this::webhook).single();
    }

    List<WebhookRow> list() {
        return jdbc.sql("SELECT * FROM webhooks ORDER BY id").query(this::webhook).list();
    }

    Optional<WebhookRow> find(long id) {
        return jdbc.sql("SELECT * FROM webhooks WHERE id = :id").param("id", id).query(this::webhook).optional();
    }

    /**
     * Gives the webhook a new secret. The one it replaces keeps signing beside it until {@code until}
     * when that is after {@code now}; otherwise (an overlap of zero) it stops at once. A secret still
     * signing from an earlier rotation stops now: two at most sign at a time. Empty when there is no
     * such webhook.
     */
    Optional<WebhookRow> rotateSecret(long id, String secret, Instant now, Instant until) {
        boolean overlap = until.isAfter(now);
        return jdbc.sql("""
                        UPDATE webhooks SET previous_secret = CASE WHEN :overlap THEN secret END,
                                            previous_secret_until = CAST(:until AS timestamptz),
                                            secret = :secret
                         WHERE id = :id RETURNING *""")
                .param("overlap", overlap).param("until", overlap ? utc(until) : null).param("secret", secret)
                .param("id", id).query(this::webhook).optional();
    }

    /** Deletes the webhook and, with it, its deliveries (sent or not). False when there was none. */
    boolean delete(long id) {
        return jdbc.sql("DELETE FROM webhooks WHERE id = :id").param("id", id).update() == 1;
    }

    /** When the oldest webhook was created: no job that ended before it concerns any webhook. */
    Optional<Instant> oldestCreatedAt() {
        return jdbc.sql("SELECT created_at FROM webhooks ORDER BY created_at LIMIT 1")
                .query((rs, n) -> instant(rs, "created_at")).optional();
    }

    /**
     * A new PENDING delivery, due at {@code dueAt}; false (nothing written) when this webhook already
     * has one for this job and series.
     */
    boolean insertDelivery(long webhookId, long jobId, String seriesKey, long checkedJobId, String messageId,
                           String payload, Instant dueAt) {
        return jdbc.sql("""
                        INSERT INTO webhook_deliveries (webhook_id, job_id, series_key, checked_job_id, message_id, payload,
                                                        status, next_attempt_at)
                        VALUES (:webhook, :job, :series, :checked, :message, :payload, 'PENDING', :due)
                        ON CONFLICT (webhook_id, job_id, series_key) DO NOTHING""")
                .param("webhook", webhookId).param("job", jobId).param("series", seriesKey).param("checked", checkedJobId)
                .param("message", messageId).param("payload", payload).param("due", utc(dueAt))
                .update() == 1;
    }

    /** Records that an ended job was looked at (a second look, by another api instance, changes nothing). */
    void markChecked(long jobId) {
        jdbc.sql("INSERT INTO webhook_job_checks (job_id) VALUES (:job) ON CONFLICT DO NOTHING").param("job", jobId).update();
    }

    /**
     * Claims up to {@code limit} PENDING deliveries due at {@code now} for one attempt each, in one
     * statement: their attempts count up and they are due again at {@code leaseUntil}, so another api
     * instance skips them meanwhile and a crash before the outcome is recorded leaves them due once
     * the lease has passed. Rows another instance is claiming are skipped. Due-ness and the lease are
     * reckoned from {@code now} (the pass's time, which tests set ahead); the times recorded are the
     * database's.
     */
    List<Claimed> claimDue(Instant now, Instant leaseUntil, int limit) {
        return jdbc.sql("""
                        UPDATE webhook_deliveries d
                           SET attempts = d.attempts + 1, next_attempt_at = :lease, last_attempt_at = now()
                          FROM webhooks w
                         WHERE w.id = d.webhook_id
                           AND d.id IN (SELECT id FROM webhook_deliveries
                                         WHERE status = 'PENDING' AND next_attempt_at <= :now
                                         ORDER BY next_attempt_at, id LIMIT :limit FOR UPDATE SKIP LOCKED)
                        RETURNING d.id, d.message_id, d.payload, d.attempts, w.url, w.secret,
                                  CASE WHEN w.previous_secret_until > :now THEN w.previous_secret END AS previous_secret""")
                .param("now", utc(now)).param("lease", utc(leaseUntil)).param("limit", limit)
                .query((rs, n) -> new Claimed(rs.getLong("id"), rs.getString("message_id"), rs.getString("payload"),
                        rs.getInt("attempts"), rs.getString("url"), rs.getString("secret"),
                        rs.getString("previous_secret"))).list();
    }

    /**
     * The outcome of attempt {@code attempts}: DELIVERED, PENDING again at {@code nextAttemptAt}, or
     * FAILED (nextAttemptAt null and not delivered). Compare-and-set on the attempt: an outcome
     * arriving after the lease passed and another attempt began is dropped.
     */
    boolean recordOutcome(long id, int attempts, Status status, Integer statusCode, String error, Instant nextAttemptAt) {
        return jdbc.sql("""
                        UPDATE webhook_deliveries
                           SET status = :status, last_status_code = :code, last_error = :error,
                               next_attempt_at = :next,
                               delivered_at = CASE WHEN :status = 'DELIVERED' THEN now() END
                         WHERE id = :id AND attempts = :attempts AND status = 'PENDING'""")
                .param("status", status.name()).param("code", statusCode)
                .param("error", error == null ? null : error.length() > 500 ? error.substring(0, 500) : error)
                .param("next", utc(nextAttemptAt)).param("id", id).param("attempts", attempts)
                .update() == 1;
    }

    /** A webhook's deliveries, newest first. */
    List<DeliveryRow> deliveries(long webhookId, int limit) {
        return jdbc.sql("SELECT * FROM webhook_deliveries WHERE webhook_id = :webhook ORDER BY id DESC LIMIT :limit")
                .param("webhook", webhookId).param("limit", limit).query(this::delivery).list();
    }

    private WebhookRow webhook(ResultSet rs, int n) throws SQLException {
        return new WebhookRow(rs.getLong("id"), rs.getString("url"), json.readValue(rs.getString("labels"), LABELS),
                rs.getString("app"), rs.getString("scenario"), rs.getString("secret"),
                (Long) rs.getObject("created_by"), instant(rs, "created_at"), instant(rs, "previous_secret_until"));
    }

    private DeliveryRow delivery(ResultSet rs, int n) throws SQLException {
        return new DeliveryRow(rs.getLong("id"), rs.getLong("webhook_id"), rs.getLong("job_id"), rs.getString("series_key"),
                rs.getLong("checked_job_id"), rs.getString("message_id"), rs.getString("payload"),
                Status.valueOf(rs.getString("status")), rs.getInt("attempts"), instant(rs, "next_attempt_at"),
                instant(rs, "last_attempt_at"), (Integer) rs.getObject("last_status_code"), rs.getString("last_error"),
                instant(rs, "created_at"), instant(rs, "delivered_at"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp value = rs.getTimestamp(column);
        return value == null ? null : value.toInstant();
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
