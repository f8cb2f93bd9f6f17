package dev.jvmbench.worker.run;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.job.Upstream;
import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.container.ContainerLabels;
import dev.jvmbench.worker.container.ContainerSpec;
import dev.jvmbench.worker.probe.JfrAnalyzer;
import dev.jvmbench.worker.probe.OutOfMemory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The containers of a run: the app under its limits with the thread-model environment and the
 * JVM flags needed to measure, and the stock upstreams. All on host networking, labelled with
 * the run so teardown (and a later worker) finds them.
 */
final class AppContainers {

    static final String DB_USER = "bench";
    static final String DB_PASSWORD = "bench";
    static final String NGINX_IMAGE = "jvmbench/nginx-delay:1";
    static final String POSTGRES_IMAGE = "jvmbench/postgres:17";
    /**
     * The upstreams' own users, by number: Debian's fixed www-data (33) and the postgres user the
     * image's package created (100, group 102). Numeric because a pod's runAsUser is a number and
     * the kubelet cannot check a named image user against runAsNonRoot.
     */
    static final String NGINX_USER = "33:33";
    static final String POSTGRES_USER = "100:102";
    /** Threads a JVM runs besides the request pool: GC, JIT, JFR, pool housekeeping, Hikari... */
    static final long JVM_THREAD_HEADROOM = 512;
    /** PGDATA of the postgres image: an anonymous volume, the rest of its filesystem read-only. */
    static final String POSTGRES_DATA = "/var/lib/postgresql/data";
    /** nginx and postgres keep only small runtime files (config, pid, socket) in /tmp. */
    static final String UPSTREAM_TMPFS = "rw,nosuid,nodev,size=64m,mode=1777";

    private AppContainers() {
    }

    /**
     * @param ports where the app listens (SERVER_PORT for a stock app or a user's app without a fixed
     *              port) and where its actuator does (MANAGEMENT_SERVER_PORT when it has a port of its own)
     */
    static ContainerSpec app(RunContext ctx, AppPorts ports, WorkerProperties properties) {
        JobSpec spec = ctx.run.spec();
        Map<String, String> env = new LinkedHashMap<>(spec.env());
        env.putAll(ctx.plan().appEnv());
        env.putAll(threadModelEnv(ctx.run.threadModel(), spec));
        if (spec.usesStockApps() || spec.app().port() == null) {
            env.put("SERVER_PORT", Integer.toString(ports.serving()));
        }
        if (ports.separateManagement()) {
            env.put("MANAGEMENT_SERVER_PORT", Integer.toString(ports.management()));
        }
        ctx.upstreams().port(Upstream.HTTP).ifPresent(http ->
                env.put("BENCH_UPSTREAM_HTTP_URL", "http://127.0.0.1:" + http + "/"));
        ctx.upstreams().port(Upstream.DB).ifPresent(db -> {
            env.put("BENCH_UPSTREAM_DB_URL", "jdbc:postgresql://127.0.0.1:" + db + "/bench");
            env.put("BENCH_UPSTREAM_DB_USER", DB_USER);
            env.put("BENCH_UPSTREAM_DB_PASSWORD", DB_PASSWORD);
        });
        env.put("JAVA_TOOL_OPTIONS", String.join(" ", jvmOptions(ctx)));
        return ContainerSpec.builder(ctx.image())
                .namePrefix("bench-run" + ctx.run.runId() + "-app")
                .runId(Long.toString(ctx.run.runId()))
                .labels(roleLabels(ctx, ContainerLabels.ROLE_APP))
                .env(env)
                .cpus(spec.limits().cpus())
                .cpuset(ctx.placement().app())
                .memoryMegabytes(spec.limits().memoryMb())
                .pidsLimit(pidsLimit(ctx.run.threadModel(), spec, properties))
                .nofileLimit(properties.nofileLimit())
                .sandbox(ContainerSpec.APP_USER)
                // /tmp holds the JFR recording the worker copies out after the stop, hsperfdata and
                // the servers' temp dirs: an anonymous volume, since a tmpfs vanishes with the stop
                // and the engine cannot copy out of one even while it runs
                .volume("/tmp")
                .build();
    }

    static long pidsLimit(ThreadModel model, JobSpec spec, WorkerProperties properties) {
        long limit = properties.pidsLimit();
        if (model == ThreadModel.PLATFORM) {
            limit = Math.max(limit, spec.platform().maxThreads() + JVM_THREAD_HEADROOM);
        }
        return limit;
    }

    static Map<String, String> threadModelEnv(ThreadModel model, JobSpec spec) {
        return switch (model) {
            case PLATFORM -> Map.of("SPRING_THREADS_VIRTUAL_ENABLED", "false",
                    "SERVER_TOMCAT_THREADS_MAX", Integer.toString(spec.platform().maxThreads()));
            case VIRTUAL -> Map.of("SPRING_THREADS_VIRTUAL_ENABLED", "true");
            case WEBFLUX -> Map.of();
        };
    }

    static List<String> jvmOptions(RunContext ctx) {
        JobSpec spec = ctx.run.spec();
        List<String> options = new ArrayList<>();
        if (spec.records()) {
            options.addAll(JfrAnalyzer.JVM_OPTIONS);
        }
        options.add(OutOfMemory.REPORT_FLAG);
        if (ctx.run.threadModel() == ThreadModel.PLATFORM && spec.platform().stackSizeKb() != null) {
            options.add("-Xss" + spec.platform().stackSizeKb() + "k");
        }
        options.addAll(spec.jvmOptions());
        return options;
    }

    /** @param image {@link #NGINX_IMAGE} where the run's images are (the local engine, or the registry) */
    static ContainerSpec nginx(RunContext ctx, int port, WorkerProperties properties, String image) {
        return upstream(image, ContainerLabels.ROLE_NGINX, NGINX_USER, ctx, properties)
                .env("PORT", Integer.toString(port))
                .env("DELAY_SECONDS", Double.toString(ctx.plan().httpDelayMs() / 1000.0))
                .build();
    }

    /** @param image {@link #POSTGRES_IMAGE} where the run's images are */
    static ContainerSpec postgres(RunContext ctx, int port, WorkerProperties properties, String image) {
        return upstream(image, ContainerLabels.ROLE_POSTGRES, POSTGRES_USER, ctx, properties)
                .volume(POSTGRES_DATA)
                .env("PGPORT", Integer.toString(port))
                .build();
    }

    /** The box every upstream shares: the app's limits, its own user, a writable /tmp only. */
    private static ContainerSpec.Builder upstream(String image, String role, String user, RunContext ctx,
                                                  WorkerProperties properties) {
        return ContainerSpec.builder(image)
                .cpuset(ctx.placement().others())
                .sandbox(user)
                .tmpfs("/tmp", UPSTREAM_TMPFS)
                .pidsLimit(properties.pidsLimit())
                .nofileLimit(properties.nofileLimit())
                .namePrefix("bench-run" + ctx.run.runId() + "-" + role)
                .runId(Long.toString(ctx.run.runId()))
                .labels(roleLabels(ctx, role));
    }

    private static Map<String, String> roleLabels(RunContext ctx, String role) {
        return Map.of(ContainerLabels.ROLE, role, ContainerLabels.JOB_ID, Long.toString(ctx.run.jobId()),
                ContainerLabels.WORKER, ContainerLabels.value(ctx.workerId), ContainerLabels.PLATFORM, ctx.platformId);
    }
}
