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
import dev.jvmbench.worker.container.ImageSummary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The image reference a benchmark run starts, for one app and one JDK: a stock target app, a
 * user's image, or an image built from an uploaded JAR onto the catalogue's base image for that
 * JDK. The images are in an {@link ImageStore}: the local engine (Docker: nothing is pulled, every
 * image must be, or is built, there) or a registry ({@code bench.worker.registry}, for the
 * Kubernetes engine: the node pulls, Jib pushes what it builds).
 *
 * <p>Built images are cached by what is inside them: the labels {@code bench.artifact-sha256},
 * {@code bench.jdk} and {@code bench.base-image-id} (read back from the image's config in a
 * registry). A rebuilt base image (a JDK security update) therefore causes one rebuild; the same
 * JAR on the same base never builds twice.
 *
 * <p>Every failure is an {@link ImageResolutionException} whose message can be a run's failure
 * reason.
 */
public class ImageResolver {

    private static final Logger log = LoggerFactory.getLogger(ImageResolver.class);

    private final ImageStore store;
    private final JdkCatalog catalog;
    private final ArtifactImageBuilder builder;
    // One build at a time: two runs of the same JAR must not both build it, and two builds at
    // once would only fight over the host's CPUs.
    private final ReentrantLock buildLock = new ReentrantLock();

    /**
     * Images in the local engine.
     *
     * @param engineHost the engine the adapter talks to ({@code ContainerEngineProperties.host()});
     *                   Jib's {@code docker} CLI calls go to the same one
     */
    public ImageResolver(ContainerEngine engine, JdkCatalog catalog, ImageProperties properties, URI engineHost) {
        this(new ImageStore.Engine(Objects.requireNonNull(engine, "engine")), catalog,
                new ArtifactImageBuilder(Objects.requireNonNull(properties, "properties"),
                        Objects.requireNonNull(engineHost, "engineHost"), null));
    }

    private ImageResolver(ImageStore store, JdkCatalog catalog, ArtifactImageBuilder builder) {
        this.store = store;
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        this.builder = builder;
    }

    /** Images in a registry: looked up there, and Jib pushes the images of uploaded JARs there. */
    public static ImageResolver inRegistry(Registry registry, JdkCatalog catalog, ImageProperties properties) {
        Objects.requireNonNull(registry, "registry");
        return new ImageResolver(new ImageStore.InRegistry(registry, new RegistryImages()), catalog,
                new ArtifactImageBuilder(Objects.requireNonNull(properties, "properties"), null, registry));
    }

    /** Where the images are, for messages. */
    public String where() {
        return store.where();
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
                yield existing(store.reference(stockReference(jdk, model)),
                        " (the stock target apps are built by target-apps/build-images.sh" + pushHint() + ")");
            }
            case AppSource.Image image -> existing(store.reference(image.referenceFor(jdk)), "");
            case AppSource.Artifact artifact -> artifact(artifact, jdk);
        };
    }

    /**
     * The reference of one of the platform's own images (the nginx and PostgreSQL upstreams),
     * checked to be there.
     */
    public String platformImage(String name) {
        return existing(store.reference(name), " (the upstream images are built by ./bench setup" + pushHint() + ")")
                .reference();
    }

    static String stockReference(int jdk, ThreadModel model) {
        String app = switch (model) {
            case PLATFORM, VIRTUAL -> "mvc";
            case WEBFLUX -> "webflux";
        };
        return "jvmbench/target-" + app + ":jdk" + jdk;
    }

    private String pushHint() {
        return store instanceof ImageStore.InRegistry r
                ? ", and pushed to " + r.registry().host() + " with BENCH_REGISTRY=" + r.registry().host() + " ./bench setup"
                : "";
    }

    private ResolvedImage existing(String reference, String hint) {
        if (store.checks(reference) && !exists(reference)) {
            throw new ImageResolutionException("image " + reference + " is not in " + store.where() + hint);
        }
        return new ResolvedImage(reference, ResolvedImage.Origin.EXISTING, Duration.ZERO);
    }

    private boolean exists(String reference) {
        return switch (store) {
            case ImageStore.Engine engine -> engine.exists(reference);
            case ImageStore.InRegistry registry -> registry.find(reference).isPresent();
        };
    }

    private ResolvedImage artifact(AppSource.Artifact artifact, int jdk) {
        String base = store.reference(availableJdk(jdk).image());
        String target = store.reference(ArtifactImages.tag(artifact, jdk));
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
                        + " but " + store.where() + " does not list it with its labels " + labels);
            }
            log.info("built {} from artifact {} on {} in {} ms", target, artifact.shortSha(), base, took.toMillis());
            return new ResolvedImage(target, ResolvedImage.Origin.BUILT, took);
        } finally {
            buildLock.unlock();
        }
    }

    private Optional<ResolvedImage> reusable(String target, Map<String, String> labels, AppSource.Artifact artifact) {
        List<ImageSummary> candidates = switch (store) {
            case ImageStore.Engine engine -> engine.withLabels(labels);
            case ImageStore.InRegistry registry -> registry.find(target)
                    .filter(image -> image.labels().entrySet().containsAll(labels.entrySet()))
                    .stream().toList();
        };
        return candidates.stream()
                .filter(image -> ArtifactImages.fits(image, store instanceof ImageStore.Engine ? listedTag(target) : target,
                        artifact))
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
     * The id behind the base image's tag: Docker's image id, which is the digest of the image's
     * config, so the same base pushed to a registry has the same id there.
     */
    private String baseImageId(String base, int jdk) {
        return store.find(base)
                .map(ImageSummary::id)
                .orElseThrow(() -> new ImageResolutionException("base image " + base + " for JDK " + jdk
                        + " is not in " + store.where() + " (build the JDK images with ./bench setup" + pushHint() + ")"));
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
}
