package dev.jvmbench.worker.image;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

import dev.jvmbench.common.catalog.JdkCatalog;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How images are resolved and built ({@code bench.image.*}). Defaults are set here, not with
 * {@code @DefaultValue}, so code that builds the resolver without Spring gets the same ones.
 *
 * @param workDir          Jib's caches and the staged JAR copies; default
 *                         {@code <java.io.tmpdir>/jvmbench-jib}. Never Jib's own default under
 *                         {@code $HOME}, which a container user often cannot write
 * @param dockerExecutable the {@code docker} CLI Jib drives the engine with; null looks for it on
 *                         {@code PATH}, then in {@code /usr/local/bin} and {@code /usr/bin}
 * @param jdkCatalog       where the JDK catalogue is read from
 * @param labels           extra labels on every image built here (e.g. to find them for cleanup);
 *                         they may not replace the labels the cache relies on
 */
@ConfigurationProperties("bench.image")
public record ImageProperties(Path workDir, Path dockerExecutable, String jdkCatalog, Map<String, String> labels) {

    public ImageProperties {
        workDir = Objects.requireNonNullElseGet(workDir,
                () -> Path.of(System.getProperty("java.io.tmpdir"), "jvmbench-jib"));
        workDir = workDir.toAbsolutePath().normalize();
        jdkCatalog = jdkCatalog == null || jdkCatalog.isBlank() ? JdkCatalog.DEFAULT_LOCATION : jdkCatalog.strip();
        labels = Map.copyOf(Objects.requireNonNullElse(labels, Map.of()));
        for (String reserved : ArtifactImages.CACHE_LABELS) {
            if (labels.containsKey(reserved)) {
                throw new IllegalArgumentException("labels may not set " + reserved + ": the image cache relies on it");
            }
        }
    }

    public static ImageProperties defaults() {
        return new ImageProperties(null, null, null, null);
    }

    public ImageProperties withWorkDir(Path workDir) {
        return new ImageProperties(workDir, dockerExecutable, jdkCatalog, labels);
    }

    public ImageProperties withLabels(Map<String, String> labels) {
        return new ImageProperties(workDir, dockerExecutable, jdkCatalog, labels);
    }
}
