package dev.jvmbench.api.artifact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/** bench.artifacts.quota: 507 past it, the same bytes never count twice. Its own api (and quota). */
@ApiIntegrationTest
@TestPropertySource(properties = "bench.artifacts.quota=2MB")
class ArtifactQuotaTest {

    @LocalServerPort
    int port;

    @Test
    void uploadsPastTheQuotaAreInsufficientStorageAndTheSameBytesStillResolve() throws IOException {
        ApiClient api = ApiClient.admin(port);
        List<byte[]> stored = new ArrayList<>();
        ApiClient.Response refused = null;
        for (int i = 0; i < 5 && refused == null; i++) {
            byte[] jar = incompressibleJar(700 * 1024, i);
            var response = api.upload("/api/v1/artifacts", "file", "app-" + i + ".jar", "application/java-archive", jar);
            if (response.status() == 201) {
                stored.add(jar);
            } else {
                refused = response.expect(507);
            }
        }
        assertThat(stored).as("2 MB hold two JARs of 700 KB, not three").hasSize(2);
        assertThat(refused).isNotNull();
        assertThat(refused.json().get("type").asString()).isEqualTo("https://jvmbench.dev/problems/quota-exceeded");
        assertThat(refused.json().get("detail").asString()).contains("past the quota of 2097152 bytes",
                "bench.artifacts.quota");
        System.out.println("quota test: " + refused.json().get("detail").asString());

        // Bytes already stored take no more room: they resolve to the existing artifact.
        api.upload("/api/v1/artifacts", "file", "again.jar", "application/java-archive", stored.getFirst()).expect(200);
        // A file past the per-file limit is 413 before the quota is looked at.
        api.upload("/api/v1/artifacts", "file", "big.jar", "application/java-archive", new byte[1024 * 1024 + 10])
                .expect(413);
    }

    /** An executable JAR of about {@code size} bytes whose entry is stored, not deflated. */
    private static byte[] incompressibleJar(int size, long seed) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "com.example.App");
        byte[] payload = new byte[size];
        new Random(seed ^ System.nanoTime()).nextBytes(payload);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(payload);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
            JarEntry entry = new JarEntry("payload.bin");
            entry.setMethod(ZipEntry.STORED);
            entry.setSize(size);
            entry.setCrc(crc.getValue());
            out.putNextEntry(entry);
            out.write(payload);
            out.closeEntry();
        }
        return bytes.toByteArray();
    }
}
