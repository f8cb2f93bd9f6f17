package dev.jvmbench.api.artifact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.config.BenchProperties;
import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@ApiIntegrationTest
class ArtifactApiTest {

    @LocalServerPort
    int port;
    @Autowired
    BenchProperties properties;
    ApiClient api;

    @BeforeEach
    void client() {
        api = ApiClient.admin(port);
    }

    @Test
    void aJarIsStoredOnceByItsHash() throws Exception {
        byte[] jar = jar("com.example.App", null, UUID.randomUUID().toString());
        var created = api.upload("/api/v1/artifacts", "file", "app.jar", "application/java-archive", jar).expect(201);
        JsonNode artifact = created.json();
        assertThat(artifact.get("sha256").asString()).isEqualTo(sha256(jar));
        assertThat(artifact.get("mainClass").asString()).isEqualTo("com.example.App");
        assertThat(artifact.get("springBoot").asBoolean()).isFalse();
        assertThat(artifact.get("sizeBytes").asLong()).isEqualTo(jar.length);
        assertThat(created.header("Location")).isEqualTo("/api/v1/artifacts/" + artifact.get("id").asLong());

        var again = api.upload("/api/v1/artifacts", "file", "renamed.jar", "application/octet-stream", jar).expect(200);
        assertThat(again.json().get("id").asLong()).isEqualTo(artifact.get("id").asLong());
        assertThat(api.get("/api/v1/artifacts/" + artifact.get("id").asLong()).expect(200).json().get("filename").asString())
                .isEqualTo("app.jar");
    }

    @Test
    void aSpringBootJarRecordsItsStartClass() throws Exception {
        byte[] jar = jar("org.springframework.boot.loader.launch.JarLauncher", "com.example.ShopApplication",
                UUID.randomUUID().toString());
        JsonNode artifact = api.upload("/api/v1/artifacts", "file", "shop.jar", "application/java-archive", jar)
                .expect(201).json();
        assertThat(artifact.get("springBoot").asBoolean()).isTrue();
        assertThat(artifact.get("mainClass").asString()).isEqualTo("com.example.ShopApplication");
    }

    /**
     * Any bytes are stored (the contract cannot say "an executable JAR" of a binary part, so the api
     * does not refuse what it cannot state); the answer says they cannot run, and a job naming them
     * is refused (409), so a run never starts from a file that cannot start.
     */
    @Test
    void aFileThatCannotStartIsStoredButNoJobRunsIt() throws Exception {
        byte[] noMain = jar(null, null, UUID.randomUUID().toString());
        JsonNode library = api.upload("/api/v1/artifacts", "file", "lib.jar", "application/java-archive", noMain)
                .expect(201).json();
        assertThat(library.get("executable").asBoolean()).isFalse();
        assertThat(library.has("mainClass")).isFalse();
        assertThat(library.get("notExecutableReason").asString()).contains("no Main-Class");
        byte[] notAJar = ("this is not a zip file " + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8);
        assertThat(api.upload("/api/v1/artifacts", "file", "app.jar", "application/java-archive", notAJar).expect(201)
                .json().get("notExecutableReason").asString()).contains("not a readable JAR");
        var empty = api.upload("/api/v1/artifacts", "file", "empty.jar", "application/java-archive", new byte[0]);
        assertThat(empty.status()).as("the same empty bytes may have been stored before").isIn(200, 201);
        assertThat(empty.json().get("notExecutableReason").asString()).contains("empty");

        Map<String, Object> job = JobBodies.userImage("jvmbench/unused");
        job.put("app", ApiClient.map("artifactId", library.get("id").asLong()));
        var refused = api.postJson("/api/v1/jobs", job).expect(409);
        assertThat(refused.fieldError("app.artifactId")).contains("no executable JAR").contains("no Main-Class");

        byte[] app = jar("com.example.App", null, UUID.randomUUID().toString());
        JsonNode executable = api.upload("/api/v1/artifacts", "file", "app.jar", "application/java-archive", app)
                .expect(201).json();
        assertThat(executable.get("executable").asBoolean()).isTrue();
        assertThat(executable.has("notExecutableReason")).isFalse();
        job.put("app", ApiClient.map("artifactId", executable.get("id").asLong()));
        api.postJson("/api/v1/jobs", job).expect(201);
    }

