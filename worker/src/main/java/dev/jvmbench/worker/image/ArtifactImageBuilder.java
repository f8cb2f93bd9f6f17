package dev.jvmbench.worker.image;

import dev.jvmbench.worker.container.ContainerSpec;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import com.google.cloud.tools.jib.api.Containerizer;
import com.google.cloud.tools.jib.api.DockerDaemonImage;
import com.google.cloud.tools.jib.api.InvalidImageReferenceException;
import com.google.cloud.tools.jib.api.Jib;
import com.google.cloud.tools.jib.api.JibContainerBuilder;
import com.google.cloud.tools.jib.api.LogEvent;
import com.google.cloud.tools.jib.api.RegistryImage;
import com.google.cloud.tools.jib.api.buildplan.AbsoluteUnixPath;
import com.google.cloud.tools.jib.api.buildplan.FileEntriesLayer;
import com.google.cloud.tools.jib.api.buildplan.FilePermissions;
import com.google.cloud.tools.jib.api.buildplan.ImageFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds one uploaded JAR onto a JDK base image with Jib, either from the local engine to the
 * local engine (Docker: no registry involved, Jib runs offline and talks to the engine through the
 * {@code docker} CLI, {@code docker save} of the base the first time, {@code docker load} of the
 * result, pointed at the same engine as the adapter) or from a registry to the same registry
 * (Kubernetes: the base is read and the result pushed over the registry API; the layers of the
 * base are mounted across repositories, not uploaded again; plain HTTP only to a loopback registry).
 */
final class ArtifactImageBuilder {

    private static final Logger log = LoggerFactory.getLogger(ArtifactImageBuilder.class);

    static final AbsoluteUnixPath APP_DIR = AbsoluteUnixPath.get("/app");
    static final AbsoluteUnixPath APP_JAR = AbsoluteUnixPath.get("/app/app.jar");
    // Fixed times make the same JAR on the same base give the same image id.
    private static final Instant CREATION_TIME = Instant.EPOCH;
    private static final Instant FILE_TIME = Instant.EPOCH.plusSeconds(1);
    private static final List<Path> FALLBACK_DOCKER = List.of(Path.of("/usr/local/bin/docker"), Path.of("/usr/bin/docker"));

    private final ImageProperties properties;
    private final URI engineHost;
    private final Registry registry;

    /** Exactly one of {@code engineHost} (local engine) and {@code registry} is given. */
    ArtifactImageBuilder(ImageProperties properties, URI engineHost, Registry registry) {
        if ((engineHost == null) == (registry == null)) {
            throw new IllegalArgumentException("an artifact image is built either in the local engine or in a registry");
        }
        this.properties = properties;
        this.engineHost = engineHost;
        this.registry = registry;
    }

    /** Builds {@code target} with {@code labels}; the JAR is checked against its sha256 first. */
    void build(AppSource.Artifact artifact, String baseImage, String target, Map<String, String> labels) {
        Path workDir = properties.workDir();
        Path staging = directory(workDir.resolve("staging"));
        Path baseCache = directory(workDir.resolve("base-layers"));
        Path emptyDir = directory(workDir.resolve("empty"));
        Path dockerConfig = directory(workDir.resolve("docker-config"));
        Path stagedJar = null;
        Path appCache = null;
        try {
            stagedJar = stage(artifact, staging);
            List<String> entrypoint = entrypoint(artifact, stagedJar);
            Map<String, String> allLabels = new LinkedHashMap<>(properties.labels());
            allLabels.putAll(labels);
            if (entrypoint.contains("-cp")) {
                allLabels.put(ArtifactImages.MAIN_CLASS_LABEL, artifact.mainClass());
            }
            // The JAR layer is cached per build only: it is in the engine or the registry afterwards, and a shared
            // application cache would grow by every JAR ever uploaded.
            appCache = Files.createTempDirectory(directory(workDir.resolve("app-layers")), "build-");
            Containerizer containerizer;
            JibContainerBuilder image;
            if (registry != null) {
                image = Jib.from(RegistryImage.named(baseImage));
                containerizer = Containerizer.to(RegistryImage.named(target))
                        .setAllowInsecureRegistries(registry.plainHttp());
            } else {
                Path docker = dockerExecutable();
                Map<String, String> dockerEnv = Map.of(
                        "DOCKER_HOST", engineHost.toString(),
                        // never the user's ~/.docker: it may be unwritable or name credential helpers
                        "DOCKER_CONFIG", dockerConfig.toString());
                image = Jib.from(daemonImage(baseImage, docker, dockerEnv));
                containerizer = Containerizer.to(daemonImage(target, docker, dockerEnv)).setOfflineMode(true);
            }
            image
                    .setFileEntriesLayers(FileEntriesLayer.builder()
                            .setName("app")
                            // /app belongs to the app's user: apps write next to their JAR
                            .addEntry(emptyDir, APP_DIR, FilePermissions.fromOctalString("755"), FILE_TIME,
                                    ContainerSpec.APP_USER)
                            .addEntry(stagedJar, APP_JAR, FilePermissions.fromOctalString("444"), FILE_TIME, "0:0")
                            .build())
                    .setEntrypoint(entrypoint)
                    .setUser(ContainerSpec.APP_USER)
                    .setWorkingDirectory(APP_DIR)
                    .setCreationTime(CREATION_TIME)
                    .setFormat(ImageFormat.Docker)
                    // Jib adds these over the base image's labels (bench.kind=jdk becomes artifact-app)
                    .setLabels(allLabels);
            containerizer.setBaseImageLayersCache(baseCache)
                    .setApplicationLayersCache(appCache)
                    .setToolName("jvmbench")
                    .addEventHandler(LogEvent.class, ArtifactImageBuilder::logJib);
            image.containerize(containerizer);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImageResolutionException("building " + target + " was interrupted", e);
        } catch (ImageResolutionException e) {
            throw e;
        } catch (Exception e) {
            throw new ImageResolutionException("building " + target + " from artifact " + artifact.shortSha() + " on "
                    + baseImage + " failed: " + rootMessage(e), e);
        } finally {
            deleteQuietly(stagedJar);
            deleteQuietly(appCache);
        }
    }

