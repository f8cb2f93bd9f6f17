package dev.jvmbench.worker.run;

/** How a run ended, as decided by its steps. */
sealed interface RunOutcome {

    record Succeeded() implements RunOutcome {
    }

    record Failed(String reason) implements RunOutcome {
    }

    record Cancelled() implements RunOutcome {
    }

    /** The worker is shutting down: the run goes back to the queue for another worker. */
    record Released(String reason) implements RunOutcome {
    }
}
