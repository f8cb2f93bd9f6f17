package dev.jvmbench.worker.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ImageSummary;
import dev.jvmbench.worker.testing.BenchHost;
import dev.jvmbench.worker.testing.TargetApps;
import dev.jvmbench.worker.testing.Upstreams;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every target-app image (one per app per JDK) starts under the benchmark's limits against the
 * real upstreams and answers every scenario, on the thread model it was asked for.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class TargetAppImagesTest {

    private static final Duration OOM_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration HUNG_AFTER_OOM = Duration.ofSeconds(10);

    private static BenchHost host;
    private static ContainerEngine engine;
    private static Upstreams.Nginx nginx;
    private static Upstreams.Postgres postgres;

    @BeforeAll
    static void startUpstreams() {
        host = BenchHost.forClass(TargetAppImagesTest.class);
        engine = host.engine();
        nginx = Upstreams.startNginx(host);
        postgres = Upstreams.startPostgres(host);
    }

    @AfterAll
    static void removeEverythingThisClassStarted() {
        if (host != null) {
            host.close();
        }
    }

    static List<Named<ImageSummary>> mvcImages() {
        return BenchHost.named(TargetApps.images("mvc"));
    }

    static List<Named<ImageSummary>> webfluxImages() {
        return BenchHost.named(TargetApps.images("webflux"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mvcImages")
    void mvcServesEveryScenarioOnVirtualAndOnPlatformThreads(ImageSummary image) {
        // Both at once: each is limited to one CPU and the host has two, so starting them
        // together halves the wait without making either start slower than a benchmark's.
        TargetApps.App virtual = start(image, true);
        TargetApps.App platform = start(image, false);
        try {
            TargetApps.awaitReady(engine, virtual);
            TargetApps.awaitReady(engine, platform);

            assertEveryScenario(virtual, "virtual", true);
            assertEveryScenario(platform, "platform", false);
        } finally {
            engine.remove(virtual.container());
            engine.remove(platform.container());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("webfluxImages")
    void webfluxServesEveryScenario(ImageSummary image) {
        TargetApps.App webflux = start(image, null);
        try {
            TargetApps.awaitReady(engine, webflux);

            assertEveryScenario(webflux, "webflux", null);
        } finally {
            engine.remove(webflux.container());
        }
    }

    /**
     * The MVC knobs that need a container to show (target-apps/README.md "Scenario knobs"):
     * hidden platform threads under the real nginx, leaked connections in CLOSE_WAIT with the
     * process's descriptors, and a small heap running out under retained memory, as the
     * container log shows it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("mvcImages")
    void mvcKnobsShowInTheContainer(ImageSummary image) throws Exception {
        int port = BenchHost.freePort();
        var spec = TargetApps.withUpstreams(TargetApps.spec(host, image, port), nginx, postgres)
                .env("SPRING_THREADS_VIRTUAL_ENABLED", "true")
                .env("BENCH_HTTP_CLIENT_EXECUTOR", "1") // catalogue code of platform-pool
                .env("JAVA_TOOL_OPTIONS", "-Xmx64m");
        TargetApps.App app = TargetApps.start(host, image, port, spec.build());
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build()) {
            TargetApps.awaitReady(engine, app);
            String what = BenchHost.reference(image);

            // clientExecutor=1: the JDK client's default pool grows with concurrency in virtual mode
            DocumentContext before = info(client, app);
            assertThat(before.read("$.httpClientExecutor", String.class)).isEqualTo("platform-pool");
            List<Integer> ioHttp = concurrently(client, app, "/scenarios/io-http", 200);
            assertThat(ioHttp).as(what).containsOnly(200);
            int added = info(client, app).read("$.platformThreads", Integer.class)
                    - before.read("$.platformThreads", Integer.class);
            System.out.println(what + " platform-pool: +" + added + " platform threads after 200 io-http");
            assertThat(added).as(what + " platform threads added by the JDK client's pool").isGreaterThanOrEqualTo(3);

            // leakConnections=1: one descriptor per request, in CLOSE_WAIT towards nginx
            long closeWaitBefore = closeWaitTo(nginx.port());
            for (int i = 0; i < 30; i++) {
                var response = TargetApps.getOrExplain(engine, client, app, "/scenarios/io-http?leakConnections=1");
                assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            }
            DocumentContext leaked = info(client, app);
            assertThat(leaked.read("$.leakedConnections", Integer.class)).isEqualTo(30);
            assertThat(leaked.read("$.openFileDescriptors", Long.class)
                    - before.read("$.openFileDescriptors", Long.class)).isGreaterThanOrEqualTo(30);
            assertThat(closeWaitTo(nginx.port()) - closeWaitBefore).isGreaterThanOrEqualTo(30);

            // retainKb: 150 requests holding 1 MB each do not fit a 64 MB heap
            List<Integer> oom = untilOutOfMemory(client, app, "/scenarios/sleep?ms=3000&retainKb=1024", 150);
            System.out.println(what + " retainKb=1024 x 150 on -Xmx64m: " + summary(oom));
            // Where the OutOfMemoryError lands decides how a request fails: in the handler it is a 500,
            // in Tomcat's own threads (JDK 26 on CI) the connection breaks (-1). Either way not all succeed,
            // and the log names the error.
            assertThat(oom).as(what).anyMatch(status -> status == 500 || status == -1);
            assertOutOfMemoryLogged(app);
        } finally {
            engine.remove(app.container());
        }
    }

    /**
     * The WebFlux knobs that need a container to show: the WebClient pool limit and its log line
     * in the container log, computing on the event loops of a 1-CPU container (the keep-alive
     * workaround still holds, the scrape starves), and the small heap running out.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("webfluxImages")
    void webfluxKnobsShowInTheContainer(ImageSummary image) throws Exception {
        int port = BenchHost.freePort();
        var spec = TargetApps.withUpstreams(TargetApps.spec(host, image, port), nginx, postgres)
                .env("BENCH_UPSTREAM_HTTP_URL", nginx.url() + "?delay=3") // nginx holds each call 3 s
                .env("BENCH_HTTP_CLIENT_MAX_CONNECTIONS", "2")
                .env("BENCH_HTTP_CLIENT_PENDING_ACQUIRE_MAX", "4")
                .env("JAVA_TOOL_OPTIONS", "-Xmx64m");
        TargetApps.App app = TargetApps.start(host, image, port, spec.build());
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build()) {
            TargetApps.awaitReady(engine, app);
            String what = BenchHost.reference(image);

            // the pool (2) and its queue (4) full: Reactor Netty's own exception, 503, one log line a second
            List<Integer> ioHttp = concurrently(client, app, "/scenarios/io-http", 20);
            System.out.println(what + " pool 2 + 4 waiting, 20 at once: " + summary(ioHttp));
            assertThat(ioHttp.stream().filter(s -> s == 200).count()).as(what).isLessThanOrEqualTo(6);
            assertThat(ioHttp.stream().filter(s -> s == 503).count()).as(what).isGreaterThanOrEqualTo(14);
            awaitLog(app, "io-http upstream failed: Pending acquire queue has reached its maximum size of 4 (");

            // onEventLoop=1 on keep-alive connections: every next request is still answered
            for (int i = 0; i < 20; i++) {
                String path = i % 2 == 0 ? "/scenarios/cpu?limit=200000&onEventLoop=1" : "/scenarios/sleep?ms=1";
                HttpResponse<String> response = TargetApps.getOrExplain(engine, client, app, path);
                assertThat(response.statusCode()).as(what + " " + path).isEqualTo(200);
            }
            // ... and with every event loop computing, the scrape waits for a computation to end
            int loops = info(client, app).read("$.nettyEventLoopThreads", Integer.class);
            List<CompletableFuture<Long>> cpu = new ArrayList<>();
            for (int i = 0; i < 2 * loops; i++) {
                cpu.add(rawGet(port, "/scenarios/cpu?limit=2100000&onEventLoop=1"));
            }
            long scrape = rawGet(port, "/actuator/prometheus").get(2, TimeUnit.MINUTES);
            long firstCpu = Long.MAX_VALUE;
            for (var answer : cpu) {
                firstCpu = Math.min(firstCpu, answer.get(2, TimeUnit.MINUTES));
            }
            System.out.printf("%s onEventLoop: the scrape answered %.0f ms after the first of %d cpu answers%n", what,
                    (scrape - firstCpu) / 1e6, cpu.size());
            assertThat(scrape).as(what + ": the scrape answered while every event loop computed").isGreaterThan(firstCpu);

            // retainKb: 150 requests holding 1 MB each do not fit a 64 MB heap
            List<Integer> oom = untilOutOfMemory(client, app, "/scenarios/sleep?ms=3000&retainKb=1024", 150);
            System.out.println(what + " retainKb=1024 x 150 on -Xmx64m: " + summary(oom));
            assertOutOfMemoryLogged(app);
        } finally {
            engine.remove(app.container());
        }
    }

    private static DocumentContext info(HttpClient client, TargetApps.App app) {
        HttpResponse<String> info = TargetApps.getOrExplain(engine, client, app, "/info");
        assertThat(info.statusCode()).as(info.body()).isEqualTo(200);
        return JsonPath.parse(info.body());
    }

    /** n requests at once; each one's status, or -1 when it got no answer in 90 s or none at all. */
    private static List<Integer> concurrently(HttpClient client, TargetApps.App app, String path, int n) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(app.url(path))).timeout(Duration.ofSeconds(90)).build();
        List<CompletableFuture<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                    .thenApply(HttpResponse::statusCode).exceptionally(e -> -1));
        }
        return answers.stream().map(CompletableFuture::join).toList();
    }

    /**
     * n requests that each retain memory and sleep 3 s, at once, until the app logs its
     * OutOfMemoryError; each one's status, or -1 when it got no answer: none at all, none in
     * {@link #OOM_TIMEOUT}, or none {@link #HUNG_AFTER_OOM} after the error was logged. An
     * OutOfMemoryError in Tomcat's or Netty's own threads leaves connections hanging (every one of the
     * 150 on JDK 25 and 26 MVC): a 3-second request still open 10 s after the error is hung, and waiting
     * out the full timeout for each cost 30 s per image.
     */
    private static List<Integer> untilOutOfMemory(HttpClient client, TargetApps.App app, String path, int n) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(app.url(path))).timeout(OOM_TIMEOUT).build();
        List<CompletableFuture<HttpResponse<Void>>> exchanges = new ArrayList<>();
        List<CompletableFuture<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            var exchange = client.sendAsync(request, HttpResponse.BodyHandlers.discarding());
            exchanges.add(exchange);
            answers.add(exchange.thenApply(HttpResponse::statusCode).exceptionally(e -> -1));
        }
        awaitLog(app, "java.lang.OutOfMemoryError: Java heap space");
        CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
                .completeOnTimeout(null, HUNG_AFTER_OOM.toMillis(), TimeUnit.MILLISECONDS).join();
        List<Integer> statuses = answers.stream().map(answer -> answer.getNow(-1)).toList();
        // the hung ones are given up (HttpClient.close() would wait for them)
        exchanges.forEach(exchange -> exchange.cancel(true));
        return statuses;
    }

    private static Map<Integer, Long> summary(List<Integer> statuses) {
        return statuses.stream().collect(Collectors.groupingBy(s -> s, TreeMap::new, Collectors.counting()));
    }

    private static void assertOutOfMemoryLogged(TargetApps.App app) {
        awaitLog(app, "java.lang.OutOfMemoryError: Java heap space");
        String log = engine.logs(app.container());
        System.out.println(BenchHost.reference(app.image()) + " OOM lines:\n" + log.lines()
                .filter(l -> l.contains("OutOfMemoryError")).limit(6).collect(Collectors.joining("\n")));
    }

    private static void awaitLog(TargetApps.App app, String text) {
        Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertThat(engine.logs(app.container())).as(BenchHost.reference(app.image()))
                        .contains(text));
    }

    /**
     * GET on a fresh connection, written at once on this thread (so connections reach the app in
     * call order: Netty hands them to its event loops in turn); completes with the
     * {@link System#nanoTime()} at which the answer was complete.
     */
    private static CompletableFuture<Long> rawGet(int port, String path) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(120_000);
        socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        CompletableFuture<Long> done = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (socket) {
                String head = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
                if (!head.startsWith("HTTP/1.1 200")) {
                    throw new IOException("GET " + path + ": " + head.lines().findFirst().orElse("no answer"));
                }
                done.complete(System.nanoTime());
            } catch (IOException | RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    /** Host sockets in CLOSE_WAIT towards {@code remotePort} (host networking: the app's are among them). */
    private static long closeWaitTo(int remotePort) throws IOException {
        long count = 0;
        for (String file : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(file))) {
                String[] f = line.strip().split("\\s+");
                if (f.length > 3 && f[3].equals("08") && f[2].contains(":")
                        && Integer.parseInt(f[2].substring(f[2].indexOf(':') + 1), 16) == remotePort) {
                    count++;
                }
            }
        }
        return count;
    }

    private static TargetApps.App start(ImageSummary image, Boolean virtualThreads) {
        int port = BenchHost.freePort();
        var spec = TargetApps.withUpstreams(TargetApps.spec(host, image, port), nginx, postgres);
        if (virtualThreads != null) {
            spec.env("SPRING_THREADS_VIRTUAL_ENABLED", virtualThreads.toString());
        }
        return TargetApps.start(host, image, port, spec.build());
    }

    /** {@code virtualThread == null}: the thread model decides, not asserted (WebFlux). */
    private static void assertEveryScenario(TargetApps.App app, String threadModel, Boolean virtualThread) {
        // One client per app, keep-alive within the app: a client shared across apps may hold an idle
        // connection to a port that a removed container used and a new one reuses.
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build()) {
            assertEveryScenario(client, app, threadModel, virtualThread);
        }
    }

    private static void assertEveryScenario(HttpClient client, TargetApps.App app, String threadModel,
            Boolean virtualThread) {
        for (String scenario : TargetApps.SCENARIOS) {
            String what = BenchHost.reference(app.image()) + " " + threadModel + " /scenarios/" + scenario;
            HttpResponse<String> response = TargetApps.getOrExplain(engine, client, app, "/scenarios/" + scenario);

            assertThat(response.statusCode()).as("%s: %s", what, response.body()).isEqualTo(200);
            DocumentContext body = JsonPath.parse(response.body());
            assertThat(body.read("$.scenario", String.class)).as(what).isEqualTo(scenario);
            assertThat(body.read("$.threadModel", String.class)).as(what).isEqualTo(threadModel);
            if (virtualThread != null) {
                assertThat(body.read("$.virtualThread", Boolean.class)).as(what).isEqualTo(virtualThread);
            }
            if (scenario.equals("io-http")) {
                assertThat(body.read("$.upstreamStatus", Integer.class)).as(what).isEqualTo(200);
            }
        }
        HttpResponse<String> info = TargetApps.getOrExplain(engine, client, app, "/info");
        assertThat(info.statusCode()).as(info.body()).isEqualTo(200);
        DocumentContext facts = JsonPath.parse(info.body());
        assertThat(facts.read("$.threadModel", String.class)).isEqualTo(threadModel);
        assertThat(facts.read("$.availableProcessors", Integer.class)).as(info.body()).isEqualTo(1);
        assertThat(facts.read("$.maxHeapBytes", Long.class)).as(info.body()).isLessThan(512L * 1024 * 1024);
        assertThat(facts.read("$.javaVersion", String.class)).as(info.body())
                .startsWith(app.image().label("bench.jdk"));
    }
}
