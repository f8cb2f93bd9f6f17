package dev.jvmbench.worker.image;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.jvmbench.worker.container.ImageSummary;

/**
 * Names and labels of the images built from uploaded JARs. The labels, not the tag, are the
 * cache key: a tag only says where the last build went, the labels say what is inside.
 */
final class ArtifactImages {

    static final String KIND_LABEL = "bench.kind";
    static final String KIND = "artifact-app";
    static final String JDK_LABEL = "bench.jdk";
    static final String SHA256_LABEL = "bench.artifact-sha256";
    static final String BASE_IMAGE_ID_LABEL = "bench.base-image-id";
    /** Set only when the JAR names no Main-Class and the image runs the given class instead. */
    static final String MAIN_CLASS_LABEL = "bench.main-class";

    static final List<String> CACHE_LABELS =
            List.of(KIND_LABEL, JDK_LABEL, SHA256_LABEL, BASE_IMAGE_ID_LABEL, MAIN_CLASS_LABEL);

    private ArtifactImages() {
    }

    static String tag(AppSource.Artifact artifact, int jdk) {
        return "jvmbench/artifact-" + artifact.shortSha() + ":jdk" + jdk;
    }

    /** What an image must carry to be reused for this artifact on this base image. */
    static Map<String, String> cacheLabels(AppSource.Artifact artifact, int jdk, String baseImageId) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(KIND_LABEL, KIND);
        labels.put(JDK_LABEL, Integer.toString(jdk));
        labels.put(SHA256_LABEL, artifact.sha256());
        labels.put(BASE_IMAGE_ID_LABEL, baseImageId);
        return labels;
    }

    /**
     * A found image fits when it still holds the tag (a later build may have moved it) and was
     * launched the way this artifact asks: an image without the main-class label runs the
     * manifest's Main-Class, which the sha256 already fixes.
     */
    static boolean fits(ImageSummary image, String tag, AppSource.Artifact artifact) {
        String mainClass = image.label(MAIN_CLASS_LABEL);
        return image.tags().contains(tag) && (mainClass == null || Objects.equals(mainClass, artifact.mainClass()));
    }
}
