package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * Log excerpts in the formats the apps write: the JVM's own lines, Spring Boot's console format
 * (MVC and WebFlux), Tomcat's java.util.logging, Logback's default layout, HikariCP, HotSpot's
 * unified logging. The JVM's real lines are scanned in JfrSurvivalTest.
 */
class LogScanTest {

    private static final Instant T0 = Instant.parse("2026-11-24T05:40:00Z");

    /** Lines {@code millis} apart, from {@code start}. */
    private static List<LogScan.Line> lines(Instant start, long millis, String text) {
        List<LogScan.Line> lines = new ArrayList<>();
        for (String line : text.lines().toList()) {
            lines.add(new LogScan.Line(start.plusMillis(millis * lines.size()), line));
        }
        return lines;
    }

    @Test
    void theJvmsUncaughtOutOfMemoryErrorIsOneFindingWithItsThread() {
        List<OutOfMemory> ooms = LogScan.outOfMemoryErrors(lines(T0, 0, """
                Exception in thread "main" java.lang.OutOfMemoryError: Java heap space
                \tat Hog.main(Hog.java:9)
                """));

        assertThat(ooms).singleElement().satisfies(oom -> {
            assertThat(oom.at()).isEqualTo(T0);
            assertThat(oom.thread()).isEqualTo("main");
            assertThat(oom.kind()).isEqualTo(OomKind.JAVA_HEAP_SPACE);
            assertThat(oom.message()).isEqualTo("Java heap space");
            assertThat(oom.source()).isEqualTo(OutOfMemory.FROM_LOG);
        });
    }

    @Test
    void springBootsReportOfARequestsOomIsOneFindingPerRequest() {
        String request = """
                2026-11-24T05:40:01.123Z ERROR 1 --- [target-mvc] [nio-8080-exec-%d] o.a.c.c.C.[.[.[/].[dispatcherServlet]    : Servlet.service() for servlet [dispatcherServlet] in context with path [] threw exception [Handler dispatch failed: java.lang.OutOfMemoryError: Java heap space] with root cause

                java.lang.OutOfMemoryError: Java heap space
                \tat dev.jvmbench.target.ScenarioController.alloc(ScenarioController.java:88)
                \tat java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)
                \t... 48 common frames omitted
                """;
        List<LogScan.Line> log = new ArrayList<>(lines(T0, 1, request.formatted(3)));
        log.addAll(lines(T0.plusMillis(500), 1, request.formatted(7)));

        assertThat(LogScan.outOfMemoryErrors(log))
                .extracting(OutOfMemory::at, OutOfMemory::thread, OutOfMemory::kind)
                .containsExactly(tuple(T0, "nio-8080-exec-3", OomKind.JAVA_HEAP_SPACE),
                        tuple(T0.plusMillis(500), "nio-8080-exec-7", OomKind.JAVA_HEAP_SPACE));
    }