    @Test
    void otherMediaTypesAreUnsupported() {
        api.upload("/api/v1/artifacts", "file", "notes.txt", "text/plain", "hi".getBytes(StandardCharsets.UTF_8))
                .expect(415);
        api.post("/api/v1/artifacts", "application/json", "{}".getBytes(StandardCharsets.UTF_8)).expect(415);
    }

    /** RFC 2046: a boundary has 1 to 70 characters; quotes around it in the header are not counted. */
    @Test
    void aQuotedBoundaryOfSeventyCharactersIsReadAndOneOfSeventyOneIsNot() {
        String boundary = "b".repeat(62) + UUID.randomUUID().toString().substring(0, 8);
        byte[] body = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"q.jar\"\r\n"
                + "Content-Type: application/java-archive\r\n\r\nquoted-" + boundary + "\r\n--" + boundary + "--\r\n")
                .getBytes(StandardCharsets.UTF_8);
        api.post("/api/v1/artifacts", "multipart/form-data; boundary=\"" + boundary + "\"", body).expect(201);
        String tooLong = boundary + "x";
        api.post("/api/v1/artifacts", "multipart/form-data; boundary=\"" + tooLong + "\"",
                new String(body, StandardCharsets.UTF_8).replace(boundary, tooLong).getBytes(StandardCharsets.UTF_8))
                .expect(400);
    }

    @Test
    void aMissingFilePartIsABadRequest() {
        api.upload("/api/v1/artifacts", "attachment", "app.jar", "application/java-archive", new byte[] {1, 2}).expect(400);
    }

    @Test
    void anUploadPastTheLimitIsTooLarge() {
        byte[] big = new byte[1024 * 1024 + 10];
        var response = api.upload("/api/v1/artifacts", "file", "big.jar", "application/java-archive", big).expect(413);
        assertThat(response.json().get("detail").asString()).isNotBlank();
    }

    @Test
    void anUnknownArtifactIsNotFound() {
        api.get("/api/v1/artifacts/987654").expect(404);
        api.get("/api/v1/artifacts/987654/content").expect(404);
    }

    @Test
    void aJarIsServedOnlyWhileItMatchesItsHashAndTheSameBytesRepairIt() throws Exception {
        byte[] jar = jar("com.example.App", null, UUID.randomUUID().toString());
        JsonNode artifact = api.upload("/api/v1/artifacts", "file", "app.jar", "application/java-archive", jar)
                .expect(201).json();
        String content = "/api/v1/artifacts/" + artifact.get("id").asLong() + "/content";
        var served = api.getBytes(content);
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.body()).isEqualTo(jar);
        assertThat(served.headers().firstValue("Repr-Digest")).hasValue("sha-256=:" + java.util.Base64.getEncoder()
                .encodeToString(MessageDigest.getInstance("SHA-256").digest(jar)) + ":");

        Path stored = properties.dataDir().resolve("artifacts").resolve(sha256(jar) + ".jar");
        Files.write(stored, new byte[] {0}, StandardOpenOption.APPEND);
        var corrupt = api.get(content).expect(409);
        assertThat(corrupt.json().get("type").asString()).isEqualTo("https://jvmbench.dev/problems/artifact-corrupt");
        assertThat(corrupt.json().get("detail").asString()).contains("no longer matches its sha256 " + sha256(jar),
                "upload the same JAR again");
        Files.delete(stored);
        assertThat(api.get(content).expect(409).json().get("detail").asString()).contains("is missing");

        api.upload("/api/v1/artifacts", "file", "app.jar", "application/java-archive", jar).expect(200);
        assertThat(api.getBytes(content).body()).isEqualTo(jar);
    }

    static byte[] jar(String mainClass, String startClass, String content) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (mainClass != null) {
            manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        }
        if (startClass != null) {
            manifest.getMainAttributes().putValue("Start-Class", startClass);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
            out.putNextEntry(new JarEntry("content.txt"));
            out.write(content.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return bytes.toByteArray();
    }

    static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
