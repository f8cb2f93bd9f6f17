package dev.jvmbench.worker.image;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineException;
import dev.jvmbench.worker.container.ImageSummary;

/**
 * Where a run's images are: the local engine (Docker: containers start from its images, Jib
 * builds into it) or a registry (Kubernetes: the node pulls, Jib pushes).
 */
sealed interface ImageStore {

    /** For messages: "the local engine", "registry 127.0.0.1:5000". */
    String where();

    /** The reference a container spec names for an image name (a registry qualifies it). */
    String reference(String name);

    /**
     * The image a reference names, with its id and labels; empty when it is not there.
     *
     * @throws ImageResolutionException when the store cannot be read
     */
    Optional<ImageSummary> find(String reference);

    /** Whether the worker can check the reference here (a registry: only its own images). */
    boolean checks(String reference);

    /** The local engine: today's images, listed through the adapter. */
    record Engine(ContainerEngine engine) implements ImageStore {

        @Override
        public String where() {
            return "the local engine";
        }

        @Override
        public String reference(String name) {
            return name;
        }

        /** The engine lists Docker Hub images without {@code docker.io/library/}: matched as it lists them. */
        @Override
        public Optional<ImageSummary> find(String reference) {
            String tag = ImageResolver.listedTag(reference);
            return list().stream().filter(image -> image.tags().contains(tag)).findFirst();
        }

        @Override
        public boolean checks(String reference) {
            return true;
        }

        boolean exists(String reference) {
            try {
                return engine.imageExists(reference);
            } catch (ContainerEngineException e) {
                throw new ImageResolutionException("cannot check image " + reference + ": " + e.getMessage(), e);
            }
        }

        List<ImageSummary> withLabels(Map<String, String> labels) {
            try {
                return engine.findImages(labels);
            } catch (ContainerEngineException e) {
                throw new ImageResolutionException("cannot list local images: " + e.getMessage(), e);
            }
        }

        private List<ImageSummary> list() {
            return withLabels(Map.of());
        }
    }

    /** A registry the cluster pulls from; Jib pushes the images it builds there. */
    record InRegistry(Registry registry, RegistryImages images) implements ImageStore {

        @Override
        public String where() {
            return "registry " + registry.host() + (registry.namespace().isEmpty() ? "" : "/" + registry.namespace());
        }

        @Override
        public String reference(String name) {
            return registry.qualify(name);
        }

        @Override
        public Optional<ImageSummary> find(String reference) {
            return images.inspect(reference);
        }

        /**
         * Only this registry's images: another registry may want the credentials the nodes pull
         * with (imagePullSecrets), which the worker does not have; the pull itself then says
         * whether the image is there.
         */
        @Override
        public boolean checks(String reference) {
            return registry.holds(reference);
        }
    }
}