    @Test
    void everyKindIsToldApart() {
        List<LogScan.Line> log = new ArrayList<>();
        log.addAll(lines(T0, 0, "Exception in thread \"loader\" java.lang.OutOfMemoryError: Metaspace"));
        log.addAll(lines(T0.plusSeconds(2), 0, "Exception in thread \"main\" java.lang.OutOfMemoryError: Compressed class space"));
        log.addAll(lines(T0.plusSeconds(4), 0, """
                05:40:04.123 [pool-1-thread-2] ERROR com.acme.Buffers - allocation failed
                java.lang.OutOfMemoryError: Cannot reserve 1048576 bytes of direct buffer memory (allocated: 8388608, limit: 8388608)
                \tat java.base/java.nio.Bits.reserveMemory(Bits.java:178)
                """));
        log.addAll(lines(T0.plusSeconds(6), 0, """
                2026-11-24T05:40:06.000Z ERROR 1 --- [target-webflux] [or-http-epoll-2] a.w.r.e.AbstractErrorWebExceptionHandler : [4f1c2d3e-1]  500 Server Error for HTTP GET "/scenarios/alloc"

                io.netty.util.internal.OutOfDirectMemoryError: failed to allocate 16777216 byte(s) of direct memory (used: 50331648, max: 50331648)
                \tat io.netty.util.internal.PlatformDependent.incrementMemoryCounter(PlatformDependent.java:843)
                """));
        log.addAll(lines(T0.plusSeconds(8), 0, """
                [12.345s][warning][os,thread] Failed to start thread "Unknown thread" - pthread_create failed (EAGAIN) for attributes: stacksize: 1024k, guardsize: 0k, detached.
                Exception in thread "main" java.lang.OutOfMemoryError: unable to create native thread: possibly out of memory or process/resource limits reached
                \tat java.base/java.lang.Thread.start0(Native Method)
                """));
        log.addAll(lines(T0.plusSeconds(10), 0, "Exception in thread \"gc\" java.lang.OutOfMemoryError: GC overhead limit exceeded"));
        log.addAll(lines(T0.plusSeconds(12), 0, "Exception in thread \"main\" java.lang.OutOfMemoryError: Requested array size exceeds VM limit"));
        log.addAll(lines(T0.plusSeconds(14), 0,
                "Exception: java.lang.OutOfMemoryError thrown from the UncaughtExceptionHandler in thread \"JFR Periodic Tasks\""));
        log.addAll(lines(T0.plusSeconds(16), 0, """
                24-Nov-2026 05:40:16.123 SEVERE [http-nio-8080-exec-1] org.apache.catalina.core.StandardWrapperValve.invoke Servlet.service() for servlet [app] threw exception
                \tjava.lang.OutOfMemoryError: Java heap space
                """));
        log.addAll(lines(T0.plusSeconds(18), 0, "Terminating due to java.lang.OutOfMemoryError: Java heap space"));
        log.addAll(lines(T0.plusSeconds(20), 0, """
                #
                # java.lang.OutOfMemoryError: Metaspace
                # -XX:OnOutOfMemoryError="true"
                #   Executing /bin/sh -c "true"...
                """));

        assertThat(LogScan.outOfMemoryErrors(log))
                .extracting(OutOfMemory::thread, OutOfMemory::kind)
                .containsExactly(
                        tuple("loader", OomKind.METASPACE),
                        tuple("main", OomKind.COMPRESSED_CLASS_SPACE),
                        tuple("pool-1-thread-2", OomKind.DIRECT_BUFFER_MEMORY),
                        tuple("or-http-epoll-2", OomKind.DIRECT_BUFFER_MEMORY),
                        tuple("main", OomKind.UNABLE_TO_CREATE_NATIVE_THREAD),
                        tuple("gc", OomKind.GC_OVERHEAD_LIMIT_EXCEEDED),
                        tuple("main", OomKind.REQUESTED_ARRAY_SIZE_EXCEEDS_VM_LIMIT),
                        tuple("JFR Periodic Tasks", OomKind.OTHER),
                        tuple("http-nio-8080-exec-1", OomKind.JAVA_HEAP_SPACE),
                        tuple(null, OomKind.JAVA_HEAP_SPACE),
                        tuple(null, OomKind.METASPACE));
        assertThat(LogScan.outOfMemoryErrors(log)).extracting(OutOfMemory::source)
                .containsOnlyOnce(OutOfMemory.FROM_JVM_REPORT).last().isEqualTo(OutOfMemory.FROM_JVM_REPORT);
        assertThat(LogScan.scan(log)).filteredOn(finding -> finding.pattern().equals("thread-start-failed"))
                .singleElement().satisfies(finding -> assertThat(finding.detail()).isEqualTo("Unknown thread"));
    }

    @Test
    void aBareErrorLineLongAfterTheLastEventIsAnEventOfItsOwn() {
        List<LogScan.Line> log = new ArrayList<>(lines(T0, 0, """
                2026-11-24T05:40:00.000Z  INFO 1 --- [target-mvc] [           main] o.s.b.w.e.tomcat.TomcatWebServer : Tomcat started on port 8080 (http) with context path '/'
                java.lang.OutOfMemoryError: Java heap space
                """));
        log.addAll(lines(T0.plusSeconds(5), 0, "java.lang.OutOfMemoryError: Java heap space"));

        assertThat(LogScan.outOfMemoryErrors(log)).extracting(OutOfMemory::at, OutOfMemory::thread)
                .containsExactly(tuple(T0, "main"), tuple(T0.plusSeconds(5), null));
    }

