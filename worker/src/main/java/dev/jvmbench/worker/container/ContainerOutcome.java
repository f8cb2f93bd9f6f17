package dev.jvmbench.worker.container;

import java.time.Duration;
import java.util.Objects;

/**
 * How waiting for a container ended. A failed run keeps {@link #reason()} as its stored reason,
 * so the words are chosen for a person reading the run list.
 */
public sealed interface ContainerOutcome {

    String reason();

    /** Readiness answered; {@code after} is the time from the start of waiting to the first good answer. */
    record Ready(Duration after) implements ContainerOutcome {
        public Ready {
            Objects.requireNonNull(after, "after");
        }

        @Override
        public String reason() {
            return "ready after " + after.toMillis() + " ms";
        }
    }

    /** The container's main process exited on its own (or was killed other than by the OOM killer). */
    record Exited(int exitCode, String logTail) implements ContainerOutcome {
        public Exited {
            logTail = Objects.requireNonNullElse(logTail, "");
        }

        @Override
        public String reason() {
            return "exited " + exitCode;
        }
    }

    /** The kernel killed the container for going past its memory limit. */
    record OomKilled(String logTail) implements ContainerOutcome {
        public OomKilled {
            logTail = Objects.requireNonNullElse(logTail, "");
        }

        @Override
        public String reason() {
            return "OOMKilled";
        }
    }

    /** Still running, but not ready (or not exited) within {@code after}. */
    record TimedOut(Duration after) implements ContainerOutcome {
        public TimedOut {
            Objects.requireNonNull(after, "after");
        }

        @Override
        public String reason() {
            return "timed out after " + after.toMillis() + " ms";
        }
    }
}
