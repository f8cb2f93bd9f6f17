package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerSpec;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.testing.BenchHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The sampler against real containers on this host's engine (cgroup v1). Bounds are physical and
 * wide: the host is shared with other builds, so exact figures are not to be had.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ContainerSamplerTest {

    private static final String IMAGE = "jvmbench/jdk:25";
    private static final double HALF_A_CPU = 0.5;
    private static final Duration MEASURED = Duration.ofSeconds(4);

    /**
     * Threads that come and go all the time, each switching a few times before it exits, next to
     * 20 threads that stay: the context-switch sum must still only grow.
     */
    private static final String CHURN_PROGRAM = """
            public class Churn {
                public static void main(String[] args) throws Exception {
                    for (int i = 0; i < 20; i++) {
                        Thread.ofPlatform().daemon().start(() -> {
                            while (true) {
                                try { Thread.sleep(5); } catch (InterruptedException e) { return; }
                            }
                        });
                    }
                    long end = System.nanoTime() + 120_000_000_000L;
                    while (System.nanoTime() < end) {
                        Thread t = Thread.ofPlatform().start(() -> {
                            for (int i = 0; i < 5; i++) {
                                try { Thread.sleep(1); } catch (InterruptedException e) { return; }
                            }
                        });
                        t.join();
                    }
                }
            }
            """;

    /** The field reports' platform-thread setup: 2,000 threads, each waking ten times a second. */
    private static final String MANY_THREADS_PROGRAM = """
            public class Many {
                public static void main(String[] args) throws Exception {
                    for (int i = 0; i < 2000; i++) {
                        Thread.ofPlatform().daemon().stackSize(256 * 1024).start(() -> {
                            while (true) {
                                try { Thread.sleep(100); } catch (InterruptedException e) { return; }
                            }
                        });
                    }
                    Thread.sleep(120_000);
                }
            }
            """;

    /**
     * A server that accepts connections and never closes them: once a client closes its end, the
     * server's socket sits in CLOSE_WAIT, the field's signature of a socket leak.
     */
    private static final String LEAKING_SERVER_PROGRAM = """
            import java.net.*;
            import java.util.*;
            public class Leak {
                public static void main(String[] args) throws Exception {
                    List<Socket> kept = new ArrayList<>();
                    try (ServerSocket server = new ServerSocket(Integer.parseInt(System.getenv("PORT")), 4096,
                            InetAddress.getLoopbackAddress())) {
                        System.out.println("listening");
                        while (true) {
                            kept.add(server.accept());
                        }
                    }
                }
            }
            """;

    /**
     * A steady workload of the kind a request handler does (strings, maps, streams, formatting)
     * in a loop that never changes: the JIT compiles it in the first seconds, then has nothing
     * left to do. Started through the source launcher, whose javac run is JIT work of its own.
     */
    private static final String STEADY_WORK_PROGRAM = """
            import java.util.*;
            import java.util.stream.*;
            public class Steady {
                public static void main(String[] args) throws Exception {
                    long end = System.nanoTime() + 150_000_000_000L;
                    long sink = 0;
                    while (System.nanoTime() < end) {
                        Map<String, Integer> counts = new HashMap<>();
                        for (int i = 0; i < 200; i++) {
                            String key = String.format("item-%d-%s", i % 37, Integer.toHexString(i * 31));
                            counts.merge(key.substring(0, Math.min(key.length(), 9)), 1, Integer::sum);
                        }
                        sink += counts.entrySet().stream().filter(e -> e.getValue() > 2)
                                .map(Map.Entry::getKey).sorted().collect(Collectors.joining(",")).length();
                        Thread.sleep(1);
                    }
                    System.out.println(sink);
                }
            }
            """;

    private static BenchHost host;
    private static ContainerEngine engine;

    @BeforeAll
    static void connect() {
        host = BenchHost.forClass(ContainerSamplerTest.class);
        engine = host.engine();
    }

    @AfterAll
    static void removeEverythingThisClassStarted() {
        if (host != null) {
            host.close();
        }
    }

    @Test
    void aBusyLoopUnderHalfACpuUsesItsQuotaAndIsThrottled() {
        // two loops: a demand of 2 CPUs makes sure the 0.5 quota, not the shared host, is the limit
        RunningContainer container = host.start(host.spec(IMAGE)
                .cpus(HALF_A_CPU)
                .memoryMegabytes(256)
                .command("sh", "-c", "while :; do :; done & while :; do :; done")
                .build());
        try (ContainerSampler sampler = ContainerSampler.start(container.id(), container.hostPid(), HALF_A_CPU)) {
            Instant from = Instant.now();
            await().atMost(MEASURED.multipliedBy(3)).until(() -> Instant.now().isAfter(from.plus(MEASURED)));
            ContainerWindow window = sampler.window(from, Instant.now());
            System.out.printf("busy loop under %.1f CPU: %s%n", HALF_A_CPU, window);

            // 250 ms apart over 4 s; the host may delay a few
            assertThat(window.samples()).isBetween(8, 18);
            assertThat(window.cpuPercentOfLimit()).isBetween(50.0, 110.0);
            assertThat(window.cpuSeconds()).isBetween(0.5 * HALF_A_CPU * 4, 1.1 * HALF_A_CPU * 4.5);
            assertThat(window.throttledPeriods()).isPositive();
            assertThat(window.throttledMs()).isPositive();
            assertThat(window.memoryMeanMb()).isPositive().isLessThan(256.0);
            assertThat(window.memoryPeakMb()).isGreaterThanOrEqualTo(window.memoryMeanMb()).isLessThanOrEqualTo(256.0);
            assertThat(window.threadsPeak()).isGreaterThanOrEqualTo(1);
            // throttling takes the shell off the CPU many times a second
            assertThat(window.contextSwitches()).isPositive();
        } finally {
            engine.remove(container);
        }
    }

    /** A JVM running {@code program} (one Java source file, class {@code className}) by the source launcher, 1 CPU. */
    private RunningContainer javaSourceProgram(String className, String program, int memoryMb) {
        return host.start(host.spec(IMAGE)
                .cpus(1)
                .memoryMegabytes(memoryMb)
                .env("PROGRAM", program)
                .command("sh", "-c", "printf '%s' \"$PROGRAM\" > /tmp/" + className + ".java && exec java /tmp/" + className + ".java")
                .build());
    }

    @Test
    void threadsThatComeAndGoNeverMakeTheSwitchCountGoBack() {
        RunningContainer container = javaSourceProgram("Churn", CHURN_PROGRAM, 256);
        try (ContainerSampler sampler = ContainerSampler.start(container.id(), container.hostPid(), 1)) {
            // the source launcher compiles first; the churn starts when the JVM has its 20 sleepers
            await().atMost(Duration.ofSeconds(60)).until(() -> sampler.samples().getLast().threads() >= 25);
            Instant from = Instant.now();
            await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(from.plusSeconds(3)));
            ContainerWindow window = sampler.window(from, Instant.now());
            System.out.printf("JVM with churning threads: %s%n", window);

            List<Long> switches = sampler.switchCounts().stream().map(SwitchCount::contextSwitches).toList();
            assertThat(switches).hasSizeGreaterThan(2).isSorted();
            // 20 threads waking every 5 ms for 3 s alone switch about 12,000 times
            assertThat(window.contextSwitches()).isGreaterThan(1_000);
            assertThat(window.threadsPeak()).isGreaterThanOrEqualTo(25);
            assertThat(window.cpuSeconds()).isPositive();
            assertThat(window.memoryMeanMb()).isGreaterThan(10.0);
        } finally {
            engine.remove(container);
        }
    }

    @Test
    void theJitsCompilerThreadsAreBusyAsTheJvmStartsAndQuietOnceItsWorkIsCompiled() {
        RunningContainer container = javaSourceProgram("Steady", STEADY_WORK_PROGRAM, 512);
        try (ContainerSampler sampler = ContainerSampler.start(container.id(), container.hostPid(), 1)) {
            Instant started = sampler.samples().getFirst().at();
            await().atMost(Duration.ofSeconds(60)).until(() -> Instant.now().isAfter(started.plusSeconds(8)));
            List<ContainerSecond> early = sampler.seconds(started, started.plusSeconds(8));
            // The compiler threads' running sum at the last walk of the first 8 s: it holds their CPU
            // since the JVM started them, also what they spent before a walk first found them (the
            // per-second figures leave those seconds unknown: a CI run read [-, -, 31, 0, ...]).
            double earlyMs = sampler.switchCounts().stream()
                    .filter(walk -> !walk.at().isAfter(started.plusSeconds(8)) && walk.jitCpuMs() != null)
                    .mapToDouble(SwitchCount::jitCpuMs).max().orElse(0);

            // quiet: the last 15 s under 3 % of the CPU (the adaptive warm-up's default bound)
            List<Double> quiet = new ArrayList<>();
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(1)).until(() -> {
                Instant now = Instant.now();
                List<ContainerSecond> last = sampler.seconds(now.minusSeconds(15), now.minusSeconds(1));
                double mean = last.stream().filter(s -> s.jitCpuMs() != null).mapToDouble(ContainerSecond::jitCpuMs)
                        .average().orElse(Double.NaN);
                quiet.add(mean);
                return mean < 30;
            });
            Instant now = Instant.now();
            List<ContainerSecond> all = sampler.seconds(started, now);
            System.out.printf("JIT of a steady JVM workload at 1 CPU: %.0f ms of compiler CPU in its first 8 s, quiet "
                            + "(last 15 s at %.1f ms/s) %d s after start; per second: %s%n", earlyMs, quiet.getLast(),
                    Duration.between(started, now).toSeconds(),
                    all.stream().map(s -> s.jitCpuMs() == null ? "-" : String.format("%.0f", s.jitCpuMs())).toList());

            assertThat(early).as("the walks found HotSpot's compiler threads").anyMatch(s -> s.jitCpuMs() != null);
            // javac through the source launcher, then the workload: the compiler threads work from the start
            assertThat(earlyMs).isGreaterThan(100);
            // the quota is one CPU: no second holds more compiler CPU than that (ticks and interpolation aside)
            assertThat(all).allSatisfy(s -> assertThat(s.jitCpuMs() == null ? 0 : s.jitCpuMs()).isLessThan(1200.0));
            assertThat(quiet.getLast()).isLessThan(30.0);
        } finally {
            engine.remove(container);
        }
    }

    @Test
    void aJvmWithThousandsOfThreadsIsWalkedWithinTheSamplersCpuBudget() {
        RunningContainer container = host.start(host.spec(IMAGE)
                .cpus(1)
                .memoryMegabytes(512)
                .env("MANY_THREADS_PROGRAM", MANY_THREADS_PROGRAM)
                .command("sh", "-c", "printf '%s' \"$MANY_THREADS_PROGRAM\" > /tmp/Many.java && exec java /tmp/Many.java")
                .build());
        try (ContainerSampler sampler = ContainerSampler.start(container.id(), container.hostPid(), 1)) {
            await().atMost(Duration.ofSeconds(90)).until(() -> sampler.samples().getLast().threads() >= 2000);
            Instant from = Instant.now();
            long cpuBefore = sampler.samplingCpuNanos();
            await().atMost(Duration.ofSeconds(60)).until(() -> Instant.now().isAfter(from.plusSeconds(6)));
            double samplerCpuShare = (sampler.samplingCpuNanos() - cpuBefore) / 6e9;
            ContainerWindow window = sampler.window(from, from.plusSeconds(6));
            long walks = sampler.switchCounts().stream().filter(reading -> !reading.at().isBefore(from)).count();
            System.out.printf("JVM with 2,000 threads: %s; %d walks in 6 s; sampler thread used %.1f%% of a CPU%n",
                    window, walks, samplerCpuShare * 100);

            assertThat(window.threadsPeak()).isGreaterThanOrEqualTo(2000);
            // 2,000 threads waking ten times a second: about 120,000 switches in 6 s
            assertThat(window.contextSwitches()).isGreaterThan(20_000);
            // How far apart the walks are follows their CPU cost (a budget, SWITCH_WALK_BUDGET_PERCENT),
            // so their count is the host's speed, not a behaviour: a quiet CI host walked 12 times in
            // 24 samples, a loaded one fewer. What holds everywhere: never more walks than samples,
            // and the sampler within its CPU budget.
            assertThat(walks).as("thread walks in 6 s, against %d samples", window.samples())
                    .isPositive().isLessThanOrEqualTo(window.samples());
            // the walk budget plus the cheap cgroup reads; a loaded host stretches the walks' wall time
            assertThat(samplerCpuShare).isLessThan(0.10);
        } finally {
            engine.remove(container);
        }
    }

    @Test
    void theJvmsOwnSocketsAreCountedByStateAmongTheHostsOthers() throws IOException {
        int port = BenchHost.freePort();
        RunningContainer container = host.start(host.spec(IMAGE)
                .sandbox(ContainerSpec.APP_USER)
                .volume("/tmp")
                .cpus(1)
                .memoryMegabytes(256)
                .nofileLimit(4096)
                .env("PORT", Integer.toString(port))
                .env("LEAK_PROGRAM", LEAKING_SERVER_PROGRAM)
                .command("sh", "-c", "printf '%s' \"$LEAK_PROGRAM\" > /tmp/Leak.java && exec java /tmp/Leak.java")
                .build());
        List<Socket> clients = new ArrayList<>();
        try (ContainerSampler sampler = ContainerSampler.start(container.id(), container.hostPid(), 1)) {
            await().atMost(Duration.ofSeconds(60)).until(() -> engine.logs(container).contains("listening"));
            for (int i = 0; i < 20; i++) {
                clients.add(new Socket(InetAddress.getLoopbackAddress(), port));
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> lastFds(sampler).tcpIn(TcpState.ESTABLISHED) == 20);
            // a window starting now: its start state is the reading just taken, 0 CLOSE_WAIT; the
            // clients hang up once a reading inside the window has seen all 20 established
            Instant from = Instant.now();
            await().atMost(Duration.ofSeconds(10)).until(() -> lastFds(sampler).at().isAfter(from));
            // the clients hang up two at a time; the server never closes its ends
            for (int round = 0; round < 4; round++) {
                clients.remove(0).close();
                clients.remove(0).close();
                Instant roundEnd = Instant.now().plusMillis(600);
                await().atMost(Duration.ofSeconds(5)).until(() -> Instant.now().isAfter(roundEnd));
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> lastFds(sampler).tcpIn(TcpState.CLOSE_WAIT) == 8);
            Instant to = Instant.now();
            ContainerWindow window = sampler.window(from, to);
            List<ContainerSecond> seconds = sampler.seconds(from, to);
            FdReading last = lastFds(sampler);
            System.out.printf("leaking server: %s%n  last reading %s%n  per second:%n", window, last);
            seconds.forEach(second -> System.out.printf("    %s%n", second));

            assertThat(sampler.fdStopReason()).isEmpty();
            // the clients' own ends (FIN_WAIT2 and ESTABLISHED, in the same host table) are this JVM's, not the app's
            assertThat(last.tcp()).containsEntry(TcpState.ESTABLISHED, 12).containsEntry(TcpState.CLOSE_WAIT, 8)
                    .containsEntry(TcpState.LISTEN, 1).doesNotContainKey(TcpState.FIN_WAIT2);
            assertThat(last.socketFds()).isGreaterThanOrEqualTo(21);
            assertThat(last.openFds()).isGreaterThan(last.socketFds());
            assertThat(last.nofileSoftLimit()).isEqualTo(4096);
            assertThat(window.tcpCloseWaitAtEnd()).isEqualTo(8);
            assertThat(window.tcpCloseWaitGrowth()).isEqualTo(8);
            assertThat(window.tcpEstablishedPeak()).isEqualTo(20);
            assertThat(window.openFdsPeak()).isGreaterThanOrEqualTo(21);
            assertThat(window.nofileSoftLimit()).isEqualTo(4096);
            assertThat(seconds).extracting(ContainerSecond::second).isSorted().doesNotHaveDuplicates()
                    .allSatisfy(second -> assertThat(second.getNano()).isZero());
            assertThat(seconds.size()).isBetween(3, 60);
            // about one reading a second; a loaded host may delay some past their second
            List<ContainerSecond> read = seconds.stream().filter(second -> second.tcpStates() != null).toList();
            assertThat(read.size()).isGreaterThanOrEqualTo(seconds.size() / 2);
            assertThat(read).extracting(ContainerSecond::tcpCloseWait).isSorted();
            assertThat(read.getLast().tcpCloseWait()).isEqualTo(8);
            assertThat(seconds.subList(1, seconds.size() - 1)).allSatisfy(second -> {
                assertThat(second.samples()).isBetween(1, 8);
                assertThat(second.cpuCores()).isNotNull().isBetween(0.0, 1.1);
                assertThat(second.memoryMeanMb()).isNotNull().isPositive().isLessThan(256.0);
                assertThat(second.threadsMax()).isNotNull().isGreaterThan(5);
            });
        } finally {
            for (Socket client : clients) {
                client.close();
            }
            engine.remove(container);
        }
    }

    @Test
    void aJvmWithThousandsOfConnectionsIsReadAboutOnceASecondWithinItsBudget() throws IOException {
        int port = BenchHost.freePort();
        RunningContainer container = host.start(host.spec(IMAGE)
                .sandbox(ContainerSpec.APP_USER)
                .volume("/tmp")
                .cpus(1)
                .memoryMegabytes(256)
                .nofileLimit(4096)
                .env("PORT", Integer.toString(port))
                .env("LEAK_PROGRAM", LEAKING_SERVER_PROGRAM)
                .command("sh", "-c", "printf '%s' \"$LEAK_PROGRAM\" > /tmp/Leak.java && exec java /tmp/Leak.java")
                .build());
        List<Socket> clients = new ArrayList<>();
        try (ContainerSampler sampler = ContainerSampler.start(container.id(), container.hostPid(), 1)) {
            await().atMost(Duration.ofSeconds(60)).until(() -> engine.logs(container).contains("listening"));
            for (int i = 0; i < 2000; i++) {
                clients.add(new Socket(InetAddress.getLoopbackAddress(), port));
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> lastFds(sampler).tcpIn(TcpState.ESTABLISHED) == 2000);
            Instant from = Instant.now();
            long cpuBefore = sampler.samplingCpuNanos();
            await().atMost(Duration.ofSeconds(60)).until(() -> Instant.now().isAfter(from.plusSeconds(5)));
            double samplerCpuShare = (sampler.samplingCpuNanos() - cpuBefore) / 5e9;
            long readings = sampler.fdReadings().stream().filter(reading -> !reading.at().isBefore(from)).count();
            ContainerWindow window = sampler.window(from, from.plusSeconds(5));
            System.out.printf("server holding 2,000 connections: %s; %d descriptor readings in 5 s; sampler thread used"
                    + " %.1f%% of a CPU%n", window, readings, samplerCpuShare * 100);

            assertThat(window.tcpEstablishedPeak()).isEqualTo(2000);
            assertThat(window.openFdsPeak()).isGreaterThan(2000);
            assertThat(readings).as("at most one reading a second, with a little slack for ticks").isBetween(2L, 7L);
            assertThat(samplerCpuShare).isLessThan(0.10);
        } finally {
            for (Socket client : clients) {
                client.close();
            }
            engine.remove(container);
        }
    }

    private static FdReading lastFds(ContainerSampler sampler) {
        List<FdReading> readings = sampler.fdReadings();
        assertThat(readings).as("descriptor readings (%s)", sampler.fdStopReason()).isNotEmpty();
        return readings.getLast();
    }

    @Test
    void whenTheContainerExitsSamplingStopsAndTheSamplesStay() {
        RunningContainer container = host.start(host.spec(IMAGE)
                .command("sh", "-c", "sleep 2")
                .build());
        try {
            ContainerSampler sampler = ContainerSampler.start(container.id(), container.hostPid(), 1,
                    Duration.ofMillis(100));
            Instant from = Instant.now();
            await().atMost(Duration.ofSeconds(30)).until(() -> !sampler.isSampling());

            assertThat(sampler.stopReason()).hasValueSatisfying(reason -> assertThat(reason).contains(container.id()));
            assertThat(sampler.window(from.minusSeconds(1), Instant.now()).samples()).isGreaterThanOrEqualTo(2);
            sampler.close();
        } finally {
            engine.remove(container);
        }
    }

    @Test
    void aPidOutsideTheContainerIsRefused() {
        RunningContainer container = host.start(host.spec(IMAGE)
                .command("sleep", "60")
                .build());
        try {
            long worker = ProcessHandle.current().pid();
            assertThatThrownBy(() -> ContainerSampler.start(container.id(), worker, 1))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not container " + container.id());
            assertThatThrownBy(() -> ContainerSampler.start(container.id(), 0, 1))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("hostPid");
        } finally {
            engine.remove(container);
        }
    }
}
