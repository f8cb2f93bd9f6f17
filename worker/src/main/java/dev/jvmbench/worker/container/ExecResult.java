package dev.jvmbench.worker.container;

/** What a command run inside a container returned. */
public record ExecResult(int exitCode, String stdout, String stderr) {

    public boolean succeeded() {
        return exitCode == 0;
    }
}
