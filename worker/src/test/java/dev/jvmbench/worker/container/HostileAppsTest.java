package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.jvmbench.worker.testing.BenchHost;
import dev.jvmbench.worker.testing.HostilePrograms;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile apps, built here, in the box every benchmarked app gets (see {@code AppContainers.app}):
 * user 10001, read-only root filesystem with /tmp as an anonymous volume, no capabilities, no
 * privilege gain, pids, nofile and memory limits, nothing of the host mounted. Each is contained
 * with a precise outcome, and the host and the next container are unaffected.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class HostileAppsTest {

    private static final long PIDS_LIMIT = 128;
    private static final long NOFILE_LIMIT = 256;

    private static BenchHost host;
    private static ContainerEngine engine;
    private static String jdkImage;

    @BeforeAll
    static void connect() {
        host = BenchHost.forClass(HostileAppsTest.class);
        engine = host.engine();
        jdkImage = BenchHost.reference(BenchHost.requireImages(Map.of("bench.kind", "jdk")).getFirst());
    }

    @AfterAll
    static void removeEverythingThisClassStarted() {
        if (host != null) {
            host.close();
        }
    }

    /** The app box, as AppContainers builds it, with small limits so the hostile acts end fast. */
    private static ContainerSpec.Builder boxed() {
        return host.spec(jdkImage)
                .sandbox(ContainerSpec.APP_USER)
                .volume("/tmp")
                .memoryMegabytes(256)
                .pidsLimit(PIDS_LIMIT)
                .nofileLimit(NOFILE_LIMIT);
    }

    private static ContainerSpec.Builder hostile(String className, String source, String before, String javaOptions) {
        byte[] program = HostilePrograms.compile(className, source);
        return boxed().env(HostilePrograms.env(program))
                .command(HostilePrograms.command(className, before, javaOptions));
    }

    /** After every hostile app: a well-behaved one in the same box starts, runs and exits 0. */
    @AfterEach
    void theNextAppIsUnaffected() {
        RunningContainer next = host.start(boxed().command("sh", "-c", "echo hello > /tmp/x && cat /tmp/x && java -version").build());
        ContainerOutcome outcome = engine.awaitExit(next, Duration.ofSeconds(60));
        assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.Exited.class, exited -> {
            assertThat(exited.exitCode()).as(exited.logTail()).isZero();
            assertThat(exited.logTail()).contains("hello").contains("version");
        });
        engine.remove(next);
    }

    @Test
    void anAppWritingToTheRootFilesystemIsRefused() {
        RunningContainer app = host.start(hostile("WriteRoot", """
                import java.nio.file.*;
                public class WriteRoot {
                    public static void main(String[] args) throws Exception {
                        System.out.println("running as " + System.getProperty("user.name"));
                        for (String p : new String[] {"/pwned", "/etc/pwned", "/usr/bin/pwned", "/opt/java/bin/pwned",
                                "/home/app/pwned", "/etc/passwd"}) {
                            try {
                                Files.writeString(Path.of(p), "pwned", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                                System.out.println("WROTE " + p);
                                System.exit(0);
                            } catch (Exception e) {
                                System.out.println("refused " + p + ": " + e);
                            }
                        }
                        Files.writeString(Path.of("/tmp/scratch"), "ok");
                        System.out.println("/tmp is writable");
                        System.exit(3);
                    }
                }
                """, "", "").build());

        ContainerOutcome outcome = engine.awaitExit(app, Duration.ofSeconds(60));

        assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.Exited.class, exited -> {
            assertThat(exited.exitCode()).as(exited.logTail()).isEqualTo(3);
            assertThat(exited.reason()).isEqualTo("exited 3");
            assertThat(exited.logTail()).contains("running as app")
                    .contains("refused /pwned: java.nio.file.FileSystemException: /pwned: Read-only file system")
                    .contains("refused /etc/passwd: java.nio.file.AccessDeniedException: /etc/passwd")
                    .contains("/tmp is writable")
                    .doesNotContain("WROTE");
        });
        assertThat(Path.of("/pwned")).doesNotExist();
    }

    @Test
    void anAppCannotReachTheContainerEngine() {
        // Host networking: were the engine listening on TCP, the app could reach it. It must not.
        assertThat(ContainerEngineProperties.defaults().host().getScheme()).isEqualTo("unix");
        for (int port : new int[] {2375, 2376}) {
            assertThat(connects(port)).as("an engine port %d open on the host's loopback", port).isFalse();
        }
        RunningContainer app = host.start(hostile("ReachEngine", """
                import java.net.*;
                import java.nio.channels.SocketChannel;
                import java.nio.file.*;
                public class ReachEngine {
                    public static void main(String[] args) {
                        boolean reached = false;
                        for (String p : new String[] {"/var/run/docker.sock", "/run/docker.sock",
                                "/run/containerd/containerd.sock", "/var/run/docker"}) {
                            System.out.println(p + (Files.exists(Path.of(p)) ? " EXISTS" : " absent"));
                            try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(p))) {
                                System.out.println("CONNECTED " + p);
                                reached = true;
                            } catch (Exception e) {
                                System.out.println("unix " + p + ": " + e.getClass().getSimpleName());
                            }
                        }
                        for (int port : new int[] {2375, 2376}) {
                            try (Socket s = new Socket()) {
                                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                                System.out.println("CONNECTED tcp " + port);
                                reached = true;
                            } catch (Exception e) {
                                System.out.println("tcp " + port + ": " + e.getMessage());
                            }
                        }
                        System.out.println(reached ? "ENGINE REACHED" : "engine unreachable");
                        System.exit(reached ? 0 : 4);
                    }
                }
                """, "", "").build());

        ContainerOutcome outcome = engine.awaitExit(app, Duration.ofSeconds(60));

        assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.Exited.class, exited -> {
            assertThat(exited.exitCode()).as(exited.logTail()).isEqualTo(4);
            assertThat(exited.logTail()).contains("/var/run/docker.sock absent").contains("/run/docker.sock absent")
                    .contains("tcp 2375: Connection refused").contains("engine unreachable")
                    .doesNotContain("CONNECTED").doesNotContain("EXISTS");
        });
    }

    @Test
    void aForkBombStopsAtThePidsLimitAndLeavesNothingBehind() {
        // PID 1 forks the bomb's first shell while nothing else runs, then becomes a plain sleep (exec needs no new
        // pid): a PID 1 that forked into a full box itself would die of it and end the container (CI saw the box
        // "empty" after 18 processes). Each shell of the bomb forks one more and waits for it, forever: a shell
        // whose fork fails dies and its parent forks again, so the bomb holds the limit instead of the burst of
        // `b | b &`, which died out within half a second in 6 of 6 tries by hand.
        RunningContainer bomb = host.start(boxed()
                .command("sh", "-c", "(b() { while :; do b & wait; done; }; b) & exec sleep 600")
                .build());

        // Shells die when their fork fails and others take their place: watch the peak.
        List<Long> samples = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(45).toNanos();
        while (System.nanoTime() < deadline && (samples.isEmpty() || Collections.max(samples) < PIDS_LIMIT - 8)) {
            samples.add(processesOf(bomb));
        }
        long peak = Collections.max(samples);

        assertThat(peak).as("peak processes of the bomb on the host, samples %s", samples)
                .isBetween(PIDS_LIMIT - 8, PIDS_LIMIT);
        assertThat(engine.exitOutcome(bomb)).as("the box holds; the bomb is stopped by the worker, not the host").isEmpty();
        // The peak can be seen a moment before the first refused fork is written to the log.
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(engine.logs(bomb, 50)).contains("Cannot fork"));
        // while it is saturated, the host starts another container as usual
        RunningContainer other = host.start(boxed().command("true").build());
        assertThat(engine.awaitExit(other, Duration.ofSeconds(60))).isInstanceOfSatisfying(ContainerOutcome.Exited.class,
                exited -> assertThat(exited.exitCode()).isZero());
        engine.remove(other);

        engine.stop(bomb, Duration.ZERO);
        engine.remove(bomb);
        await().atMost(Duration.ofSeconds(30)).until(() -> processesOf(bomb) == 0);
        System.out.printf("fork bomb: %d processes at the peak (pids limit %d), 0 after removal%n", peak, PIDS_LIMIT);
    }

    @Test
    void anAppOpeningFilesPastItsLimitIsRefusedAndCannotRaiseIt() {
        RunningContainer app = host.start(hostile("OpenFiles", """
                import java.io.*;
                import java.util.*;
                public class OpenFiles {
                    public static void main(String[] args) {
                        List<FileInputStream> open = new ArrayList<>();
                        try {
                            while (open.size() < 1_000_000) {
                                open.add(new FileInputStream("/etc/hostname"));
                            }
                            System.out.println("OPENED a million");
                            System.exit(0);
                        } catch (IOException e) {
                            System.out.println("opened " + open.size() + " files, then: " + e.getMessage());
                            System.exit(5);
                        }
                    }
                }
                """, "ulimit -n 100000 2>&1 || echo 'raising the limit refused'; ", "").build());

        ContainerOutcome outcome = engine.awaitExit(app, Duration.ofSeconds(60));

        assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.Exited.class, exited -> {
            assertThat(exited.exitCode()).as(exited.logTail()).isEqualTo(5);
            assertThat(exited.logTail()).contains("raising the limit refused").contains("Too many open files")
                    .doesNotContain("OPENED");
            int opened = Integer.parseInt(exited.logTail().replaceAll("(?s).*opened (\\d+) files.*", "$1"));
            assertThat(opened).as("files opened besides the JVM's own").isBetween(100, (int) NOFILE_LIMIT);
            System.out.printf("file bomb: opened %d files, then 'Too many open files' (nofile %d)%n", opened, NOFILE_LIMIT);
        });
    }

    @Test
    void anAppAllocatingPastItsMemoryIsOomKilled() {
        // The heap may grow to 1 GB, the box holds 256 MB (and no swap): the kernel stops it.
        RunningContainer app = host.start(hostile("Hog", """
                import java.util.*;
                public class Hog {
                    public static void main(String[] args) {
                        List<byte[]> kept = new ArrayList<>();
                        while (true) {
                            byte[] chunk = new byte[8 << 20];
                            Arrays.fill(chunk, (byte) 1);
                            kept.add(chunk);
                            System.out.println("holding " + kept.size() * 8 + " MB");
                        }
                    }
                }
                """, "", "-Xmx1g -XX:+UseSerialGC").build());

        ContainerOutcome outcome = engine.awaitExit(app, Duration.ofSeconds(90));

        assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.OomKilled.class, oom -> {
            assertThat(oom.reason()).isEqualTo("OOMKilled");
            assertThat(oom.logTail()).contains("holding").doesNotContain("OutOfMemoryError");
        });
    }

    /** Host processes in the container's cgroup (its id is in every line of /proc/PID/cgroup). */
    private static long processesOf(RunningContainer container) {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(p -> {
                        try {
                            return Files.readString(p.resolve("cgroup")).contains(container.id());
                        } catch (IOException | RuntimeException gone) {
                            return false;
                        }
                    })
                    .count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean connects(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }
}
