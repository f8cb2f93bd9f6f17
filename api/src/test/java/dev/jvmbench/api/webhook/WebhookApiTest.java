package dev.jvmbench.api.webhook;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import dev.jvmbench.api.support.SteppedBuilds;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Alerts out, on the real database and over real HTTP: twelve builds whose seventh loses 10% of
 * throughput at level 80 on virtual threads (and p95 rises by as much) end together; the job where
 * the change entered shows its two change points, a webhook whose selector matches receives each
 * exactly once, signed so that the signature verifies (checked here with javax.crypto, as a
 * receiver would, not with the api's code), one that does not match receives nothing, and a
 * receiver that fails twice gets each on the third attempt. The dispatcher's passes are driven
 * from here with times far ahead (the scheduled pass runs on the real clock and never finds a retry
 * due meanwhile), so the backoff does not make the test wait.
 */
@ApiIntegrationTest
class WebhookApiTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    WebhookDispatcher dispatcher;
    @Autowired
    WebhookStore store;

    private final String suite = UUID.randomUUID().toString();
    private final List<Long> created = new ArrayList<>();
    /** Hours ahead of the real clock, one more per pass: every retry is due at the next pass. */
    private int hoursAhead;

    @AfterEach
    void deleteWebhooks() {
        ApiClient api = ApiClient.admin(port);
        for (long id : created) {
            api.delete("/api/v1/webhooks/" + id);
        }
    }

    private JsonNode create(ApiClient api, Map<String, Object> body) {
        JsonNode webhook = api.postJson("/api/v1/webhooks", body).expect(201).json();
        created.add(webhook.get("id").asLong());
        return webhook;
    }

    /** Passes of the dispatcher, each an hour further ahead, until {@code done} (at most 20). */
    private void passUntil(BooleanSupplier done) {
        for (int pass = 0; pass < 20 && !done.getAsBoolean(); pass++) {
            pass();
        }
        assertThat(done.getAsBoolean()).as("reached within 20 passes").isTrue();
    }

    /** One pass an hour further ahead: every ended job of the suite looked at, then the due deliveries sent. */
    private void pass() {
        Instant now = Instant.now().plus(Duration.ofHours(++hoursAhead));
        for (int scans = 0; scans < 50; scans++) {
            dispatcher.scan(now);
            boolean unchecked = !jdbc.sql("""
                            SELECT j.id FROM jobs j WHERE j.labels @> CAST(:labels AS jsonb) AND j.status = 'SUCCEEDED'
                               AND NOT EXISTS (SELECT 1 FROM webhook_job_checks c WHERE c.job_id = j.id)""")
                    .param("labels", "{\"suite\": \"" + suite + "\"}").query(Long.class).list().isEmpty();
            if (!unchecked) {
                break;
            }
        }
        dispatcher.deliverDue(now);
    }

    /** Standard Webhooks' check, as a receiver does it: HMAC-SHA256 of id.timestamp.body with the decoded secret. */
    private static boolean verifies(Receiver.Request request, String secret) throws Exception {
        String id = request.header("webhook-id");
        String timestamp = request.header("webhook-timestamp");
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
        byte[] expected = mac.doFinal(request.body());
        for (String signature : request.header("webhook-signature").split(" ")) {
            if (signature.startsWith("v1,")
                    && MessageDigest.isEqual(expected, Base64.getDecoder().decode(signature.substring(3)))) {
                return Math.abs(Instant.now().getEpochSecond() - Long.parseLong(timestamp)) <= 300;
            }
        }
        return false;
    }

    @Test
    void aWorseChangePointIsShownWhereItEnteredAndSentOnceSignedToTheMatchingWebhooks() throws Exception {
        ApiClient api = ApiClient.admin(port);
        try (Receiver good = new Receiver(0); Receiver other = new Receiver(0); Receiver flaky = new Receiver(2)) {
            JsonNode matching = create(api, map("url", good.url("/hooks/jvmbench?team=perf"), "labels", map("suite", suite)));
            String secret = matching.get("secret").asString();
            assertThat(secret).matches(WebhookSignature.SECRET_PATTERN);
            create(api, map("url", other.url("/hooks"), "labels", map("suite", suite, "branch", "elsewhere")));
            String givenSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
            JsonNode flakyHook = create(api, map("url", flaky.url("/flaky"), "labels", map("suite", suite),
                    "scenario", "io-http", "app", "stock", "secret", givenSecret));
            assertThat(flakyHook.get("secret").asString()).isEqualTo(givenSecret);

            List<Long> ids = SteppedBuilds.seed(api, jdbc, suite, true);
            long entered = ids.get(SteppedBuilds.REGRESSED_FROM - 1);

            // (a) the job where it entered shows its change points; its neighbours show none
            JsonNode job = api.get("/api/v1/jobs/" + entered).expect(200).json();
            JsonNode points = job.get("changePoints");
            assertThat(points.get("labels").toString()).isEqualTo("{\"suite\":\"" + suite + "\"}");
            assertThat(points.get("metrics").toString()).isEqualTo("[\"throughputRps\",\"latencyP95Ms\"]");
            assertThat(points.get("items")).as(points.toString()).hasSize(2);
            Set<String> metrics = new HashSet<>();
            for (JsonNode item : points.get("items")) {
                metrics.add(item.get("metric").asString());
                assertThat(item.get("threadModel").asString()).isEqualTo("virtual");
                assertThat(item.get("level").asInt()).isEqualTo(80);
                assertThat(item.get("jdk").asInt()).isEqualTo(25);
                assertThat(item.at("/change/job/id").asLong()).isEqualTo(entered);
                assertThat(item.at("/change/direction").asString()).isEqualTo("worse");
                assertThat(item.at("/change/ratioLow").asDouble()).isLessThanOrEqualTo(item.at("/change/ratio").asDouble());
            }
            assertThat(metrics).containsExactlyInAnyOrder("throughputRps", "latencyP95Ms");
            assertThat(points.get("history").asString()).contains("/api/v1/history/changes?app=stock&scenario=io-http")
                    .contains("label=suite%3D" + suite);
            assertThat(job.at("/links/changePoints").asString()).isEqualTo("/api/v1/jobs/" + entered + "/change-points");
            for (long neighbour : List.of(ids.get(SteppedBuilds.REGRESSED_FROM - 2), ids.get(SteppedBuilds.REGRESSED_FROM))) {
                assertThat(api.get("/api/v1/jobs/" + neighbour).expect(200).json().at("/changePoints/items")).isEmpty();
            }
            JsonNode asked = api.get("/api/v1/jobs/" + entered + "/change-points?label=suite=" + suite).expect(200).json();
            assertThat(asked.get("items")).hasSize(2);
            // with a selector no job of the series carries, the history is empty: nothing entered there
            assertThat(api.get("/api/v1/jobs/" + entered + "/change-points?label=suite=" + suite + "&label=branch=x")
                    .expect(200).json().get("items")).isEmpty();
            String summary = api.get("/api/v1/jobs/" + entered + "/summary.md").expect(200).body();
            assertThat(summary).contains("Change points that entered with this job")
                    .contains("| JDK 25 virtual | 80 users | Throughput | ")
                    .contains("| JDK 25 virtual | 80 users | Latency p95 | ");
            assertThat(api.get("/api/v1/jobs/" + ids.getLast() + "/summary.md").expect(200).body())
                    .doesNotContain("Change points that entered");

            // (b) and (c): every job looked at, every delivery delivered
            passUntil(() -> good.requests().size() >= 2 && flaky.answered(200).size() >= 2);
            // nothing more comes of further passes, nor of a second look at every job (as after a crash
            // between a job's deliveries and its check mark: the deliveries are unique per change point)
            jdbc.sql("DELETE FROM webhook_job_checks WHERE job_id IN (:ids)").param("ids", ids).update();
            for (int pass = 0; pass < 3; pass++) {
                pass();
            }
            assertThat(jdbc.sql("SELECT count(*) FROM webhook_job_checks WHERE job_id IN (:ids)").param("ids", ids)
                    .query(Long.class).single()).isEqualTo(ids.size());

            assertThat(good.requests()).as("one request per change point").hasSize(2);
            Set<String> messageIds = new HashSet<>();
            Set<String> sentMetrics = new HashSet<>();
            for (Receiver.Request request : good.requests()) {
                assertThat(request.method()).isEqualTo("POST");
                assertThat(request.path()).isEqualTo("/hooks/jvmbench?team=perf");
                assertThat(request.header("Content-Type")).isEqualTo("application/json");
                assertThat(verifies(request, secret)).as("the signature verifies with the secret shown at creation").isTrue();
                assertThat(verifies(request, givenSecret)).as("and with no other").isFalse();
                messageIds.add(request.header("webhook-id"));
                JsonNode payload = JSON.readTree(request.body());
                assertThat(payload.get("type").asString()).isEqualTo("changepoint.worse");
                assertThat(payload.at("/data/job/id").asLong()).isEqualTo(entered);
                assertThat(payload.at("/data/job/labels/sha").asString()).isEqualTo(String.valueOf(SteppedBuilds.REGRESSED_FROM));
                assertThat(payload.at("/data/job/app").asString()).isEqualTo("stock");
                assertThat(payload.at("/data/webhook/id").asLong()).isEqualTo(matching.get("id").asLong());
                assertThat(payload.at("/data/webhook/labels/suite").asString()).isEqualTo(suite);
                JsonNode change = payload.at("/data/changePoint");
                sentMetrics.add(change.get("metric").asString());
                assertThat(change.get("threadModel").asString()).isEqualTo("virtual");
                assertThat(change.get("level").asInt()).isEqualTo(80);
                assertThat(change.at("/change/job/id").asLong()).isEqualTo(entered);
                assertThat(change.at("/change/direction").asString()).isEqualTo("worse");
                double ratio = change.at("/change/ratio").asDouble();
                assertThat(ratio).isBetween(change.at("/change/ratioLow").asDouble(), change.at("/change/ratioHigh").asDouble());
                assertThat(ratio).isBetween(change.get("metric").asString().equals("throughputRps") ? 0.88 : 1.08,
                        change.get("metric").asString().equals("throughputRps") ? 0.92 : 1.14);
                assertThat(payload.at("/data/links/job").asString()).isEqualTo("/api/v1/jobs/" + entered);
            }
            assertThat(messageIds).hasSize(2);
            assertThat(sentMetrics).containsExactlyInAnyOrder("throughputRps", "latencyP95Ms");
            assertThat(other.requests()).as("a selector the jobs do not match").isEmpty();

            // (c) two failures, then delivered at the third attempt, with the same message id each time
            assertThat(flaky.requests()).hasSize(6);
            assertThat(flaky.answered(500)).hasSize(4);
            for (Receiver.Request request : flaky.requests()) {
                assertThat(verifies(request, givenSecret)).isTrue();
            }
            assertThat(flaky.requests().stream().map(r -> r.header("webhook-id")).distinct()).hasSize(2);
            JsonNode deliveries = api.get("/api/v1/webhooks/" + flakyHook.get("id").asLong() + "/deliveries")
                    .expect(200).json().get("items");
            assertThat(deliveries).hasSize(2);
            for (JsonNode delivery : deliveries) {
                assertThat(delivery.get("status").asString()).isEqualTo("delivered");
                assertThat(delivery.get("attempts").asInt()).isEqualTo(3);
                assertThat(delivery.get("lastStatusCode").asInt()).isEqualTo(200);
                assertThat(delivery.has("lastError")).isFalse();
                assertThat(delivery.has("nextAttemptAt")).isFalse();
                assertThat(delivery.get("jobId").asLong()).isEqualTo(entered);
                assertThat(delivery.get("series").asString()).matches("(throughputRps|latencyP95Ms)/25/virtual/80");
                assertThat(JSON.readTree(delivery.get("payload").asString()).at("/data/job/id").asLong()).isEqualTo(entered);
            }
            JsonNode sent = api.get("/api/v1/webhooks/" + matching.get("id").asLong() + "/deliveries").expect(200).json();
            assertThat(sent.get("items")).hasSize(2);
            assertThat(sent.at("/items/0/attempts").asInt()).isEqualTo(1);
            assertThat(sent.at("/items/0/status").asString()).isEqualTo("delivered");
        }
    }

    @Test
    void aDeliveryCutShortByACrashIsSentAgainAfterItsLeaseAndNotBefore() throws Exception {
        ApiClient api = ApiClient.admin(port);
        try (Receiver receiver = new Receiver(0)) {
            long webhook = create(api, map("url", receiver.url("/"), "labels", map("suite", suite))).get("id").asLong();
            Map<String, Object> body = JobBodies.valid();
            body.put("labels", map("suite", suite));
            long job = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
            // due a day ahead, out of the scheduled pass's reach
            Instant day = Instant.now().plus(Duration.ofDays(1));
            assertThat(store.insertDelivery(webhook, job, "throughputRps/25/virtual/80", job, "msg_" + suite.replace("-", ""),
                    "{\"type\":\"changepoint.worse\"}", day)).isTrue();
            assertThat(store.insertDelivery(webhook, job, "throughputRps/25/virtual/80", job, "msg_other", "{}", day))
                    .as("one delivery per webhook x job x series").isFalse();
            // an attempt begins (claimed, counted, leased) and the api dies before it is recorded
            List<WebhookStore.Claimed> claimed = store.claimDue(day, day.plus(Duration.ofSeconds(45)), 100).stream()
                    .filter(c -> c.messageId().equals("msg_" + suite.replace("-", ""))).toList();
            assertThat(claimed).hasSize(1);
            assertThat(dispatcher.deliverDue(day.plusSeconds(10))).as("leased: not due yet").isZero();
            assertThat(receiver.requests()).isEmpty();
            dispatcher.deliverDue(day.plusSeconds(46));
            assertThat(receiver.requests()).hasSize(1);
            JsonNode delivery = api.get("/api/v1/webhooks/" + webhook + "/deliveries").expect(200).json().at("/items/0");
            assertThat(delivery.get("status").asString()).isEqualTo("delivered");
            assertThat(delivery.get("attempts").asInt()).as("the cut attempt counts").isEqualTo(2);
            assertThat(dispatcher.deliverDue(day.plus(Duration.ofDays(1)))).isZero();
            assertThat(receiver.requests()).hasSize(1);
        }
    }

    @Test
    void aReceiverThatKeepsFailingIsGivenUpAfterTheLastAttemptAnd410AtOnce() throws Exception {
        ApiClient api = ApiClient.admin(port);
        try (Receiver down = new Receiver(100)) {
            long webhook = create(api, map("url", down.url("/"), "labels", map("suite", suite))).get("id").asLong();
            Map<String, Object> body = JobBodies.valid();
            body.put("labels", map("suite", suite));
            long job = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
            Instant start = Instant.now().plus(Duration.ofDays(3));
            store.insertDelivery(webhook, job, "latencyP95Ms/21/platform/20", job, "msg_down_" + suite.replace("-", ""), "{}",
                    start);
            for (int attempt = 1; attempt <= 7; attempt++) {
                dispatcher.deliverDue(start.plus(Duration.ofHours(2L * attempt)));
            }
            assertThat(down.requests()).as("bench.webhooks.max-attempts, then no more").hasSize(5);
            JsonNode delivery = api.get("/api/v1/webhooks/" + webhook + "/deliveries").expect(200).json().at("/items/0");
            assertThat(delivery.get("status").asString()).isEqualTo("failed");
            assertThat(delivery.get("attempts").asInt()).isEqualTo(5);
            assertThat(delivery.get("lastStatusCode").asInt()).isEqualTo(500);
            assertThat(delivery.get("lastError").asString()).isEqualTo("HTTP 500");
        }
        // a port nobody listens on: retried
        int unused;
        try (var socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            unused = socket.getLocalPort();
        }
        long refused = create(api, map("url", "http://127.0.0.1:" + unused + "/", "labels", map("suite", suite)))
                .get("id").asLong();
        Map<String, Object> body = JobBodies.valid();
        body.put("labels", map("suite", suite));
        long job = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
        Instant start = Instant.now().plus(Duration.ofDays(5));
        store.insertDelivery(refused, job, "errorRate/25/virtual/80", job, "msg_refused_" + suite.replace("-", ""), "{}",
                start);
        dispatcher.deliverDue(start);
        JsonNode delivery = api.get("/api/v1/webhooks/" + refused + "/deliveries").expect(200).json().at("/items/0");
        assertThat(delivery.get("status").asString()).isEqualTo("pending");
        assertThat(delivery.get("attempts").asInt()).isEqualTo(1);
        assertThat(delivery.has("lastStatusCode")).isFalse();
        assertThat(delivery.get("lastError").asString()).startsWith("connection refused");
        assertThat(Instant.parse(delivery.get("nextAttemptAt").asString()))
                .as("the first retry a minute later, plus at most a tenth of it")
                .isBetween(start.plus(Duration.ofSeconds(60)), start.plus(Duration.ofSeconds(66)));

        // 410 Gone: no more attempts at once
        try (Receiver gone = new Receiver(100, 410)) {
            long webhook = create(api, map("url", gone.url("/"), "labels", map("suite", suite))).get("id").asLong();
            Instant later = Instant.now().plus(Duration.ofDays(7));
            store.insertDelivery(webhook, job, "errorRate/25/virtual/80", job, "msg_gone_" + suite.replace("-", ""), "{}",
                    later);
            dispatcher.deliverDue(later);
            dispatcher.deliverDue(later.plus(Duration.ofDays(1)));
            assertThat(gone.requests()).hasSize(1);
            JsonNode goneDelivery = api.get("/api/v1/webhooks/" + webhook + "/deliveries").expect(200).json().at("/items/0");
            assertThat(goneDelivery.get("status").asString()).isEqualTo("failed");
            assertThat(goneDelivery.get("attempts").asInt()).isEqualTo(1);
            assertThat(goneDelivery.get("lastStatusCode").asInt()).isEqualTo(410);
        }
    }

    @Test
    void aRotatedSecretSignsBesideTheNewOneUntilItsOverlapEndsAndAnOverlapOfZeroEndsItAtOnce() throws Exception {
        ApiClient api = ApiClient.admin(port);
        try (Receiver receiver = new Receiver(0)) {
            JsonNode webhook = create(api, map("url", receiver.url("/"), "labels", map("suite", suite)));
            long id = webhook.get("id").asLong();
            String first = webhook.get("secret").asString();
            JsonNode rotated = api.postJson("/api/v1/webhooks/" + id + "/secret", map("previousValidHours", 2))
                    .expect(200).json();
            String second = rotated.get("secret").asString();
            assertThat(second).startsWith("whsec_").isNotEqualTo(first);
            Instant until = Instant.parse(rotated.get("previousSecretValidUntil").asString());
            assertThat(until).isBetween(Instant.now().plus(Duration.ofMinutes(118)), Instant.now().plus(Duration.ofMinutes(121)));
            JsonNode read = api.get("/api/v1/webhooks/" + id).expect(200).json();
            assertThat(read.get("previousSecretValidUntil").asString()).isEqualTo(rotated.get("previousSecretValidUntil").asString());
            assertThat(read.toString()).doesNotContain("whsec_");

            Map<String, Object> body = JobBodies.valid();
            body.put("labels", map("suite", suite));
            long job = api.postJson("/api/v1/jobs", body).expect(201).json().get("id").asLong();
            String tag = suite.replace("-", "");
            // an hour in: inside the overlap, signed with both; three hours in: with the new secret only
            Instant inside = Instant.now().plus(Duration.ofHours(1));
            assertThat(store.insertDelivery(id, job, "throughputRps/25/virtual/20", job, "msg_in_" + tag, "{}", inside)).isTrue();
            dispatcher.deliverDue(inside);
            Instant after = Instant.now().plus(Duration.ofHours(3));
            assertThat(store.insertDelivery(id, job, "throughputRps/25/virtual/80", job, "msg_out_" + tag, "{}", after)).isTrue();
            dispatcher.deliverDue(after);
            assertThat(receiver.requests()).hasSize(2);
            Receiver.Request during = receiver.requests().get(0);
            assertThat(during.header("webhook-id")).isEqualTo("msg_in_" + tag);
            assertThat(during.header("webhook-signature").split(" ")).hasSize(2);
            assertThat(verifies(during, second)).as("the new secret verifies").isTrue();
            assertThat(verifies(during, first)).as("the replaced one still verifies").isTrue();
            Receiver.Request later = receiver.requests().get(1);
            assertThat(later.header("webhook-signature").split(" ")).hasSize(1);
            assertThat(verifies(later, second)).isTrue();
            assertThat(verifies(later, first)).as("the overlap is over").isFalse();

            // a leaked secret: replaced by a given one, the old one stops at once
            String third = "whsec_" + Base64.getEncoder().encodeToString(new byte[] {
                    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24});
            JsonNode now = api.postJson("/api/v1/webhooks/" + id + "/secret", map("secret", third, "previousValidHours", 0))
                    .expect(200).json();
            assertThat(now.get("secret").asString()).isEqualTo(third);
            assertThat(now.has("previousSecretValidUntil")).isFalse();
            assertThat(api.get("/api/v1/webhooks/" + id).expect(200).json().has("previousSecretValidUntil")).isFalse();
            Instant next = Instant.now().plus(Duration.ofMinutes(1));
            assertThat(store.insertDelivery(id, job, "throughputRps/25/virtual/200", job, "msg_now_" + tag, "{}", next)).isTrue();
            dispatcher.deliverDue(next);
            assertThat(receiver.requests()).hasSize(3);
            Receiver.Request leaked = receiver.requests().get(2);
            assertThat(verifies(leaked, third)).isTrue();
            assertThat(verifies(leaked, second)).isFalse();
            assertThat(leaked.header("webhook-signature").split(" ")).hasSize(1);

            // no body: a drawn secret, the default overlap of 24 hours
            JsonNode drawn = api.post("/api/v1/webhooks/" + id + "/secret").expect(200).json();
            assertThat(drawn.get("secret").asString()).startsWith("whsec_").isNotEqualTo(third);
            assertThat(Instant.parse(drawn.get("previousSecretValidUntil").asString()))
                    .isAfter(Instant.now().plus(Duration.ofHours(23)));
            // bad input, an unknown webhook, a reader
            api.postJson("/api/v1/webhooks/" + id + "/secret", map("previousValidHours", -1)).expect(400)
                    .fieldError("previousValidHours");
            api.postJson("/api/v1/webhooks/" + id + "/secret", map("previousValidHours", 169)).expect(400)
                    .fieldError("previousValidHours");
            api.postJson("/api/v1/webhooks/" + id + "/secret", map("secret", "hunter2")).expect(400).fieldError("secret");
            api.postJson("/api/v1/webhooks/999999999/secret", map()).expect(404);
            String reader = api.postJson("/api/v1/tokens", map("name", "rotation reader", "role", "read")).expect(201).json()
                    .get("token").asString();
            api.withToken(reader).post("/api/v1/webhooks/" + id + "/secret").expect(403);
        }
    }

    @Test
    void badInputIsAProblemAndTheSecretIsShownOnce() {
        ApiClient api = ApiClient.admin(port);
        for (String url : List.of("ftp://example.com/hook", "example.com/hook", "http://", "http://user:pw@example.com/",
                "http://example.com/#fragment", "http://example.com:0/", "http://example.com:65536/", "http://999.1.1.1/",
                "http://exa mple.com/", "https://[::1]/", "javascript:alert(1)", "")) {
            api.postJson("/api/v1/webhooks", map("url", url)).expect(400).fieldError("url");
        }
        api.postJson("/api/v1/webhooks", map("labels", map("suite", suite))).expect(400).fieldError("url");
        api.postJson("/api/v1/webhooks", map("url", "https://example.com/", "labels", map("bad key", "x")))
                .expect(400);
        api.postJson("/api/v1/webhooks", map("url", "https://example.com/", "secret", "hunter2")).expect(400).fieldError("secret");
        api.postJson("/api/v1/webhooks", map("url", "https://example.com/", "secret", "whsec_c2hvcnQ=")).expect(400)
                .fieldError("secret");
        api.postJson("/api/v1/webhooks", map("url", "https://example.com/", "scenario", "io http")).expect(400)
                .fieldError("scenario");
        api.postJson("/api/v1/webhooks", map("url", "https://example.com/", "events", List.of("all"))).expect(400);
        api.get("/api/v1/webhooks/999999999").expect(404);
        api.get("/api/v1/webhooks/999999999/deliveries").expect(404);
        api.delete("/api/v1/webhooks/999999999").expect(404);
        api.get("/api/v1/jobs/999999999/change-points").expect(404);
        api.get("/api/v1/jobs/1/change-points?label=nokey").expect(400);

        // created with every part; listed and read without the secret; deleted, then gone
        JsonNode webhook = create(api, map("url", "https://ci.example.com:8443/hooks/jvmbench?x=%20y",
                "labels", map("suite", suite, "branch", "main"), "app", "orders-service", "scenario", "checkout"));
        long id = webhook.get("id").asLong();
        assertThat(webhook.get("secret").asString()).startsWith("whsec_");
        assertThat(Base64.getDecoder().decode(webhook.get("secret").asString().substring(6))).hasSize(32);
        JsonNode read = api.get("/api/v1/webhooks/" + id).expect(200).json();
        assertThat(read.has("secret")).isFalse();
        assertThat(read.get("url").asString()).isEqualTo("https://ci.example.com:8443/hooks/jvmbench?x=%20y");
        assertThat(read.at("/labels/branch").asString()).isEqualTo("main");
        assertThat(read.get("app").asString()).isEqualTo("orders-service");
        assertThat(read.at("/links/deliveries").asString()).isEqualTo("/api/v1/webhooks/" + id + "/deliveries");
        JsonNode list = api.get("/api/v1/webhooks").expect(200).json();
        assertThat(list.toString()).contains("\"id\":" + id).doesNotContain("whsec_");
        assertThat(api.get("/api/v1/webhooks/" + id + "/deliveries").expect(200).json().get("items")).isEmpty();
        api.get("/api/v1/webhooks/" + id + "/deliveries?limit=0").expect(400).fieldError("limit");
        // admin only, reads too: a URL may be a credential
        String reader = api.postJson("/api/v1/tokens", map("name", "webhook reader", "role", "read")).expect(201).json()
                .get("token").asString();
        api.withToken(reader).get("/api/v1/webhooks").expect(403);
        api.withToken(reader).get("/api/v1/webhooks/" + id).expect(403);
        api.delete("/api/v1/webhooks/" + id).expect(204);
        api.get("/api/v1/webhooks/" + id).expect(404);
        api.delete("/api/v1/webhooks/" + id).expect(404);
    }
}
