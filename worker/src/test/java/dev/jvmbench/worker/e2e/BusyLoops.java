package dev.jvmbench.worker.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A noisy neighbour for the end-to-end tests: busy shell loops in a labelled container (host
 * networking, no limits) that ends by itself after its timeout even if nobody removes it, and the
 * removal of every container with the test's label.
 */
final class BusyLoops {

    private BusyLoops() {
    }

    /** Starts {@code loops} busy loops under {@code label}; the container's id. */
    static String start(String label, int loops, int timeoutSeconds) throws Exception {
        return docker("run", "-d", "--rm", "--network", "host", "--label", label, "jvmbench/base:trixie",
                "timeout", Integer.toString(timeoutSeconds), "bash", "-c",
                "for i in $(seq " + loops + "); do (while :; do :; done) & done; wait").strip();
    }

    static void remove(String id) {
        try {
            docker("rm", "-f", id);
        } catch (Exception e) {
            throw new IllegalStateException("could not remove the busy loops " + id, e);
        }
    }

    /** Removes every container carrying {@code label}, running or not. */
    static void removeAll(String label) throws Exception {
        for (String id : docker("ps", "-aq", "--filter", "label=" + label).split("\\s+")) {
            if (!id.isBlank()) {
                docker("rm", "-f", id);
            }
        }
    }

    private static String docker(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(command + " did not end in 60 s");
        }
        String out = new String(process.getInputStream().readAllBytes());
        if (process.exitValue() != 0) {
            throw new IllegalStateException(command + " exited " + process.exitValue() + ": " + out);
        }
        return out;
    }
}
