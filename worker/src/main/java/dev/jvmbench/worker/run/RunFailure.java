package dev.jvmbench.worker.run;

/** A run cannot go on; the message is the run's failure reason, precise and short. */
class RunFailure extends RuntimeException {

    RunFailure(String reason) {
        super(reason);
    }

    RunFailure(String reason, Throwable cause) {
        super(reason, cause);
    }
}