    @Test
    void theOtherPatternsAreFoundWithTheirDetail() {
        List<LogScan.Line> log = lines(T0, 10, """
                2026-11-24T05:40:00.000Z  WARN 1 --- [target-mvc] [nio-8080-exec-9] com.zaxxer.hikari.pool.HikariPool        : HikariPool-1 - Connection is not available, request timed out after 30000ms (total=10, active=10, idle=0, waiting=190)
                2026-11-24T05:40:00.010Z ERROR 1 --- [target-mvc] [nio-8080-exec-2] o.apache.tomcat.util.net.NioEndpoint     : Socket accept failed
                java.io.IOException: Too many open files
                \tat java.base/sun.nio.ch.Net.accept(Native Method)
                Thread[#22,ForkJoinPool-1-worker-1,5,CarrierThreads]
                    java.base/java.lang.VirtualThread$VThreadContinuation.onPinned(VirtualThread.java:199)
                    dev.jvmbench.target.PinningController.hold(PinningController.java:30) <== monitors:1
                05:40:00.070 [main] ERROR com.acme.App - recursion went too deep
                java.lang.StackOverflowError: null
                """);

        assertThat(LogScan.scan(log)).extracting(LogScan.Finding::pattern, LogScan.Finding::thread, LogScan.Finding::detail)
                .containsExactly(
                        tuple("connection-pool-timeout", "nio-8080-exec-9", "HikariPool-1"),
                        tuple("too-many-open-files", "nio-8080-exec-2", null),
                        tuple("pinned-thread-trace", null, "dev.jvmbench.target.PinningController.hold(PinningController.java:30)"),
                        tuple("stack-overflow", "main", null));
    }

    @Test
    void aPatternOfTheLeadsOwnIsOneMoreListEntry() {
        LogScan.LogPattern slowQuery = new LogScan.LogPattern("slow-query", Pattern.compile("slow query: (?<detail>\\d+) ms"));

        assertThat(LogScan.scan(lines(T0, 1, "05:40:00.000 [db-1] WARN com.acme.Repo - slow query: 1200 ms"), List.of(slowQuery)))
                .extracting(LogScan.Finding::pattern, LogScan.Finding::thread, LogScan.Finding::detail)
                .containsExactly(tuple("slow-query", "db-1", "1200"));
    }

    @Test
    void threadsAreReadFromEachFormat() {
        assertThat(LogScan.threadOf("2026-11-24T05:40:00.000Z  INFO 1 --- [           main] o.s.b.App : Started")).isEqualTo("main");
        assertThat(LogScan.threadOf("2026-11-24T05:40:00.000Z  INFO 1 --- [app] [nio-8080-exec-1] o.s.b.App : x")).isEqualTo("nio-8080-exec-1");
        assertThat(LogScan.threadOf("05:40:00.123 [virtual-42] INFO  com.acme.Foo - x")).isEqualTo("virtual-42");
        assertThat(LogScan.threadOf("2026-11-24 05:40:00,123 [worker 1] WARN com.acme.Foo - x")).isEqualTo("worker 1");
        assertThat(LogScan.threadOf("24-Nov-2026 05:40:00.123 WARNING [main] org.apache.catalina.x y")).isEqualTo("main");
        assertThat(LogScan.threadOf("Exception in thread \"Thread-7\" java.lang.IllegalStateException")).isEqualTo("Thread-7");
        assertThat(LogScan.threadOf("[0.5s][info][jfr,startup] Started recording 1.")).isNull();
        assertThat(LogScan.threadOf("plain text")).isNull();
    }

    @Test
    void aClientPoolThatRefusesIsNamedWithItsLimit() {
        List<LogScan.Finding> found = LogScan.scan(lines(T0, 100, """
                2026-11-24T05:40:01.000Z  WARN 1 --- [target-webflux] [ parallel-1] d.j.t.scenario.FailureLog : io-http upstream failed: Pending acquire queue has reached its maximum size of 4 (14 failures in the last second)
                2026-11-24T05:40:02.000Z  INFO 1 --- [target-webflux] [ main] all is well
                """));

        assertThat(found).singleElement().satisfies(hit -> {
            assertThat(hit.pattern()).isEqualTo("client-pool-refused");
            assertThat(hit.detail()).isEqualTo("Pending acquire queue has reached its maximum size of 4");
            assertThat(hit.at()).isEqualTo(T0);
        });
    }
}
