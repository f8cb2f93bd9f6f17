package dev.jvmbench.api.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Debian's Chromium in headless mode, one process per call with a fresh profile, bounded in time
 * and killed (with its renderer and GPU children) when the bound passes. `./bench setup` installs
 * it (worker/host/setup.sh, step chromium); JVMBENCH_CHROMIUM names another Chromium or Chrome.
 */
final class HeadlessChromium {

    static final Path DEFAULT_BINARY = Path.of("/usr/bin/chromium");
    private static final long TIMEOUT_SECONDS = 90;

    private final Path binary;
    private final Path workDir;

    HeadlessChromium(Path workDir) {
        String override = System.getenv("JVMBENCH_CHROMIUM");
        this.binary = override == null || override.isBlank() ? DEFAULT_BINARY : Path.of(override);
        this.workDir = workDir;
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException(binary + " is missing: run `./bench setup --only chromium` "
                    + "(installs Debian's chromium) or set JVMBENCH_CHROMIUM to a Chromium/Chrome binary");
        }
    }

    /** The DOM after the page's scripts ran (and its fetches finished) within the virtual-time budget. */
    String dumpDom(String url) {
        Path out = run("dump-dom", List.of("--dump-dom", url));
        try {
            return Files.readString(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A PNG of the window (1400 x 2400 CSS pixels) once the page settled. */
    Path screenshot(String url, Path png) {
        return screenshot(url, png, 2400);
    }

    /**
     * A PNG of a window {@code height} CSS pixels high: a page longer than the default window is
     * captured whole this way (a headless screenshot after scrolling comes out blank).
     */
    Path screenshot(String url, Path png, int height) {
        run("screenshot", List.of("--window-size=1400," + height, "--screenshot=" + png.toAbsolutePath(), url));
        if (!Files.isRegularFile(png)) {
            throw new AssertionError("chromium wrote no screenshot to " + png);
        }
        return png;
    }

    private Path run(String name, List<String> action) {
        try {
            Path profile = Files.createTempDirectory(workDir, "chromium-profile-");
            Path stdout = workDir.resolve(name + ".out");
            Path stderr = workDir.resolve(name + ".log");
            List<String> command = new ArrayList<>(List.of(binary.toString(),
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    // every request of the test goes to 127.0.0.1; never through a proxy from the environment
                    "--no-proxy-server",
                    // A sandboxed frame (the pages' flame graphs) keeps its opaque origin, but runs in the page's
                    // renderer: in a process of its own its work is not counted by the virtual-time budget below,
                    // and a frame created after the page's fetches would be dumped before it loaded.
                    "--disable-features=IsolateSandboxedIframes",
                    "--user-data-dir=" + profile, "--virtual-time-budget=15000", "--window-size=1400,2400",
                    // the page's console messages land in stderr: the first thing to read when an assertion fails
                    "--enable-logging=stderr", "--v=0"));
            command.addAll(action);
            Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
                    .start();
            try {
                if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    kill(process);
                    throw new AssertionError("chromium (" + name + ") did not finish within " + TIMEOUT_SECONDS
                            + " s and was killed; its log:\n" + tail(stderr));
                }
                if (process.exitValue() != 0) {
                    throw new AssertionError("chromium (" + name + ") exited with " + process.exitValue() + ":\n"
                            + tail(stderr));
                }
                return stdout;
            } finally {
                if (process.isAlive()) {
                    kill(process);
                }
                deleteTree(profile);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The browser's children (zygote, renderer, GPU) first, so none outlives the test. */
    private static void kill(Process process) throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** The page's console lines and errors, without the D-Bus noise of a machine with no session bus. */
    static String consoleLines(String log) {
        return log.lines().filter(line -> line.contains("CONSOLE") || line.contains("Uncaught")
                || line.contains("Refused")).reduce("", (a, b) -> a + b + "\n");
    }

    String log(String name) {
        try {
            return Files.readString(workDir.resolve(name + ".log"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .filter(line -> !line.contains("dbus")).toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
