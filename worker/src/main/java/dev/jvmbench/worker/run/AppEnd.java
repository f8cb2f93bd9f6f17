package dev.jvmbench.worker.run;

import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerOutcome;
import java.util.regex.Pattern;

/**
 * What the app's own end says about a failure. A step's failure often has a deeper cause: an app
 * killed for its memory shows up as a refused connection. The container's own end, when it has
 * ended, is the precise reason.
 */
final class AppEnd {

    /**
     * The JVM's own lines about what we set up (the options we pass, JFR's banner, the command
     * of {@code OnOutOfMemoryError}, whose error line itself stays): they say nothing about why the
     * app failed and would push its last words out of the 400 characters kept.
     */
    private static final Pattern JVM_NOISE = Pattern.compile(
            "(?m)^(?:Picked up (?:JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS|_JAVA_OPTIONS):.*|\\[[^\\]]*]\\[info\\s*]\\[jfr,startup\\s*].*"
                    + "|# -XX:OnOutOfMemoryError=.*|#   Executing .*)(?:\\R|$)");
    private static final int TAIL_CHARACTERS = 400;

    private AppEnd() {
    }

    /** The reason to store for a step's failure: the app's end when it has ended, else {@code reason}. */
    static String explain(ContainerEngine engine, RunContext ctx, String step, String reason) {
        if (ctx.appContainer().isEmpty() || ctx.isAppStoppedByWorker() || reason.contains("OOMKilled")
                || reason.startsWith("app exited")) {
            return reason;
        }
        try {
            return engine.exitOutcome(ctx.appContainer().get()).map(ended -> switch (ended) {
                case ContainerOutcome.OomKilled oom -> "app OOMKilled during " + step + " (memory limit "
                        + ctx.run.spec().limits().memoryMb() + " MB)";
                case ContainerOutcome.Exited exited -> "app exited " + exited.exitCode() + " during " + step
                        + tail(exited.logTail());
                default -> reason;
            }).orElse(reason);
        } catch (RuntimeException e) {
            return reason;
        }
    }

    /** The last words of a log or an answer, for a failure reason: "; output: ..." or nothing. */
    static String tail(String text) {
        if (text == null || text.isBlank()) {
            return "";
        }
        String trimmed = JVM_NOISE.matcher(text).replaceAll("").strip();
        if (trimmed.isEmpty()) {
            return "";
        }
        return "; output: " + (trimmed.length() > TAIL_CHARACTERS
                ? "..." + trimmed.substring(trimmed.length() - TAIL_CHARACTERS) : trimmed);
    }
}
