package dev.jvmbench.worker.image;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.JdkEntry;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineException;
import dev.jvmbench.worker.container.ImageSummary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The image reference a benchmark run starts, for one app and one JDK: a stock target app, a
 * user's image, or an image built from an uploaded JAR onto the catalogue's base image for that
 * JDK. Nothing is pulled: every image must be, or is built, in the local engine.
 *
 * <p>Built images are cached by what is inside them: the labels {@code bench.artifact-sha256},
 * {@code bench.jdk} and {@code bench.base-image-id}. A rebuilt base image (a JDK security update)
 * therefore causes one rebuild; the same JAR on the same base never builds twice.
 *
 * <p>Every failure is an {@link ImageResolutionException} whose message can be a run's failure
 * reason.
 */
public class ImageResolver {

    private static final Logger log = LoggerFactory.getLogger(ImageResolver.class);

    private final ContainerEngine engine;
    private final JdkCatalog catalog;
    private final ArtifactImageBuilder builder;
    // One build at a time: two runs of the same JAR must not both build it, and two builds at
    // once would only fight over the host's CPUs.
    private final ReentrantLock buildLock = new ReentrantLock();

    /**
     * @param engineHost the engine the adapter talks to ({@code ContainerEngineProperties.host()});
     *                   Jib's {@code docker} CLI calls go to the same one
     */
    public ImageResolver(ContainerEngine engine, JdkCatalog catalog, ImageProperties properties, URI engineHost) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        this.builder = new ArtifactImageBuilder(Objects.requireNonNull(properties, "properties"),
                Objects.requireNonNull(engineHost, "engineHost"));
    }

    /**
     * @param model which stock app serves it; ignored for a user's image or JAR
     * @throws ImageResolutionException when there is no image and none can be built
     */
    public ResolvedImage resolve(AppSource source, int jdk, ThreadModel model) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(model, "model");
        return switch (source) {
            case AppSource.Stock stock -> {
                availableJdk(jdk);
                yield existing(stockReference(jdk, model),
                        " (the stock target apps are built by target-apps/build-images.sh)");
            }
            case AppSource.Image image -> existing(image.referenceFor(jdk), "");
            case AppSource.Artifact artifact -> artifact(artifact, jdk);
        };
    }

    static String stockReference(int jdk, ThreadModel model) {
        String app = switch (model) {
            case PLATFORM, VIRTUAL -> "mvc";
            case WEBFLUX -> "webflux";
        };
        return "jvmbench/target-" + app + ":jdk" + jdk;
    }

    private ResolvedImage existing(String reference, String hint) {
        if (!imageExists(reference)) {
            throw new ImageResolutionException("image " + reference + " is not in the local engine" + hint);
        }
        return new ResolvedImage(reference, ResolvedImage.Origin.EXISTING, Duration.ZERO);
    }

    private ResolvedImage artifact(AppSource.Artifact artifact, int jdk) {
        String base = availableJdk(jdk).image();
        String target = ArtifactImages.tag(artifact, jdk);
        // Looked up on every resolve, not remembered: the base tag may point at a rebuilt image.
        Map<String, String> labels = ArtifactImages.cacheLabels(artifact, jdk, baseImageId(base, jdk));
        Optional<ResolvedImage> cached = reusable(target, labels, artifact);
        if (cached.isPresent()) {
            return cached.get();
        }
        buildLock.lock();
        try {
            // another run may have built it while this one waited for the lock
            cached = reusable(target, labels, artifact);
            if (cached.isPresent()) {
                return cached.get();
            }
            long start = System.nanoTime();
            builder.build(artifact, base, target, labels);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            if (reusable(target, labels, artifact).isEmpty()) {
                throw new ImageResolutionException("built " + target + " from artifact " + artifact.shortSha()
                        + " but the engine does not list it with its labels " + labels);
            }
            log.info("built {} from artifact {} on {} in {} ms", target, artifact.shortSha(), base, took.toMillis());
            return new ResolvedImage(target, ResolvedImage.Origin.BUILT, took);
        } finally {
            buildLock.unlock();
        }
    }

    private Optional<ResolvedImage> reusable(String target, Map<String, String> labels, AppSource.Artifact artifact) {
        return findImages(labels).stream()
                .filter(image -> ArtifactImages.fits(image, target, artifact))
                .findFirst()
                .map(image -> {
                    log.debug("reusing {} ({}) for artifact {}", target, image.id(), artifact.shortSha());
                    return new ResolvedImage(target, ResolvedImage.Origin.REUSED, Duration.ZERO);
                });
    }

    private JdkEntry availableJdk(int jdk) {
        JdkEntry entry = catalog.find(jdk).orElseThrow(() -> new ImageResolutionException(
                "JDK " + jdk + " is not in the JDK catalogue (it has " + catalog.availableVersions() + ")"));
        if (!entry.available()) {
            throw new ImageResolutionException("JDK " + jdk + " is not available: " + entry.reason());
        }
        return entry;
    }

    /**
     * The id behind the base image's tag. The adapter lists images with their tags, so the id is
     * found among them; the engine lists Docker Hub images without {@code docker.io/library/}.
     */
    private String baseImageId(String base, int jdk) {
        String tag = listedTag(base);
        return findImages(Map.of()).stream()
                .filter(image -> image.tags().contains(tag))
                .map(ImageSummary::id)
                .findFirst()
                .orElseThrow(() -> new ImageResolutionException("base image " + base + " for JDK " + jdk
                        + " is not in the local engine (build the JDK images with ./bench setup)"));
    }

    static String listedTag(String reference) {
        String name = reference;
        if (name.startsWith("docker.io/library/")) {
            name = name.substring("docker.io/library/".length());
        } else if (name.startsWith("docker.io/")) {
            name = name.substring("docker.io/".length());
        }
        boolean hasTag = name.indexOf(':', name.lastIndexOf('/') + 1) >= 0;
        return hasTag || name.contains("@") ? name : name + ":latest";
    }

    private boolean imageExists(String reference) {
        try {
            return engine.imageExists(reference);
        } catch (ContainerEngineException e) {
            throw new ImageResolutionException("cannot check image " + reference + ": " + e.getMessage(), e);
        }
    }

    private List<ImageSummary> findImages(Map<String, String> labels) {
        try {
            return engine.findImages(labels);
        } catch (ContainerEngineException e) {
            throw new ImageResolutionException("cannot list local images: " + e.getMessage(), e);
        }
    }
}
