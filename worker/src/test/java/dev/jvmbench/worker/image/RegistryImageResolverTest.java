package dev.jvmbench.worker.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngines;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.container.ContainerSpec;
import dev.jvmbench.worker.container.ImageSummary;
import dev.jvmbench.worker.container.KubernetesEngineProperties;
import dev.jvmbench.worker.container.RunningContainer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resolver on a registry, as the Kubernetes engine uses it: helm/cluster.sh's registry with
 * the JDK 25, nginx and MVC target-app images that helm/k8s-e2e.sh puts there (tag
 * {@code kubernetes}, run by that script; it needs {@code JVMBENCH_REGISTRY}, and for running the
 * built image {@code KUBECONFIG} and {@code JVMBENCH_K8S_NODE}). A JAR is built by Jib straight
 * into the registry, found there again by its labels, and run as a pod the node pulls it for. The
 * registry keeps what the test pushed until helm/cluster.sh down removes its storage.
 */
@Tag("kubernetes")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RegistryImageResolverTest {

    @TempDir
    static Path tmp;

    private static Registry registry;
    private static ImageResolver resolver;
    private static AppSource.Artifact executable;

    @BeforeAll
    static void setUp() {
        registry = Registry.parse(required("JVMBENCH_REGISTRY"));
        resolver = ImageResolver.inRegistry(registry, JdkCatalog.load(JdkCatalog.DEFAULT_LOCATION),
                ImageProperties.defaults().withWorkDir(tmp.resolve("jib")).withLabels(Map.of("bench.test", "image")));
        // a new JAR every run: its image cannot be in the registry yet
        Path jar = TestJars.jar(tmp, "executable", true, UUID.randomUUID().toString());
        executable = new AppSource.Artifact(jar, TestJars.sha256(jar), null);
    }

    private static String required(String variable) {
        String value = System.getenv(variable);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(variable + " is not set: run these tests through helm/k8s-e2e.sh");
        }
        return value;
    }

    @Test
    void buildsTheJarIntoTheRegistryFindsItByItsLabelsAndTheNodeRunsIt() {
        ResolvedImage built = resolver.resolve(executable, 25, ThreadModel.PLATFORM);

        String reference = registry.host() + "/jvmbench/artifact-" + executable.shortSha() + ":jdk25";
        assertThat(built.origin()).isEqualTo(ResolvedImage.Origin.BUILT);
        assertThat(built.reference()).isEqualTo(reference);
        System.out.printf("registry image test: built %s in %.2f s%n", reference, built.buildSeconds());
        RegistryImages images = new RegistryImages();
        ImageSummary image = images.inspect(reference).orElseThrow();
        ImageSummary base = images.inspect(registry.host() + "/jvmbench/jdk:25").orElseThrow();
        assertThat(image.labels())
                .containsEntry("bench.kind", "artifact-app")
                .containsEntry("bench.jdk", "25")
                .containsEntry("bench.artifact-sha256", executable.sha256())
                .containsEntry("bench.base-image-id", base.id())
                .containsEntry("bench.test", "image");
        assertThat(base.id()).startsWith("sha256:");

        long start = System.nanoTime();
        ResolvedImage again = resolver.resolve(executable, 25, ThreadModel.VIRTUAL);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(again).isEqualTo(new ResolvedImage(reference, ResolvedImage.Origin.REUSED, Duration.ZERO));
        assertThat(took).as("a reuse reads a manifest and a config").isLessThan(Duration.ofSeconds(5));
        System.out.printf("registry image test: reused it in %d ms%n", took.toMillis());

        assertThat(runAsPod(reference)).contains("feature=25", "processors=1", "user=app", "cwd=/app", "probe=from-run");
    }

    @Test
    void theStockAppsAndUpstreamsAreLookedUpInTheRegistry() {
        assertThat(resolver.resolve(new AppSource.Stock(), 25, ThreadModel.VIRTUAL)).isEqualTo(new ResolvedImage(
                registry.host() + "/jvmbench/target-mvc:jdk25", ResolvedImage.Origin.EXISTING, Duration.ZERO));
        assertThat(resolver.platformImage("jvmbench/nginx-delay:1")).isEqualTo(registry.host() + "/jvmbench/nginx-delay:1");
        assertThatThrownBy(() -> resolver.resolve(new AppSource.Image("jvmbench/no-such-app:jdk{jdk}"), 25,
                ThreadModel.PLATFORM))
                .isInstanceOf(ImageResolutionException.class)
                .hasMessage("image " + registry.host() + "/jvmbench/no-such-app:jdk25 is not in registry " + registry.host());
        // another registry's image is the node's to pull (with its credentials): not checked here
        assertThat(resolver.resolve(new AppSource.Image("registry.example.com/team/app:jdk{jdk}"), 25,
                ThreadModel.PLATFORM).reference()).isEqualTo("registry.example.com/team/app:jdk25");
    }

    /** The image as a pod on the node: one CPU, 512 MB, a JVM flag from the environment. */
    private static List<String> runAsPod(String reference) {
        String node = required("JVMBENCH_K8S_NODE");
        required("KUBECONFIG");
        try (ContainerEngine engine = ContainerEngines.kubernetes(
                KubernetesEngineProperties.forNode(node).withNamespace("default"))) {
            RunningContainer pod = engine.start(ContainerSpec.builder(reference)
                    .namePrefix("test-registry-image")
                    .labels(Map.of("bench.test", "RegistryImageResolverTest"))
                    .sandbox(ContainerSpec.APP_USER).pidsLimit(4096).nofileLimit(16384).volume("/tmp")
                    .cpus(1).memoryMegabytes(512)
                    .env(Map.of("JAVA_TOOL_OPTIONS", "-Dbench.probe=from-run"))
                    .build());
            try {
                ContainerOutcome outcome = engine.awaitExit(pod, Duration.ofSeconds(120));
                assertThat(outcome).isInstanceOfSatisfying(ContainerOutcome.Exited.class,
                        exited -> assertThat(exited.exitCode()).as(exited.logTail()).isZero());
                return TestJars.facts(engine.logs(pod));
            } finally {
                engine.removeManaged(Map.of("bench.test", "RegistryImageResolverTest"));
            }
        }
    }
}
