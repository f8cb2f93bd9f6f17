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
import java.util.Optional;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.unit.DataSize;

/**
 * Stores uploads once per content hash under data-dir/artifacts. Any bytes are stored; whether they
 * are an executable JAR (it opens as a JAR and its manifest names a Main-Class) is recorded with
 * them, and a job may name only an executable one (JobSpecChecker), so a run never starts from a
 * file that cannot start. Distinct contents count against bench.artifacts.quota (507 past it); a stored
 * file is checked against its sha256 before it is served (the worker checks it again before it
 * builds an image), and uploading the same bytes again repairs a file that was altered or lost.
 */
@Service
public class ArtifactService {

    private static final Set<String> JAR_MEDIA_TYPES = Set.of("application/java-archive",
            "application/x-java-archive", "application/octet-stream", "application/zip",
            "application/x-zip-compressed", "application/x-jar");
    /** A qualified Java class name, as the worker requires it of the class it starts. */
    private static final Pattern CLASS_NAME = Pattern.compile("\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*"
            + "(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)*");
    /** Serialises the quota check and the insert of concurrent uploads (pg_advisory_xact_lock key). */
    private static final long QUOTA_LOCK = 0x6a766d62656e6368L;
    private final ArtifactRepository artifacts;
    private final Path storage;
    private final Clock clock;
    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final DataSize quota;

    ArtifactService(ArtifactRepository artifacts, BenchProperties properties, Clock clock, JdbcClient jdbc,
                    TransactionTemplate transactions) {
        this.artifacts = artifacts;
        this.storage = properties.dataDir().resolve("artifacts");
        this.clock = clock;
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.quota = properties.artifacts().quota();
    }

    public boolean exists(long id) {
        return artifacts.existsById(id);
    }

    /** Why a job cannot run artifact {@code id} (it is no executable JAR); empty when it can or does not exist. */
    public Optional<String> notExecutableReason(long id) {
        return artifacts.findById(id).map(ArtifactEntity::notExecutableReason);
    }

    ArtifactView get(long id) {
        return artifacts.findById(id).orElseThrow(() -> ApiException.notFound("artifact", id)).view();
    }

    record Stored(ArtifactView artifact, boolean created) {
    }

    /** A new, empty file next to the stored JARs for an upload's bytes (so the move into place is a rename). */
    Path stagingFile() throws IOException {
        Files.createDirectories(storage);
        return Files.createTempFile(storage, "upload-", ".part");
    }

    /**
     * Stores the bytes staged in {@code temp} (deleted in any case) under their sha256, once.
     *
     * @param contentType the file part's media type as the client sent it, null when it sent none
     */
    Stored store(String contentType, String originalFilename, Path temp) {
        String mediaType = contentType == null ? "application/octet-stream"
                : contentType.split(";")[0].trim().toLowerCase(java.util.Locale.ROOT);
        try {
            try {
                if (!JAR_MEDIA_TYPES.contains(mediaType)) {
                    throw new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Unsupported Media Type", "the file part is "
                            + mediaType + "; upload a JAR as application/java-archive or application/octet-stream");
                }
                String sha256 = hashOf(temp);
                Inspection inspection = inspect(temp);
                var existing = artifacts.findBySha256(sha256);
                if (existing.isPresent()) {
                    repairIfAltered(existing.get(), temp);
                    return new Stored(existing.get().view(), false);
                }
                String filename = filename(originalFilename, sha256);
                long size = Files.size(temp);
                Path target = storage.resolve(sha256 + ".jar");
                // Inserts happen only under this lock, so the second upload of the same bytes finds the first here.
                return transactions.execute(status -> {
                    jdbc.sql("SELECT 1 FROM (SELECT pg_advisory_xact_lock(:key)) AS locked").param("key", QUOTA_LOCK)
                            .query(Integer.class).single();
                    var concurrent = artifacts.findBySha256(sha256);
                    if (concurrent.isPresent()) {
                        return new Stored(concurrent.get().view(), false);
                    }
                    long used = jdbc.sql("SELECT coalesce(sum(size_bytes), 0) FROM artifacts").query(Long.class).single();
                    if (used + size > quota.toBytes()) {
                        throw ApiException.typed(HttpStatus.INSUFFICIENT_STORAGE, "quota-exceeded",
                                "Insufficient Storage", "storing these " + size + " bytes would take the uploaded JARs to "
                                + (used + size) + " bytes, past the quota of " + quota.toBytes()
                                + " bytes (bench.artifacts.quota); " + used + " bytes are in use");
                    }
                    // The row first: a refused row leaves no file behind; a failed move rolls the row back.
                    Stored stored = new Stored(artifacts.saveAndFlush(new ArtifactEntity(sha256, filename, size,
                            inspection, target.toString(), clock.instant())).view(), true);
                    move(temp, target);
                    return stored;
                });
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the upload", e);
        }
    }

