package dev.jvmbench.worker.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import com.jayway.jsonpath.JsonPath;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ExecResult;
import dev.jvmbench.worker.container.ImageSummary;
import dev.jvmbench.worker.testing.BenchHost;
import dev.jvmbench.worker.testing.TargetApps;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pinning scenario shows what it is there to show: on JDK 21 a virtual thread sleeping
 * inside {@code synchronized} pins its carrier (JFR {@code jdk.VirtualThreadPinned}); from
 * JDK 24 on (JEP 491) it unmounts and nothing pins. The JFR file is taken the way the worker's
 * probe will take it: {@code jcmd JFR.dump} by exec, then copied out of the running container.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class PinningTest {

    /** The JEP that made synchronized unmount. */
    private static final int FIRST_JDK_WITHOUT_MONITOR_PINNING = 24;
    /** Well above the event's default 20 ms threshold, so every pinned sleep is recorded. */
    private static final int SLEEP_MS = 100;
    private static final int BURST = 16;
    private static final String PINNED_EVENT = "jdk.VirtualThreadPinned";

    private static BenchHost host;
    private static ContainerEngine engine;

    @BeforeAll
    static void connect() {
        host = BenchHost.forClass(PinningTest.class);
        engine = host.engine();
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

    @ParameterizedTest(name = "{0}")
    @MethodSource("mvcImages")
    void synchronizedPinsOnlyBeforeJep491(ImageSummary image, @TempDir Path dir) throws Exception {
        int jdk = BenchHost.jdkOf(image);
        int port = BenchHost.freePort();
        TargetApps.App app = TargetApps.start(host, image, port, TargetApps.spec(host, image, port)
                .env("SPRING_THREADS_VIRTUAL_ENABLED", "true")
                .env("JAVA_TOOL_OPTIONS", "-XX:StartFlightRecording=filename=/tmp/rec.jfr,settings=default")
                .build());
        try {
            TargetApps.awaitReady(engine, app);

            burstOfPinningRequests(app);
            ExecResult dump = engine.exec(app.container(),
                    List.of("jcmd", "1", "JFR.dump", "filename=/tmp/dump.jfr"), Duration.ofSeconds(60));
            assertThat(dump.exitCode()).as("jcmd JFR.dump: %s%s", dump.stdout(), dump.stderr()).isZero();
            Path recording = dir.resolve("dump.jfr");
            engine.copyFile(app.container(), "/tmp/dump.jfr", recording);

            List<RecordedEvent> events = RecordingFile.readAllEvents(recording);
            long sleeps = count(events, "jdk.ThreadSleep");
            long inScenario = count(events, PINNED_EVENT);
            System.out.printf("%s: %d pinned events, %d sleeps in the pinning scenario%n",
                    BenchHost.reference(image), inScenario, sleeps);
            // not vacuous: the recording did see the scenario's sleeps (jdk.ThreadSleep, 20 ms threshold)
            assertThat(sleeps).as("sleeps recorded in the pinning scenario").isPositive();
            if (jdk < FIRST_JDK_WITHOUT_MONITOR_PINNING) {
                assertThat(inScenario).as("pinned events in the pinning scenario on JDK %d", jdk).isPositive();
            } else {
                assertThat(inScenario).as("pinned events in the pinning scenario on JDK %d", jdk).isZero();
            }
        } finally {
            engine.remove(app.container());
        }
    }

    private static void burstOfPinningRequests(TargetApps.App app) throws Exception {
        String url = app.url("/scenarios/pinning?ms=" + SLEEP_MS);
        // A client per app: one shared across apps could reuse an idle connection to a recycled port.
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
             ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<HttpResponse<String>>> responses = new ArrayList<>();
            for (int i = 0; i < BURST; i++) {
                responses.add(executor.submit(() -> TargetApps.get(client, url)));
            }
            for (Future<HttpResponse<String>> response : responses) {
                HttpResponse<String> answered = response.get(60, TimeUnit.SECONDS);
                assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
                assertThat(JsonPath.parse(answered.body()).read("$.virtualThread", Boolean.class))
                        .as(answered.body()).isTrue();
            }
        }
    }

    private static long count(List<RecordedEvent> events, String type) {
        return events.stream()
                .filter(event -> event.getEventType().getName().equals(type))
                .filter(PinningTest::inPinningScenario)
                .count();
    }

    private static boolean inPinningScenario(RecordedEvent event) {
        return event.getStackTrace() != null && event.getStackTrace().getFrames().stream()
                .map(RecordedFrame::getMethod)
                .anyMatch(method -> method.getType().getName().equals("dev.jvmbench.targetapp.scenario.Pinning"));
    }
}
