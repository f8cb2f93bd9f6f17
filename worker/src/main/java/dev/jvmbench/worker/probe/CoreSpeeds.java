package dev.jvmbench.worker.probe;

import dev.jvmbench.worker.cores.Placement;

/** Starts a {@link CoreSpeed} probe on the cores a run's app was given. */
@FunctionalInterface
public interface CoreSpeeds {

    /** A probe on {@code placement}'s app cores; one that measures nothing, saying why, when the app has none of its own. */
    CoreSpeed start(Placement placement);

    /**
     * The real probe ({@link CoreSpeedProbe}) on a pinned app's cores, when {@code enabled}
     * ({@code bench.worker.core-speed}).
     */
    static CoreSpeeds ofHost(boolean enabled) {
        return placement -> !enabled ? CoreSpeed.none("the core-speed probe is off (bench.worker.core-speed=false)")
                : !placement.pinned() ? CoreSpeed.none("the app had no cores of its own to measure: " + placement.describe())
                : CoreSpeedProbe.start(placement.app());
    }
}
