package dev.jvmbench.worker.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineProperties;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.container.ImageSummary;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.testing.BenchHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The resolver against the real engine, real Jib and the host's JDK images. Every image it
 * builds carries {@code bench.test=image} and is removed by that label; containers go through
 * {@link BenchHost} and are removed by its label.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ImageResolverTest {

    private static final Map<String, String> TEST_IMAGE_LABELS = Map.of("bench.test", "image");

    @TempDir
    static Path tmp;

    private static BenchHost host;
    private static ContainerEngine engine;
    private static ImageProperties properties;
    private static ImageResolver resolver;
    private static JdkCatalog catalog;
    private static AppSource.Artifact executable;

    @BeforeAll
    static void setUp() {
        host = BenchHost.forClass(ImageResolverTest.class);
        engine = host.engine();
        removeTestImages();
        catalog = JdkCatalog.load(JdkCatalog.DEFAULT_LOCATION);
        // the default work dir: its base-layer cache outlives the test run, as on a worker
        properties = ImageProperties.defaults().withLabels(TEST_IMAGE_LABELS);
        resolver = new ImageResolver(engine, catalog, properties, ContainerEngineProperties.DEFAULT_HOST);
        Path jar = TestJars.jar(tmp, "executable", true, UUID.randomUUID().toString());
        executable = new AppSource.Artifact(jar, TestJars.sha256(jar), null);
    }

    @AfterAll
    static void removeWhatTheTestsMade() {
        if (host == null) {
            return;
        }
        try {
            removeTestImages();
            assertThat(engine.findImages(TEST_IMAGE_LABELS)).as("images labelled %s left", TEST_IMAGE_LABELS).isEmpty();
        } finally {
            host.close();
        }
    }

    @ParameterizedTest(name = "jdk {0}")
    @ValueSource(ints = {21, 25})
    void buildsTheJarOntoTheJdkBaseImageRunsItAndReusesItTheSecondTime(int jdk) {
        ResolvedImage built = resolver.resolve(executable, jdk, ThreadModel.PLATFORM);

        assertThat(built.origin()).isEqualTo(ResolvedImage.Origin.BUILT);
        assertThat(built.reference()).isEqualTo("jvmbench/artifact-" + executable.sha256().substring(0, 12) + ":jdk" + jdk);
        assertThat(built.buildTime()).isPositive();
        System.out.printf("image test: jdk %d first resolve built %s in %.2f s%n", jdk, built.reference(),
                built.buildSeconds());

        ImageSummary image = onlyImage(Map.of(ArtifactImages.SHA256_LABEL, executable.sha256(),
                ArtifactImages.JDK_LABEL, Integer.toString(jdk)));
        assertThat(image.tags()).contains(built.reference());
        assertThat(image.labels())
                .containsEntry("bench.kind", "artifact-app")
                .containsEntry("bench.jdk", Integer.toString(jdk))
                .containsEntry("bench.artifact-sha256", executable.sha256())
                .containsEntry("bench.base-image-id", baseImageId(jdk))
                .containsEntry("bench.test", "image")
                .doesNotContainKey(ArtifactImages.MAIN_CLASS_LABEL);
        assertThat(properties.workDir().resolve("base-layers")).isNotEmptyDirectory();

        List<String> facts = run(built.reference());
        assertThat(facts).contains(
                "feature=" + jdk,
                "processors=1",
                "user=app",
                "cwd=/app",
                "cwdWritable=true",
                "probe=from-run",
                "args=0");
        assertThat(facts).anySatisfy(line -> assertThat(line).startsWith("java.version=" + jdk + "."));

        long start = System.nanoTime();
        ResolvedImage again = resolver.resolve(executable, jdk, ThreadModel.VIRTUAL);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(again).isEqualTo(new ResolvedImage(built.reference(), ResolvedImage.Origin.REUSED, Duration.ZERO));
        assertThat(took).as("a reuse only lists images").isLessThan(Duration.ofSeconds(3));
        assertThat(engine.findImages(Map.of(ArtifactImages.SHA256_LABEL, executable.sha256(),
                ArtifactImages.JDK_LABEL, Integer.toString(jdk))))
                .as("images of the JAR for jdk %d after the second resolve", jdk).hasSize(1);
        System.out.printf("image test: jdk %d second resolve reused it in %d ms%n", jdk, took.toMillis());
    }

    @Test
    void aJarWithoutMainClassRunsTheMainClassTheUploadNamed() {
        Path jar = TestJars.jar(tmp, "plain", false, UUID.randomUUID().toString());
        AppSource.Artifact plain = new AppSource.Artifact(jar, TestJars.sha256(jar), TestJars.MAIN_CLASS);

        ResolvedImage built = resolver.resolve(plain, 21, ThreadModel.PLATFORM);

        assertThat(built.origin()).isEqualTo(ResolvedImage.Origin.BUILT);
        System.out.printf("image test: plain JAR on jdk 21 built in %.2f s%n", built.buildSeconds());
        assertThat(onlyImage(Map.of(ArtifactImages.SHA256_LABEL, plain.sha256())).labels())
                .containsEntry(ArtifactImages.MAIN_CLASS_LABEL, TestJars.MAIN_CLASS);
        assertThat(run(built.reference())).contains("feature=21", "args=0");
        assertThat(resolver.resolve(plain, 21, ThreadModel.PLATFORM).origin()).isEqualTo(ResolvedImage.Origin.REUSED);
    }

    @Test
    void aJarWithNothingToRunIsRefused() {
        Path jar = TestJars.jar(tmp, "nothing-to-run", false, UUID.randomUUID().toString());
        AppSource.Artifact artifact = new AppSource.Artifact(jar, TestJars.sha256(jar), null);

        assertThatThrownBy(() -> resolver.resolve(artifact, 21, ThreadModel.PLATFORM))
                .isInstanceOf(ImageResolutionException.class)
                .hasMessage("artifact " + artifact.shortSha()
                        + ": the JAR's manifest names no Main-Class and the upload gave no main class; nothing to run");
        assertThat(engine.findImages(Map.of(ArtifactImages.SHA256_LABEL, artifact.sha256()))).isEmpty();
    }

    @Test
    void aJarThatNoLongerMatchesItsSha256IsRefused() throws IOException {
        Path altered = Files.copy(executable.jar(), tmp.resolve("altered.jar"));
        Files.write(altered, new byte[] {0}, StandardOpenOption.APPEND);
        AppSource.Artifact artifact = new AppSource.Artifact(altered, executable.sha256(), null);
        // not cached for this JDK by another test: the check must run before any build
        int jdk = 26;
        assertThat(catalog.find(jdk)).isPresent();

        assertThatThrownBy(() -> resolver.resolve(artifact, jdk, ThreadModel.PLATFORM))
                .isInstanceOf(ImageResolutionException.class)
                .hasMessageContaining("the stored JAR " + altered + " does not match its sha256")
                .hasMessageContaining("expected " + executable.sha256() + ", found " + TestJars.sha256(altered))
                .hasMessageContaining("altered after upload; refusing to build it");
        assertThat(engine.findImages(Map.of(ArtifactImages.SHA256_LABEL, executable.sha256(),
                ArtifactImages.JDK_LABEL, Integer.toString(jdk)))).isEmpty();
        assertThat(stagedFiles()).as("staged copies left behind").isEmpty();
    }

    @Test
    void aMissingJarIsRefused() {
        Path missing = tmp.resolve("missing.jar");
        AppSource.Artifact artifact = new AppSource.Artifact(missing, "ab".repeat(32), null);

        assertThatThrownBy(() -> resolver.resolve(artifact, 21, ThreadModel.PLATFORM))
                .isInstanceOf(ImageResolutionException.class)
                .hasMessage("artifact-missing: artifact abababababab: the stored JAR " + missing + " does not exist");
    }

    @Test
    void aJdkOutsideTheCatalogueOrUnavailableIsRefused() {
        assertThatThrownBy(() -> resolver.resolve(executable, 24, ThreadModel.PLATFORM))
                .isInstanceOf(ImageResolutionException.class)
                .hasMessageStartingWith("JDK 24 is not available: no reachable registry");
        assertThatThrownBy(() -> resolver.resolve(new AppSource.Stock(), 22, ThreadModel.PLATFORM))
                .isInstanceOf(ImageResolutionException.class)
                .hasMessage("JDK 22 is not in the JDK catalogue (it has " + catalog.availableVersions() + ")");
    }

    @ParameterizedTest
    @EnumSource(ThreadModel.class)
    void theStockAppsResolveToTheTargetAppTags(ThreadModel model) {
        String app = model == ThreadModel.WEBFLUX ? "webflux" : "mvc";
        for (int jdk : List.of(21, 25)) {
            String expected = "jvmbench/target-" + app + ":jdk" + jdk;
            assertThat(ImageResolver.stockReference(jdk, model)).isEqualTo(expected);
            // another engineer may still be building them: check the reference, then whichever
            // answer the engine gives must be the right one
            if (engine.imageExists(expected)) {
                assertThat(resolver.resolve(new AppSource.Stock(), jdk, model))
                        .isEqualTo(new ResolvedImage(expected, ResolvedImage.Origin.EXISTING, Duration.ZERO));
            } else {
                assertThatThrownBy(() -> resolver.resolve(new AppSource.Stock(), jdk, model))
                        .isInstanceOf(ImageResolutionException.class)
                        .hasMessageStartingWith("image " + expected + " is not in the local engine");
            }
        }
    }

    @Test
    void aUserImageHasItsJdkSubstitutedAndIsUsedAsGiven() {
        ResolvedImage resolved = resolver.resolve(new AppSource.Image("jvmbench/jdk:{jdk}"), 25, ThreadModel.WEBFLUX);

        assertThat(resolved).isEqualTo(new ResolvedImage("jvmbench/jdk:25", ResolvedImage.Origin.EXISTING, Duration.ZERO));
    }

    @Test
    void aUserImageThatIsNotInTheEngineFailsClearly() {
        assertThatThrownBy(() -> resolver.resolve(new AppSource.Image("example.org/team/no-such-app:jdk{jdk}"), 21,
                ThreadModel.PLATFORM))
                .isInstanceOf(ImageResolutionException.class)
                .hasMessage("image example.org/team/no-such-app:jdk21 is not in the local engine");
    }

    /** Runs the image as a benchmark run would: one CPU, 512 MB, a JVM flag from the environment. */
    private static List<String> run(String reference) {
        RunningContainer container = host.start(host.spec(reference)
                .cpus(1)
                .memoryMegabytes(512)
                .env("JAVA_TOOL_OPTIONS", "-Dbench.probe=from-run")
                .build());
        ContainerOutcome outcome = engine.awaitExit(container, Duration.ofSeconds(90));
        assertThat(outcome).isInstanceOf(ContainerOutcome.Exited.class);
        ContainerOutcome.Exited exited = (ContainerOutcome.Exited) outcome;
        assertThat(exited.exitCode()).as(exited.logTail()).isZero();
        return TestJars.facts(exited.logTail());
    }

    private static ImageSummary onlyImage(Map<String, String> labels) {
        List<ImageSummary> images = engine.findImages(labels);
        assertThat(images).as("images labelled %s", labels).hasSize(1);
        return images.getFirst();
    }

    private static String baseImageId(int jdk) {
        String base = catalog.find(jdk).orElseThrow().image();
        return engine.findImages(Map.of()).stream()
                .filter(image -> image.tags().contains(base))
                .map(ImageSummary::id)
                .findFirst()
                .orElseThrow(() -> new AssertionError(base + " is not in the engine"));
    }

    private static List<Path> stagedFiles() throws IOException {
        Path staging = properties.workDir().resolve("staging");
        if (!Files.isDirectory(staging)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(staging)) {
            return files.toList();
        }
    }

    /**
     * The adapter has no image removal (the worker never removes images it did not build), so
     * the test uses the CLI, and only on images carrying this test's label.
     */
    private static void removeTestImages() {
        List<String> ids = engine.findImages(TEST_IMAGE_LABELS).stream().map(ImageSummary::id).distinct().toList();
        if (ids.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("docker", "image", "rm", "--force"));
        command.addAll(ids);
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("docker image rm did not finish in 2 minutes");
            }
            String output = new String(process.getInputStream().readAllBytes());
            assertThat(process.exitValue()).as("docker image rm: %s", output).isZero();
        } catch (IOException e) {
            throw new AssertionError("cannot run docker image rm", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted removing test images", e);
        }
    }
}
