package dev.jvmbench.api.artifact;

import dev.jvmbench.api.config.BenchProperties;
import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.Hashing;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.web.multipart.MultipartFile;

/**
 * Stores uploaded JARs once per content hash under data-dir/artifacts. A JAR is accepted only if
 * it opens as a JAR and its manifest names a Main-Class, so a run never starts from a file that
 * cannot start.
 */
@Service
public class ArtifactService {

    private static final Set<String> JAR_MEDIA_TYPES = Set.of("application/java-archive",
            "application/x-java-archive", "application/octet-stream", "application/zip",
            "application/x-zip-compressed", "application/x-jar");
    private final ArtifactRepository artifacts;
    private final Path storage;
    private final Clock clock;

    ArtifactService(ArtifactRepository artifacts, BenchProperties properties, Clock clock) {
        this.artifacts = artifacts;
        this.storage = properties.dataDir().resolve("artifacts");
        this.clock = clock;
    }

    public boolean exists(long id) {
        return artifacts.existsById(id);
    }

    ArtifactView get(long id) {
        return artifacts.findById(id).orElseThrow(() -> ApiException.notFound("artifact", id)).view();
    }

    record Stored(ArtifactView artifact, boolean created) {
    }

    Stored store(MultipartFile file) {
        String mediaType = file.getContentType() == null ? "application/octet-stream"
                : file.getContentType().split(";")[0].trim().toLowerCase(java.util.Locale.ROOT);
        if (!JAR_MEDIA_TYPES.contains(mediaType)) {
            throw new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Unsupported Media Type",
                    "the file part is " + mediaType + "; upload a JAR as application/java-archive or application/octet-stream");
        }
        if (file.isEmpty()) {
            throw ApiException.invalid("file", "is empty; upload a JAR with a Main-Class in its manifest");
        }
        try {
            Files.createDirectories(storage);
            Path temp = Files.createTempFile(storage, "upload-", ".part");
            try {
                String sha256 = copyHashing(file, temp);
                Attributes manifest = manifestOf(temp);
                String mainClass = manifest.getValue(Attributes.Name.MAIN_CLASS);
                if (mainClass == null || mainClass.isBlank()) {
                    throw ApiException.invalid("file", "the JAR's manifest has no Main-Class; build an executable JAR");
                }
                // A Spring Boot JAR starts its launcher; the app's own class is Start-Class.
                String startClass = manifest.getValue("Start-Class");
                boolean springBoot = startClass != null && !startClass.isBlank();
                startClass = springBoot ? startClass.trim() : mainClass.trim();
                var existing = artifacts.findBySha256(sha256);
                if (existing.isPresent()) {
                    return new Stored(existing.get().view(), false);
                }
                Path target = storage.resolve(sha256 + ".jar");
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                String filename = file.getOriginalFilename() == null || file.getOriginalFilename().isBlank()
                        ? sha256 + ".jar" : Path.of(file.getOriginalFilename()).getFileName().toString();
                try {
                    ArtifactEntity saved = artifacts.save(new ArtifactEntity(sha256, truncate(filename), Files.size(target),
                            startClass, springBoot, target.toString(), clock.instant()));
                    return new Stored(saved.view(), true);
                } catch (DataIntegrityViolationException concurrentSameBytes) {
                    return new Stored(artifacts.findBySha256(sha256).orElseThrow().view(), false);
                }
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the upload", e);
        }
    }

    private static String copyHashing(MultipartFile file, Path target) throws IOException {
        MessageDigest digest = Hashing.sha256();
        try (InputStream in = file.getInputStream();
             OutputStream out = new DigestOutputStream(Files.newOutputStream(target), digest)) {
            in.transferTo(out);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static Attributes manifestOf(Path jar) {
        try (JarFile jarFile = new JarFile(jar.toFile(), true)) {
            Manifest manifest = jarFile.getManifest();
            if (manifest == null) {
                throw ApiException.invalid("file", "the JAR has no META-INF/MANIFEST.MF");
            }
            return manifest.getMainAttributes();
        } catch (IOException | SecurityException e) {
            throw ApiException.invalid("file", "is not a readable JAR (zip) file");
        }
    }

    private static String truncate(String filename) {
        return filename.length() > 255 ? filename.substring(0, 255) : filename;
    }

}
