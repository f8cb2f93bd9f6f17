package dev.jvmbench.worker.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Small hostile Java main classes, compiled in the test (for JDK 21, the oldest image) and run
 * in a JDK image: the class travels base64-encoded in an environment variable and is unpacked
 * into {@code /tmp}, so the box needs no host path and no image build.
 */
public final class HostilePrograms {

    public static final String CLASS_ENV = "BENCH_HOSTILE_CLASS";

    private HostilePrograms() {
    }

    /** Compiles {@code source} (one public class {@code className}) to its class file. */
    public static byte[] compile(String className, String source) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        StandardJavaFileManager standard = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        JavaFileManager manager = new ForwardingJavaFileManager<>(standard) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String name, JavaFileObject.Kind kind,
                    FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + name + kind.extension), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return classes.computeIfAbsent(name, n -> new ByteArrayOutputStream());
                    }
                };
            }
        };
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///" + className + ".java"),
                JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        boolean ok = compiler.getTask(new java.io.PrintWriter(diagnostics, true, StandardCharsets.UTF_8), manager, null,
                List.of("--release", "21", "-Xlint:none"), null, List.of(file)).call();
        assertThat(ok).as("compiling %s: %s", className, diagnostics.toString(StandardCharsets.UTF_8)).isTrue();
        assertThat(classes).as("%s compiles to exactly one class", className).containsOnlyKeys(className);
        return classes.get(className).toByteArray();
    }

    /** Environment carrying the class. */
    public static Map<String, String> env(byte[] classFile) {
        return Map.of(CLASS_ENV, Base64.getEncoder().encodeToString(classFile));
    }

    /** A command that unpacks the class into /tmp and runs it with {@code javaOptions}; {@code before} runs first in sh. */
    public static String[] command(String className, String before, String javaOptions) {
        return new String[] {"sh", "-c", before + "printf '%s' \"$" + CLASS_ENV + "\" | base64 -d > /tmp/" + className
                + ".class && exec java " + javaOptions + " -cp /tmp " + className};
    }
}