    /** The JAR to serve, checked against its sha256 first: what was uploaded or a 409 that says it changed. */
    Verified content(long id) {
        ArtifactEntity artifact = artifacts.findById(id).orElseThrow(() -> ApiException.notFound("artifact", id));
        Path file = Path.of(artifact.storagePath());
        String actual = hashOf(file);
        if (!artifact.sha256().equals(actual)) {
            throw ApiException.typed(HttpStatus.CONFLICT, "artifact-corrupt", "Conflict", "artifact " + id
                    + ": the stored JAR " + (actual == null ? "is missing" : "no longer matches its sha256 " + artifact.sha256())
                    + "; it is not served and runs using it fail (artifact corrupt); upload the same JAR again to repair it");
        }
        return new Verified(artifact.view(), file);
    }

    record Verified(ArtifactView artifact, Path file) {
    }

    private void repairIfAltered(ArtifactEntity existing, Path verifiedCopy) throws IOException {
        Path file = Path.of(existing.storagePath());
        if (!existing.sha256().equals(hashOf(file))) {
            move(verifiedCopy, file);
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the upload", e);
        }
    }

    /** The file's sha256, or null when it does not exist. */
    private static String hashOf(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return sha256(in, OutputStream.nullOutputStream());
        } catch (java.nio.file.NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Copies in to out and returns the sha256 of what was copied; closing the streams is the caller's. */
    private static String sha256(InputStream in, OutputStream out) throws IOException {
        MessageDigest digest = Hashing.sha256();
        in.transferTo(new DigestOutputStream(out, digest));
        return HexFormat.of().formatHex(digest.digest());
    }

    /** What the bytes are: an executable JAR (its main class) or, with the reason, not one. */
    record Inspection(String mainClass, boolean springBoot, String notExecutableReason) {

        static Inspection notExecutable(String reason) {
            return new Inspection(null, false, reason);
        }
    }

    private static Inspection inspect(Path file) throws IOException {
        if (Files.size(file) == 0) {
            return Inspection.notExecutable("the file is empty");
        }
        try (JarFile jar = new JarFile(file.toFile(), true)) {
            Manifest manifest = jar.getManifest();
            if (manifest == null) {
                return Inspection.notExecutable("the JAR has no META-INF/MANIFEST.MF");
            }
            Attributes attributes = manifest.getMainAttributes();
            String mainClass = attributes.getValue(Attributes.Name.MAIN_CLASS);
            if (mainClass == null || mainClass.isBlank()) {
                return Inspection.notExecutable("the JAR's manifest has no Main-Class; build an executable JAR");
            }
            // A Spring Boot JAR starts its launcher; the app's own class is Start-Class.
            String startClass = attributes.getValue("Start-Class");
            boolean springBoot = startClass != null && !startClass.isBlank();
            String main = (springBoot ? startClass : mainClass).strip();
            if (main.length() > 500 || !CLASS_NAME.matcher(main).matches()) {
                return Inspection.notExecutable("the manifest's main class is not a Java class name");
            }
            return new Inspection(main, springBoot, null);
        } catch (IOException | SecurityException | IllegalArgumentException e) {
            return Inspection.notExecutable("not a readable JAR (zip) file");
        }
    }

    /** The name the client gave, as a plain file name that fits the column; the sha256 when it gave none. */
    private static String filename(String given, String sha256) {
        String name = given == null ? "" : given.replaceAll("[\\x00-\\x1F\\x7F]", "");
        name = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        if (name.isBlank()) {
            return sha256 + ".jar";
        }
        return name.codePointCount(0, name.length()) <= 255 ? name : name.substring(0, name.offsetByCodePoints(0, 255));
    }
}
