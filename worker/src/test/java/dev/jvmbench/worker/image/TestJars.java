package dev.jvmbench.worker.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Small JARs made in the test: a main class that prints what the JVM and the container give it. */
final class TestJars {

    static final String MAIN_CLASS = "fixture.Facts";

    private static final String SOURCE = """
            package fixture;

            public class Facts {
                public static void main(String[] args) throws Exception {
                    java.nio.file.Path cwd = java.nio.file.Path.of("").toAbsolutePath();
                    System.out.println("java.version=" + System.getProperty("java.version"));
                    System.out.println("feature=" + Runtime.version().feature());
                    System.out.println("processors=" + Runtime.getRuntime().availableProcessors());
                    System.out.println("user=" + System.getProperty("user.name"));
                    System.out.println("cwd=" + cwd);
                    System.out.println("cwdWritable=" + java.nio.file.Files.isWritable(cwd));
                    System.out.println("probe=" + System.getProperty("bench.probe"));
                    System.out.println("args=" + args.length);
                }
            }
            """;

    private TestJars() {
    }

    /**
     * Compiles the main class for JDK 21 (so every catalogue JDK runs it) into a JAR whose
     * manifest names it as Main-Class when {@code executable}. {@code nonce} goes into the JAR
     * so that each test run has its own sha256 and builds afresh.
     */
    static Path jar(Path dir, String name, boolean executable, String nonce) {
        try {
            Path sources = Files.createDirectories(dir.resolve(name + "-src/fixture"));
            Path classes = Files.createDirectories(dir.resolve(name + "-classes"));
            Path source = Files.writeString(sources.resolve("Facts.java"), SOURCE);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            assertThat(javac).as("a JDK with javac runs the tests").isNotNull();
            int exit = javac.run(null, null, null, "--release", "21", "-d", classes.toString(), source.toString());
            assertThat(exit).as("javac exit code").isZero();

            Manifest manifest = new Manifest();
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            if (executable) {
                manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, MAIN_CLASS);
            }
            Path jar = dir.resolve(name + ".jar");
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
                 Stream<Path> files = Files.walk(classes)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    add(out, classes.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
                }
                add(out, "nonce.txt", nonce.getBytes(StandardCharsets.UTF_8));
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String sha256(Path file) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The lines {@code key=value} the main class printed, as they came. */
    static List<String> facts(String output) {
        return output.lines().map(String::strip).filter(line -> line.matches("[a-zA-Z.]+=.*")).toList();
    }

    private static void add(JarOutputStream out, String name, byte[] bytes) throws IOException {
        out.putNextEntry(new JarEntry(name));
        out.write(bytes);
        out.closeEntry();
    }
}
