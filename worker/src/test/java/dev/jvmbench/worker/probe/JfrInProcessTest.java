package dev.jvmbench.worker.probe;

import dev.jvmbench.common.jvm.JvmFacts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import com.sun.management.HotSpotDiagnosticMXBean;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings made in this JVM with the settings of {@link JfrAnalyzer#JVM_FLAG}: what the JVM
 * saw, the per-second series and the pinned sites, checked against what this JVM says of itself.
 * Recordings made in containers, on every JDK image, are read in JfrAnalyzerTest.
 */
class JfrInProcessTest {

    private static Path recording;
    private static Instant workStart;
    private static Instant workEnd;
    private static int explicitCollections;

    static volatile Object sink;

    /** Three classes whose initialisers block in one shared method: a virtual thread in {@code <clinit>} stays pinned on every JDK. */
    static final class SlowInitA {
        static {
            holdWhileInitialising();
        }

        static void touch() {
        }
    }

    static final class SlowInitB {
        static {
            holdWhileInitialising();
        }

        static void touch() {
        }
    }

    static final class SlowInitC {
        static {
            holdWhileInitialising();
        }

        static void touch() {
        }
    }

    static void holdWhileInitialising() {
        try {
            Thread.sleep(60);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @BeforeAll
    static void record(@TempDir Path dir) throws Exception {
        recording = dir.resolve("in-process.jfr");
        try (Recording jfr = new Recording(settingsOfTheJvmFlag())) {
            jfr.start();
            workStart = Instant.now();
            // allocation for 3 s, with a few explicit collections among the collector's own
            long end = System.nanoTime() + 3_000_000_000L;
            long nextGc = System.nanoTime();
            while (System.nanoTime() < end) {
                byte[][] keep = new byte[32][];
                for (int i = 0; i < keep.length; i++) {
                    keep[i] = new byte[32 * 1024];
                }
                sink = keep;
                if (System.nanoTime() - nextGc >= 0) {
                    System.gc();
                    explicitCollections++;
                    nextGc += 700_000_000L;
                }
            }
            for (Runnable init : List.<Runnable>of(SlowInitA::touch, SlowInitB::touch, SlowInitC::touch)) {
                Thread.ofVirtual().start(init).join();
            }
            workEnd = Instant.now();
            Thread.sleep(1100); // one more round of the periodic events after the work
            jfr.stop();
            jfr.dump(recording);
        }
    }

    /** The default settings with every {@code event#setting=value} of the JVM flag on top. */
    static Map<String, String> settingsOfTheJvmFlag() throws IOException, ParseException {
        Map<String, String> settings = new HashMap<>(Configuration.getConfiguration("default").getSettings());
        String options = JfrAnalyzer.JVM_FLAG.substring(JfrAnalyzer.JVM_FLAG.indexOf('=') + 1);
        for (String option : options.split(",")) {
            int equals = option.indexOf('=');
            if (option.contains("#")) {
                settings.put(option.substring(0, equals), option.substring(equals + 1));
            }
        }
        return settings;
    }

    @Test
    void theFactsAreWhatThisJvmSaysOfItself() throws IOException {
        JfrAnalyzer analyzer = JfrAnalyzer.read(recording);
        JvmFacts facts = analyzer.facts().orElseThrow();
        System.out.printf("facts: %s%n", facts.toString().replaceAll(", systemProperties=.*", "]"));
        HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);

        assertThat(facts.jvmName()).isEqualTo(System.getProperty("java.vm.name"));
        assertThat(facts.vmVersion()).isEqualTo(System.getProperty("java.vm.version"));
        assertThat(facts.runtimeVersion()).isEqualTo(System.getProperty("java.runtime.version"));
        assertThat(facts.featureVersion()).isEqualTo(Runtime.version().feature());
        assertThat(facts.jvmVersion()).contains(System.getProperty("java.vm.version"));
        // JFR records only the properties the VM sets itself: java.vendor is not among them
        assertThat(facts.systemProperties()).containsEntry("java.vm.vendor", System.getProperty("java.vm.vendor"))
                .doesNotContainKey("java.vendor").doesNotContainKey("java.runtime.version");
        assertThat(facts.vendor()).isEqualTo(System.getProperty("java.vm.vendor"));
        List<String> arguments = ManagementFactory.getRuntimeMXBean().getInputArguments();
        assertThat(facts.jvmArguments()).as("null when there are none")
                .isEqualTo(arguments.isEmpty() ? null : String.join(" ", arguments));
        assertThat(facts.jvmStartTime()).isEqualTo(Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime()));
        assertThat(facts.cpuCount()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(facts.activeProcessorCount()).isEqualTo(-1);
        assertThat(facts.hardwareThreads()).isGreaterThanOrEqualTo(1);
        assertThat(facts.containerType()).as("not in a container").isNull();
        assertThat(facts.heapMaxBytes()).isEqualTo(Long.parseLong(hotspot.getVMOption("MaxHeapSize").getValue()));
        assertThat(facts.heapInitialBytes()).isEqualTo(Long.parseLong(hotspot.getVMOption("InitialHeapSize").getValue()));
        assertThat(facts.threadStackSizeKb()).isEqualTo(Long.parseLong(hotspot.getVMOption("ThreadStackSize").getValue()));
        List<String> collectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).toList();
        if (collectors.contains("G1 Young Generation")) {
            assertThat(facts.youngCollector()).isEqualTo("G1New");
            assertThat(facts.oldCollector()).isEqualTo("G1Old");
        }
        assertThat(facts.nonDefaultFlags()).isNotEmpty().noneMatch(flag -> flag.origin().equals("Default"));
        // the JVM sized the heap for this machine
        assertThat(facts.flag("MaxHeapSize")).hasValueSatisfying(flag -> {
            assertThat(flag.value()).isEqualTo(hotspot.getVMOption("MaxHeapSize").getValue());
            assertThat(flag.origin()).isEqualTo("Ergonomic");
        });
        assertThat(facts.flag("ThreadStackSize")).as("a default value is not listed").isEmpty();
    }

    @Test
    void theSecondsAddUpToTheWindow() throws IOException {
        JfrAnalyzer analyzer = JfrAnalyzer.read(recording);
        Instant from = workStart.truncatedTo(ChronoUnit.SECONDS);
        Instant to = workEnd.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        List<JvmSecond> seconds = analyzer.seconds(workStart, workEnd);
        JfrWindow window = analyzer.window(from, to.minusNanos(1));
        seconds.forEach(second -> System.out.printf("  %s%n", second));

        assertThat(seconds).extracting(JvmSecond::second).containsExactlyElementsOf(
                LongStream.range(0, Duration.between(from, to).toSeconds()).mapToObj(from::plusSeconds).toList());
        assertThat(seconds).allMatch(JvmSecond::covered);
        assertThat(seconds.stream().mapToInt(JvmSecond::gcCount).sum())
                .isEqualTo(window.gcCount()).isGreaterThanOrEqualTo(explicitCollections);
        double windowPauseMs = window.gcPauseMsPerSecond() * Duration.between(from, to.minusNanos(1)).toNanos() / 1e9;
        assertThat(seconds.stream().mapToDouble(JvmSecond::gcPauseMs).sum()).isPositive().isCloseTo(windowPauseMs, within(0.01));
        // a collection's two heap summaries may fall into two seconds; a second with many has both
        assertThat(seconds.stream().filter(second -> second.gcCount() > 0))
                .allSatisfy(second -> assertThat(second.heapUsedMaxMb()).isNotNull().isPositive())
                .filteredOn(second -> second.gcCount() > 2)
                .isNotEmpty()
                .allSatisfy(second -> assertThat(second.heapAfterGcMb()).isNotNull()
                        .isLessThanOrEqualTo(second.heapUsedMaxMb()));
        // the periodic events come once a second: most seconds have them
        assertThat(seconds.stream().filter(second -> second.javaThreadsMax() != null).count())
                .isGreaterThanOrEqualTo(seconds.size() - 1);
        assertThat(seconds.stream().filter(second -> second.jvmCpuCores() != null).count())
                .isGreaterThanOrEqualTo(seconds.size() - 2);
        JvmFacts facts = analyzer.facts().orElseThrow();
        assertThat(seconds).allSatisfy(second -> {
            if (second.jvmCpuCores() != null) {
                assertThat(second.jvmCpuCores()).isBetween(0.0, facts.hardwareThreads() + 0.01);
                assertThat(second.jvmCpuUser() + second.jvmCpuSystem()).isLessThanOrEqualTo(second.machineCpuTotal() + 0.01);
            }
        });

        Instant later = analyzer.recordingEnd().truncatedTo(ChronoUnit.SECONDS).plusSeconds(10);
        List<JvmSecond> beyond = analyzer.seconds(later, later.plusSeconds(2));
        assertThat(beyond).hasSize(2).allSatisfy(second -> {
            assertThat(second.covered()).isFalse();
            assertThat(second.gcCount()).isNull();
            assertThat(second.gcPauseMs()).isNull();
        });
    }

    @Test
    void pinnedThreadsAreGroupedByTheApplicationFrameThatBlocked() throws IOException {
        JfrAnalyzer analyzer = JfrAnalyzer.read(recording);

        List<PinnedSite> sites = analyzer.pinnedSites(workStart, workEnd);
        System.out.printf("pinned sites: %s%n", sites);

        assertThat(sites).hasSize(1);
        PinnedSite site = sites.getFirst();
        assertThat(site.frame()).startsWith(JfrInProcessTest.class.getName() + ".holdWhileInitialising:");
        assertThat(site.count()).isEqualTo(3);
        assertThat(site.totalPinned()).isGreaterThanOrEqualTo(Duration.ofMillis(3 * 55));
        assertThat(site.longestPinned()).isGreaterThanOrEqualTo(Duration.ofMillis(55)).isLessThanOrEqualTo(site.totalPinned());
        // what it blocked in, then the site, then who called it (the class initialiser)
        assertThat(site.context()).anyMatch(frame -> frame.startsWith("java.lang.Thread.sleep"))
                .contains(site.frame())
                .anyMatch(frame -> frame.contains("SlowInit") && frame.contains("<clinit>"));
        assertThat(site.context().indexOf(site.frame())).isBetween(1, PinnedSite.FRAMES_ABOVE);
        if (Runtime.version().feature() >= TheoreticalCeiling.FIRST_JDK_WITHOUT_MONITOR_PINNING) {
            assertThat(site.pinnedReasons()).isNotEmpty();
        }
        assertThat(analyzer.pinnedSites(workStart.minusSeconds(60), workStart.minusSeconds(30))).isEmpty();
        assertThat(analyzer.window(workStart, workEnd).virtualThreadPinnedEvents()).isEqualTo(3);
    }

    /**
     * The sampling period comes from the recording's settings, not from its first sample: a JVM that ran
     * no Java code long enough to be sampled (here {@code java -version}; in a CI run, JDK 21 under
     * Serial in its allocation path) still recorded its period, and a CPU profile without it reads as
     * one of unknown period.
     */
    @Test
    void theSamplingPeriodIsKnownFromTheSettingsWhenNoThreadWasSampled(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("version.jfr");
        Process version = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:StartFlightRecording:filename=" + file + ",settings=default", "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(version.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).as("java -version ended").isTrue();
        JfrAnalyzer analyzer = JfrAnalyzer.read(file);

        JfrProfile cpu = analyzer.profile(dev.jvmbench.common.profile.ProfileKind.CPU, analyzer.recordingStart(),
                analyzer.recordingEnd());
        System.out.println("java -version: " + cpu.events() + " execution samples");
        assertThat(cpu.samplingPeriodNs()).isEqualTo(20_000_000L);
    }
}
