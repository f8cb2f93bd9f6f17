package dev.jvmbench.worker.cores;

/**
 * Where one run's processes run. Pinned: the app on {@code app}, its cores alone; the load generator
 * and the upstreams on {@code others}. Shared: everything floats over the host's cores (the app still
 * has its CPU quota); {@code tooFewCores} when a whole-number limit could not be given cores of its
 * own, and {@code note} says why.
 */
public record Placement(String app, String others, boolean tooFewCores, String note) {

    static Placement pinned(String app, String others) {
        return new Placement(app, others, false, null);
    }

    static Placement shared(boolean tooFewCores, String note) {
        return new Placement(null, null, tooFewCores, note);
    }

    /** Nothing pinned: what a run gets when pinning is off. */
    public static Placement none(String why) {
        return shared(false, why);
    }

    public boolean pinned() {
        return app != null;
    }

    /** One line for the run's record and the summary. */
    public String describe() {
        return pinned() ? "app on core " + app + "; load generator and upstreams on core " + others : note;
    }
}
