package dev.jvmbench.loadgen;

import dev.jvmbench.loadgen.protocol.Answer;
import dev.jvmbench.loadgen.protocol.ErrorAnswer;
import dev.jvmbench.loadgen.protocol.LevelCommand;
import dev.jvmbench.loadgen.protocol.OkAnswer;
import dev.jvmbench.loadgen.protocol.QuitCommand;
import dev.jvmbench.loadgen.protocol.WarmupCommand;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A long-lived Gatling process driven by one JSON command per stdin line, answering one JSON
 * result per stdout line (the records of {@code dev.jvmbench.loadgen.protocol}). One process
 * serves a whole benchmark run so the generator JVM stays warm (JIT) from one level to the next.
 *
 * <p>Arguments: {@code --results-dir <dir>} (default: a fresh temp dir). System properties:
 * {@code java.util.prefs.userRoot} (default under the temp dir; see {@link VersionCheck}),
 * {@code jvmbench.loadgen.keepResults=true} keeps each simulation.log.
 */
public final class LoadgenMain {

    private LoadgenMain() {
    }

    public static void main(String[] args) throws IOException {
        // Gatling and Scala print to System.out; the protocol owns the real stdout, so everything
        // else is sent to stderr before any Gatling class is touched.
        PrintStream protocolOut = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);

        exitWithParent();
        Path resultsDir = resultsDir(args);
        VersionCheck.skip();
        boolean keepResults = Boolean.getBoolean("jvmbench.loadgen.keepResults");
        var runner = new SimulationRunner(resultsDir, keepResults);
        var protocol = new CommandReader();

        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            Answer answer;
            boolean quit = false;
            try {
                answer = switch (protocol.read(line)) {
                    case LevelCommand level -> runner.runLevel(level);
                    case WarmupCommand warmup -> runner.warmUpGenerator(warmup);
                    case QuitCommand q -> {
                        quit = true;
                        yield OkAnswer.instance();
                    }
                };
            } catch (BadCommandException e) {
                answer = ErrorAnswer.of(e.getMessage());
            } catch (RuntimeException | LinkageError | AssertionError e) {
                // a crashed run (Gatling's readers assert) must not take the process down: the worker decides
                e.printStackTrace(System.err);
                answer = ErrorAnswer.of(e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            protocolOut.println(protocol.write(answer));
            protocolOut.flush();
            if (quit) {
                break;
            }
        }
        // Gatling leaves non-daemon threads behind (e.g. Netty's global event executor)
        System.exit(0);
    }

    /**
     * A worker killed with SIGKILL cannot stop its load generator, and stdin reaches EOF only
     * after the level in progress: without this the orphan would keep loading the host (and the
     * next run's measurements) for up to a whole level.
     */
    private static void exitWithParent() {
        ProcessHandle.current().parent().ifPresent(parent -> Thread.ofPlatform().daemon().name("parent-watch").start(() -> {
            while (parent.isAlive()) {
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("the worker (pid " + parent.pid() + ") is gone: the load generator stops");
            Runtime.getRuntime().halt(3);
        }));
    }

    private static Path resultsDir(String[] args) throws IOException {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals("--results-dir")) {
                Path dir = Path.of(args[i + 1]).toAbsolutePath();
                Files.createDirectories(dir);
                return dir;
            }
        }
        return Files.createTempDirectory("jvmbench-loadgen-results");
    }
}