    /**
     * Copies the JAR into the work dir while hashing the copy, and builds from the copy: what
     * was checked is what goes into the image, even if the stored file changes meanwhile.
     */
    static Path stage(AppSource.Artifact artifact, Path staging) throws IOException {
        Path copy = Files.createTempFile(staging, artifact.shortSha() + "-", ".jar");
        MessageDigest sha256 = sha256();
        try (InputStream in = new DigestInputStream(Files.newInputStream(artifact.jar()), sha256);
             OutputStream out = Files.newOutputStream(copy, StandardOpenOption.TRUNCATE_EXISTING)) {
            in.transferTo(out);
        } catch (NoSuchFileException e) {
            deleteQuietly(copy);
            throw new ImageResolutionException("artifact-missing: artifact " + artifact.shortSha() + ": the stored JAR "
                    + artifact.jar() + " does not exist", e);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(copy);
            throw e;
        }
        String actual = HexFormat.of().formatHex(sha256.digest());
        if (!actual.equals(artifact.sha256())) {
            deleteQuietly(copy);
            throw new ImageResolutionException("artifact-corrupt: artifact " + artifact.shortSha() + ": the stored JAR "
                    + artifact.jar() + " does not match its sha256 (expected " + artifact.sha256() + ", found " + actual
                    + "): it was altered after upload; refusing to build it");
        }
        return copy;
    }

    /**
     * {@code java -jar} for any JAR whose manifest names a Main-Class (Spring Boot's launcher or
     * a plain executable JAR); otherwise the given main class on the JAR's class path. JVM flags
     * stay out of the image: runs pass them through {@code JAVA_TOOL_OPTIONS}.
     */
    static List<String> entrypoint(AppSource.Artifact artifact, Path jar) {
        String manifestMain;
        try (JarFile file = new JarFile(jar.toFile(), false)) {
            Manifest manifest = file.getManifest();
            manifestMain = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
        } catch (IOException e) {
            throw new ImageResolutionException("artifact " + artifact.shortSha() + " is not a readable JAR: "
                    + e.getMessage(), e);
        }
        if (manifestMain != null && !manifestMain.isBlank()) {
            return List.of("java", "-jar", APP_JAR.toString());
        }
        if (artifact.mainClass() == null) {
            throw new ImageResolutionException("artifact " + artifact.shortSha()
                    + ": the JAR's manifest names no Main-Class and the upload gave no main class; nothing to run");
        }
        return List.of("java", "-cp", APP_JAR.toString(), artifact.mainClass());
    }

    Path dockerExecutable() {
        Path configured = properties.dockerExecutable();
        if (configured != null) {
            if (!Files.isExecutable(configured)) {
                throw new ImageResolutionException("the docker CLI " + configured
                        + " (bench.image.docker-executable) is not an executable file");
            }
            return configured;
        }
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isBlank()) {
                    candidates.add(Path.of(dir, "docker"));
                }
            }
        }
        candidates.addAll(FALLBACK_DOCKER);
        return candidates.stream()
                .filter(candidate -> Files.isRegularFile(candidate) && Files.isExecutable(candidate))
                .findFirst()
                .orElseThrow(() -> new ImageResolutionException("no docker CLI on PATH or in /usr/local/bin, /usr/bin:"
                        + " Jib builds through it; install it or set bench.image.docker-executable"));
    }

    private static DockerDaemonImage daemonImage(String reference, Path docker, Map<String, String> env)
            throws InvalidImageReferenceException {
        return DockerDaemonImage.named(reference).setDockerExecutable(docker).setDockerEnvironment(env);
    }

    private static void logJib(LogEvent event) {
        if (event.getMessage().contains("does not use a specific image digest")) {
            // a daemon image has no registry digest; the base image id label pins it instead
            log.debug("jib: {}", event.getMessage());
            return;
        }
        switch (event.getLevel()) {
            case ERROR, WARN -> log.warn("jib: {}", event.getMessage());
            case LIFECYCLE, PROGRESS, INFO -> log.debug("jib: {}", event.getMessage());
            default -> log.trace("jib: {}", event.getMessage());
        }
    }

    private static String rootMessage(Throwable e) {
        String message = e.toString();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getMessage();
            }
        }
        return message.strip();
    }

    private static Path directory(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new ImageResolutionException("cannot create the image work directory " + dir + ": " + e, e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static void deleteQuietly(Path path) {
        if (path == null) {
            return;
        }
        try (Stream<Path> tree = Files.walk(path)) {
            tree.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (NoSuchFileException e) {
            // already gone
        } catch (IOException e) {
            log.warn("could not delete {}: {}", path, e.toString());
        }
    }
}
