package dev.jvmbench.worker.container;

/**
 * The label vocabulary of every container the platform starts: what finds a run's containers at
 * teardown, a dead worker's at the next start, and tells one platform's from another's on a
 * shared engine. Clean-up is always by these labels, never by pruning the host.
 */
public final class ContainerLabels {

    /** Always {@code true}: the only containers clean-up may ever remove. */
    public static final String MANAGED = "bench.managed";
    /** The run the container belongs to (run ids restart at 1 in every database: see {@link #PLATFORM}). */
    public static final String RUN_ID = "bench.run-id";
    /** The job of the run. */
    public static final String JOB_ID = "bench.job-id";
    /** What the container is to its run: {@link #ROLE_APP}, {@link #ROLE_NGINX}, {@link #ROLE_POSTGRES}. */
    public static final String ROLE = "bench.role";
    /** The worker that started it. */
    public static final String WORKER = "bench.worker";
    /** The platform (database) the run belongs to: its PostgreSQL system identifier and database name. */
    public static final String PLATFORM = "bench.platform";

    public static final String ROLE_APP = "app";
    public static final String ROLE_NGINX = "nginx";
    public static final String ROLE_POSTGRES = "postgres";

    /** Label values are bounded; a worker id is the only free text among them. */
    static final int MAX_VALUE_LENGTH = 200;

    private ContainerLabels() {
    }

    /** A value cut to what an engine accepts as a label value. */
    public static String value(String text) {
        return text.length() > MAX_VALUE_LENGTH ? text.substring(0, MAX_VALUE_LENGTH) : text;
    }
}
