package dev.jvmbench.api.webhook;

import dev.jvmbench.api.analysis.History;
import dev.jvmbench.api.analysis.JobChangePoints;
import dev.jvmbench.common.store.JobRow;
import dev.jvmbench.common.store.Jobs;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Finds what to send and sends it (docs/alerts.md). Two steps, each a pass any api instance may run
 * at any time ({@link WebhookSchedule} runs both every bench.webhooks.interval):
 *
 * <ol>
 *   <li>{@link #scan}: the jobs that ended since the oldest webhook was created and were not looked at
 *       yet. For each webhook whose selector the job matches (and that existed when the job ended),
 *       the history of the job's app and scenario over the jobs with the webhook's labels is read
 *       ({@link JobChangePoints#worse}) and every change point in the worse direction on the job's
 *       gate metrics that entered at this job, or at an earlier job of the series submitted after the
 *       webhook (a change found only once more jobs followed it), becomes a PENDING delivery: one per
 *       webhook x job where it entered x series, whoever finds it first. The deliveries and the mark
 *       that the job was looked at are written in one transaction, so a crash in between leaves the
 *       job to be looked at again, and looking again adds nothing that is there.</li>
 *   <li>{@link #deliverDue}: the PENDING deliveries that are due are claimed (their attempt counted,
 *       a lease set) and POSTed at once, each signed for its attempt, bounded by
 *       bench.webhooks.timeout; a 2xx answer delivers, a 410 gives up, anything else (another status,
 *       a timeout, a refused connection) is retried after {@link RetrySchedule}'s wait, until
 *       bench.webhooks.max-attempts.</li>
 * </ol>
 *
 * <p>Everything lives in the database: a restarted api finds its pending deliveries, never sends a
 * delivered one again, and looks at the jobs that ended while it was down. One case cannot be told
 * apart: a crash after the receiver got a request and before its answer was recorded; that delivery
 * is sent again once its lease has passed, with the same webhook-id, by which the receiver knows it.
 */
@Service
public class WebhookDispatcher {

    private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);
    /** Jobs looked at, and deliveries claimed, per pass. */
    static final int BATCH = 20;
    /** How long a claimed delivery stays away from other passes, on top of the attempt's timeout. */
    static final Duration LEASE_MARGIN = Duration.ofSeconds(30);
    static final String USER_AGENT = "jvmbench-webhooks/1";

    private final WebhookStore store;
    private final Jobs jobs;
    private final JobChangePoints changePoints;
    private final JsonMapper json;
    private final TransactionTemplate transaction;
    private final Clock clock;
    private final WebhookSettings settings;
    private final RetrySchedule retries;
    private final HttpClient http;

    WebhookDispatcher(WebhookStore store, Jobs jobs, JobChangePoints changePoints, JsonMapper json,
                      PlatformTransactionManager transactions, Clock clock, WebhookSettings settings) {
        this.store = store;
        this.jobs = jobs;
        this.changePoints = changePoints;
        this.json = json;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
        this.settings = settings;
        this.retries = settings.retries();
        this.http = HttpClient.newBuilder()
                .connectTimeout(settings.timeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .build();
    }

    /** One pass of both steps at the clock's time. */
    public void pass() {
        Instant now = clock.instant();
        scan(now);
        deliverDue(now);
    }

    /** Looks at up to {@link #BATCH} newly ended jobs; the deliveries it added. */
    public int scan(Instant now) {
        List<WebhookStore.WebhookRow> webhooks = store.list();
        if (webhooks.isEmpty()) {
            return 0;
        }
        Instant since = webhooks.stream().map(WebhookStore.WebhookRow::createdAt).min(Instant::compareTo).orElseThrow();
        int added = 0;
        for (JobRow job : jobs.endedUncheckedForWebhooks(since, BATCH)) {
            try {
                added += check(job, webhooks, now);
            } catch (RuntimeException e) {
                // left unmarked: looked at again next pass, without holding up the jobs after it
                log.warn("Job {}: looking for change points to send failed, again next pass: {}", job.id(), e.toString());
            }
        }
        return added;
    }

    private int check(JobRow job, List<WebhookStore.WebhookRow> webhooks, Instant now) {
        List<String> metrics = JobChangePoints.gateMetrics(job.spec());
        // one read of each history the matching webhooks share (the same app and labels)
        Map<String, List<History.SeriesChange>> histories = new LinkedHashMap<>();
        record Pending(WebhookStore.WebhookRow webhook, History.SeriesChange change) {
        }
        List<Pending> pending = new ArrayList<>();
        for (WebhookStore.WebhookRow webhook : webhooks) {
            if (!matches(webhook, job) || job.finishedAt().isBefore(webhook.createdAt())) {
                continue;
            }
            String app = webhook.app() != null ? webhook.app() : job.appName();
            List<History.SeriesChange> worse = histories.computeIfAbsent(app + "\n" + json.writeValueAsString(webhook.labels()),
                    k -> changePoints.worse(app, job.scenario(), metrics, webhook.labels()));
            for (History.SeriesChange change : worse) {
                var entered = change.change().job();
                if (entered.id() == job.id() || !entered.createdAt().isBefore(webhook.createdAt())) {
                    pending.add(new Pending(webhook, change));
                }
            }
        }
        Integer added = transaction.execute(status -> {
            int count = 0;
            for (Pending p : pending) {
                String messageId = "msg_" + UUID.randomUUID().toString().replace("-", "");
                String body = json.writeValueAsString(payload(p.webhook(), job, p.change(), now));
                if (store.insertDelivery(p.webhook().id(), p.change().change().job().id(),
                        JobChangePoints.seriesKey(p.change()), job.id(), messageId, body, now)) {
                    count++;
                }
            }
            store.markChecked(job.id());
            return count;
        });
        if (added != null && added > 0) {
            log.info("Job {}: {} webhook deliveries of worse change points queued", job.id(), added);
        }
        return added == null ? 0 : added;
    }

    /** Whether the job carries every label of the webhook's selector and its app and scenario, when given. */
    static boolean matches(WebhookStore.WebhookRow webhook, JobRow job) {
        for (var label : webhook.labels().entrySet()) {
            if (!label.getValue().equals(job.labels().get(label.getKey()))) {
                return false;
            }
        }
        return (webhook.app() == null || webhook.app().equals(job.appName()) || webhook.app().equals(job.appRef()))
                && (webhook.scenario() == null || webhook.scenario().equals(job.scenario()));
    }

    private WebhookPayload payload(WebhookStore.WebhookRow webhook, JobRow checked, History.SeriesChange change,
                                   Instant now) {
        var entered = change.change().job();
        // the job where it entered is the one looked at, or an earlier one of the same app and scenario
        JobRow job = entered.id() == checked.id() ? checked : jobs.find(entered.id()).orElse(checked);
        return new WebhookPayload(WebhookPayload.TYPE, now, new WebhookPayload.Data(
                new WebhookPayload.Hook(webhook.id(), webhook.labels(), webhook.app(), webhook.scenario()),
                new WebhookPayload.Job(job.id(), job.createdAt(), job.labels(), job.appName(), job.appRef(), job.scenario()),
                checked.id(), change,
                new WebhookPayload.Links("/api/v1/jobs/" + job.id(), "/jobs/" + job.id() + "/report",
                        changePointsLink(job.id(), webhook.labels()),
                        JobChangePoints.historyLink(change.app(), change.scenario(), List.of(change.metric()),
                                webhook.labels()))));
    }

    private static String changePointsLink(long jobId, Map<String, String> labels) {
        StringBuilder link = new StringBuilder("/api/v1/jobs/").append(jobId).append("/change-points");
        char separator = '?';
        for (var label : new java.util.TreeMap<>(labels).entrySet()) {
            link.append(separator).append("label=").append(java.net.URLEncoder.encode(label.getKey() + "=" + label.getValue(),
                    StandardCharsets.UTF_8));
            separator = '&';
        }
        return link.toString();
    }

    /** Attempts up to {@link #BATCH} due deliveries at once; the number delivered. */
    public int deliverDue(Instant now) {
        List<WebhookStore.Claimed> claimed = store.claimDue(now, now.plus(settings.timeout()).plus(LEASE_MARGIN), BATCH);
        if (claimed.isEmpty()) {
            return 0;
        }
        List<CompletableFuture<Boolean>> attempts = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (WebhookStore.Claimed delivery : claimed) {
                attempts.add(CompletableFuture.supplyAsync(() -> attempt(delivery, now), executor));
            }
        }
        return (int) attempts.stream().filter(CompletableFuture::join).count();
    }

    /** One attempt and its outcome recorded; whether it was delivered. */
    boolean attempt(WebhookStore.Claimed delivery, Instant now) {
        Outcome outcome = send(delivery);
        if (outcome.delivered()) {
            store.recordOutcome(delivery.id(), delivery.attempts(), WebhookStore.Status.DELIVERED, outcome.statusCode(),
                    null, null);
            return true;
        }
        boolean giveUp = outcome.gone() || retries.exhausted(delivery.attempts());
        Instant next = giveUp ? null : now.plus(retries.after(delivery.attempts(), delivery.id(), outcome.retryAfter()));
        store.recordOutcome(delivery.id(), delivery.attempts(), giveUp ? WebhookStore.Status.FAILED
                : WebhookStore.Status.PENDING, outcome.statusCode(), outcome.error(), next);
        log.info("Webhook delivery {} attempt {} failed ({}): {}", delivery.id(), delivery.attempts(), outcome.error(),
                giveUp ? "no more attempts" : "next at " + next);
        return false;
    }

    /** What one attempt came to. */
    record Outcome(boolean delivered, boolean gone, Integer statusCode, String error, Duration retryAfter) {
    }

    /** POSTs the payload, signed for this attempt, within bench.webhooks.timeout all told. */
    Outcome send(WebhookStore.Claimed delivery) {
        URI uri = WebhookUrls.parse(delivery.url());
        if (uri == null) {
            return new Outcome(false, false, null, "not a URL the api sends to: " + delivery.url(), null);
        }
        byte[] body = delivery.payload().getBytes(StandardCharsets.UTF_8);
        long timestamp = clock.instant().getEpochSecond();
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(settings.timeout())
                .header("Content-Type", "application/json")
                .header("User-Agent", USER_AGENT)
                .header(WebhookSignature.ID_HEADER, delivery.messageId())
                .header(WebhookSignature.TIMESTAMP_HEADER, Long.toString(timestamp))
                .header(WebhookSignature.SIGNATURE_HEADER,
                        WebhookSignature.signatures(delivery.secret(), delivery.previousSecret(), delivery.messageId(),
                                timestamp, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        CompletableFuture<HttpResponse<Void>> exchange = http.sendAsync(request, HttpResponse.BodyHandlers.discarding());
        try {
            // the request's timeout ends the wait for the answer's headers; this bounds the body too
            HttpResponse<Void> response = exchange.get(settings.timeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                return new Outcome(true, false, status, null, null);
            }
            return new Outcome(false, status == 410, status, "HTTP " + status
                    + (status == 410 ? " Gone: the receiver wants no more" : status >= 300 && status < 400
                    ? " (redirects are not followed: give the webhook its final URL)" : ""),
                    retryAfter(response.headers().firstValue("Retry-After").orElse(null)));
        } catch (TimeoutException e) {
            exchange.cancel(true);
            return new Outcome(false, false, null, "no answer within " + settings.timeout().toSeconds() + " s", null);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            String error = cause instanceof HttpTimeoutException ? "no answer within " + settings.timeout().toSeconds() + " s"
                    : cause instanceof ConnectException ? "connection refused or unreachable"
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
                    : cause instanceof IOException ? "I/O error: " + cause
                    : cause.toString();
            return new Outcome(false, false, null, error, null);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            return new Outcome(false, false, null, "interrupted (the api is stopping)", null);
        }
    }

    /** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
    static Duration retryAfter(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            long seconds = Long.parseLong(value.trim());
            return seconds < 0 ? null : Duration.ofSeconds(seconds);
        } catch (NumberFormatException e) {
            try {
                Duration until = Duration.between(Instant.now(),
                        ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
                return until.isNegative() ? null : until;
            } catch (RuntimeException unreadable) {
                return null;
            }
        }
    }
}
