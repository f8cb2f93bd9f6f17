package dev.jvmbench.worker.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngines;
import dev.jvmbench.worker.container.ContainerLabels;
import dev.jvmbench.worker.container.ContainerEngineProperties;
import dev.jvmbench.worker.container.ContainerSpec;
import dev.jvmbench.worker.container.ImageSummary;
import dev.jvmbench.worker.container.RunningContainer;
import org.junit.jupiter.api.Named;

/**
 * One test class's view of the benchmark host: the real engine, a label that marks every
 * container the class starts ({@code bench.test=<class>}), and cleanup by that label.
 *
 * <p>If no engine answers, {@link #forClass} throws {@code ContainerEngineUnavailableException}
 * with the reason, so every test of the class fails with it rather than being skipped.
 */
public final class BenchHost implements AutoCloseable {

    public static final String TEST_LABEL = "bench.test";
    private static final String SETUP_HINT = "build the images with 'bash worker/host/setup.sh'";
    // Ports handed out in this JVM: a port freed by one ServerSocket(0) can come back from
    // the next one before the first container has bound it.
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private final ContainerEngine engine;
    private final String testName;

    private BenchHost(ContainerEngine engine, String testName) {
        this.engine = engine;
        this.testName = testName;
    }

    /** Connects, checks the engine answers, and removes what an earlier, killed run of the class left. */
    public static BenchHost forClass(Class<?> testClass) {
        ContainerEngine engine = ContainerEngines.docker(ContainerEngineProperties.defaults());
        try {
            engine.ping();
            BenchHost host = new BenchHost(engine, testClass.getSimpleName());
            engine.removeManaged(host.labels());
            return host;
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    public ContainerEngine engine() {
        return engine;
    }

    /** The labels every container of this test class carries (besides {@code bench.managed=true}). */
    public Map<String, String> labels() {
        return Map.of(TEST_LABEL, testName);
    }

    /** A spec builder for {@code image} with this class's label and a readable name prefix. */
    public ContainerSpec.Builder spec(String image) {
        return ContainerSpec.builder(image)
                .namePrefix("test-" + testName.toLowerCase())
                .labels(labels());
    }

    public RunningContainer start(ContainerSpec spec) {
        assertThat(spec.labels()).containsAllEntriesOf(labels()).containsEntry(ContainerLabels.MANAGED, "true");
        return engine.start(spec);
    }

    /** Removes this class's containers and asserts none is left; for {@code @AfterAll}. */
    @Override
    public void close() {
        try {
            engine.removeManaged(labels());
            assertThat(engine.findManaged(labels()))
                    .as("containers labelled %s left after %s", labels(), testName)
                    .isEmpty();
        } finally {
            engine.close();
        }
    }

    /** A free TCP port on 127.0.0.1, never the same one twice in this JVM. */
    public static int freePort() {
        for (int attempt = 0; attempt < 50; attempt++) {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                int port = socket.getLocalPort();
                if (HANDED_OUT.add(port)) {
                    return port;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("no fresh free port in 50 attempts");
    }

    /** Images with all of {@code labels}; fails (never skips) when there is none. */
    public static List<ImageSummary> requireImages(Map<String, String> labels) {
        try (ContainerEngine engine = ContainerEngines.docker(ContainerEngineProperties.defaults())) {
            List<ImageSummary> images = engine.findImages(labels).stream()
                    .filter(image -> !image.tags().isEmpty())
                    .sorted(Comparator.comparing(image -> image.tags().getFirst()))
                    .toList();
            assertThat(images).as("local images labelled %s (%s)", labels, SETUP_HINT).isNotEmpty();
            return images;
        }
    }

    /** The one image with all of {@code labels}. */
    public static ImageSummary requireImage(Map<String, String> labels) {
        List<ImageSummary> images = requireImages(labels);
        assertThat(images).as("images labelled %s", labels).hasSize(1);
        return images.getFirst();
    }

    /** Images as test arguments shown by their tag. */
    public static List<Named<ImageSummary>> named(List<ImageSummary> images) {
        return images.stream().map(image -> Named.of(reference(image), image)).toList();
    }

    /** The image's first tag: what a spec names. */
    public static String reference(ImageSummary image) {
        return image.tags().getFirst();
    }

    /** The {@code bench.jdk} label as a number. */
    public static int jdkOf(ImageSummary image) {
        String jdk = image.label("bench.jdk");
        assertThat(jdk).as("bench.jdk label of %s", image.tags()).isNotBlank().containsOnlyDigits();
        return Integer.parseInt(jdk);
    }
}
