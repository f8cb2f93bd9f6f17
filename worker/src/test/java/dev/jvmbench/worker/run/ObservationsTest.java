package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.jvmbench.worker.finding.RunObservations;
import dev.jvmbench.worker.probe.LogScan;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObservationsTest {

    private static final Instant T0 = Instant.parse("2026-11-24T14:00:00Z");
    private static final String UNREPORTED =
            "Exception: java.lang.OutOfMemoryError thrown from the UncaughtExceptionHandler in thread \"http-nio-8080-Acceptor\"";

    @Test
    void anErrorWhoseMessageWasLostCountsWithTheRunsHeapErrorEvenWhenItCameFirst() {
        List<LogScan.Line> log = List.of(
                new LogScan.Line(T0, UNREPORTED),
                new LogScan.Line(T0.plusSeconds(2), "Exception in thread \"http-nio-8080-exec-3\" java.lang.OutOfMemoryError: Java heap space"),
                new LogScan.Line(T0.plusSeconds(4), "Exception in thread \"http-nio-8080-exec-7\" java.lang.OutOfMemoryError: Java heap space"));

        assertThat(Observations.errors(log, null))
                .extracting(RunObservations.OutOfMemory::kind, RunObservations.OutOfMemory::thread,
                        RunObservations.OutOfMemory::at, RunObservations.OutOfMemory::count, RunObservations.OutOfMemory::heap)
                .containsExactly(tuple("Java heap space", "http-nio-8080-exec-3", T0.plusSeconds(2), 3, true));
    }

    @Test
    void anErrorWhoseMessageWasLostStaysItsOwnWhenNothingElseNamesTheKind() {
        assertThat(Observations.errors(List.of(new LogScan.Line(T0, UNREPORTED)), null))
                .extracting(RunObservations.OutOfMemory::kind, RunObservations.OutOfMemory::thread,
                        RunObservations.OutOfMemory::count, RunObservations.OutOfMemory::heap)
                .containsExactly(tuple(UNREPORTED, "http-nio-8080-Acceptor", 1, false));
    }

    @Test
    void distinctKindsStayDistinctAndAnUnknownMessageIsNotFolded() {
        List<LogScan.Line> log = List.of(
                new LogScan.Line(T0, "Exception in thread \"loader\" java.lang.OutOfMemoryError: Metaspace"),
                new LogScan.Line(T0.plusSeconds(1), "Exception in thread \"x\" java.lang.OutOfMemoryError: something new"),
                new LogScan.Line(T0.plusSeconds(3), "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space"));

        assertThat(Observations.errors(log, null))
                .extracting(RunObservations.OutOfMemory::kind, RunObservations.OutOfMemory::count)
                .containsExactly(tuple("Metaspace", 1), tuple("something new", 1), tuple("Java heap space", 1));
    }

    /** What {@code -XX:OnOutOfMemoryError} makes HotSpot print at its first heap error. */
    private static List<LogScan.Line> jvmReport(Instant at, String kind) {
        return List.of(new LogScan.Line(at, "#"), new LogScan.Line(at, "# java.lang.OutOfMemoryError: " + kind),
                new LogScan.Line(at, "# -XX:OnOutOfMemoryError=\"true\""),
                new LogScan.Line(at, "#   Executing /bin/sh -c \"true\"..."));
    }

    @Test
    void theJvmsOwnReportIsNotCountedBesideTheAppsLineButGivesTheEarlierMoment() {
        List<LogScan.Line> log = new ArrayList<>(jvmReport(T0, "Java heap space"));
        log.add(new LogScan.Line(T0.plusSeconds(1), "Exception in thread \"http-nio-8080-exec-3\" java.lang.OutOfMemoryError: Java heap space"));
        log.add(new LogScan.Line(T0.plusSeconds(2), "Exception in thread \"http-nio-8080-exec-4\" java.lang.OutOfMemoryError: Java heap space"));

        assertThat(Observations.errors(log, null))
                .extracting(RunObservations.OutOfMemory::kind, RunObservations.OutOfMemory::thread,
                        RunObservations.OutOfMemory::at, RunObservations.OutOfMemory::count,
                        RunObservations.OutOfMemory::onlyTheJvmReported)
                .containsExactly(tuple("Java heap space", "http-nio-8080-exec-3", T0, 2, false));
    }

    @Test
    void anErrorTheAppNeverLoggedIsFoundByTheJvmsReportAndTakesTheLostLines() {
        List<LogScan.Line> log = new ArrayList<>(jvmReport(T0, "Java heap space"));
        log.add(new LogScan.Line(T0.plusSeconds(1), UNREPORTED));
        log.add(new LogScan.Line(T0.plusSeconds(3), UNREPORTED.replace("Acceptor", "Poller")));

        assertThat(Observations.errors(log, null))
                .extracting(RunObservations.OutOfMemory::kind, RunObservations.OutOfMemory::thread,
                        RunObservations.OutOfMemory::at, RunObservations.OutOfMemory::count,
                        RunObservations.OutOfMemory::heap, RunObservations.OutOfMemory::onlyTheJvmReported)
                .containsExactly(tuple("Java heap space", null, T0, 2, true, true));
        assertThat(Observations.errors(jvmReport(T0, "Metaspace"), null))
                .extracting(RunObservations.OutOfMemory::kind, RunObservations.OutOfMemory::count,
                        RunObservations.OutOfMemory::onlyTheJvmReported)
                .containsExactly(tuple("Metaspace", 1, true));
    }

    @Test
    void springsBracketedReportGivesTheBareMessage() {
        List<LogScan.Line> log = List.of(new LogScan.Line(T0, "2026-11-24T17:34:40.123Z ERROR 1 --- [target-mvc] "
                + "[nio-8080-exec-4] o.a.c.c.C.[.[.[/].[dispatcherServlet]    : Servlet.service() for servlet "
                + "[dispatcherServlet] in context with path [] threw exception [Handler dispatch failed: "
                + "java.lang.OutOfMemoryError: Java heap space] with root cause"));

        assertThat(Observations.errors(log, null)).extracting(RunObservations.OutOfMemory::kind,
                RunObservations.OutOfMemory::thread).containsExactly(tuple("Java heap space", "nio-8080-exec-4"));
    }
    @Test
    void theJvmsViewSaysWhetherItsErgonomicsChoseTheCollector() {
        var byErgonomics = jvm(new dev.jvmbench.common.jvm.JvmFacts.JvmFlag("UseSerialGC", "true", "Ergonomic"));
        var byOptions = jvm(new dev.jvmbench.common.jvm.JvmFacts.JvmFlag("UseSerialGC", "true", "Environment variable"));

        assertThat(Observations.view(byErgonomics)).extracting(RunObservations.JvmView::gc,
                RunObservations.JvmView::gcErgonomic, RunObservations.JvmView::maxHeapErgonomic)
                .containsExactly("Serial", true, true);
        assertThat(Observations.view(byOptions).gcErgonomic()).isFalse();
    }

    private static dev.jvmbench.common.jvm.JvmFacts jvm(dev.jvmbench.common.jvm.JvmFacts.JvmFlag gcFlag) {
        return new dev.jvmbench.common.jvm.JvmFacts("OpenJDK 64-Bit Server VM", "OpenJDK 64-Bit Server VM (25.0.1+8)",
                "Eclipse Adoptium", "25.0.1+8", "25.0.1+8", 25, null, "app.jar", T0, 1, 1L, 2, -1, "cgroupv2",
                512L * 1024 * 1024, 128L * 1024 * 1024, 8L * 1024 * 1024, 8L * 1024 * 1024, "DefNew", "SerialOld", 1024L,
                List.of(gcFlag, new dev.jvmbench.common.jvm.JvmFacts.JvmFlag("MaxHeapSize", "134217728", "Ergonomic")),
                java.util.Map.of());
    }
}
