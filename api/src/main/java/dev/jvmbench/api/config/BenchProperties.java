package dev.jvmbench.api.config;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Settings of the api. {@code bench.data-dir} (default ~/.bench) holds the embedded database, uploaded artifacts
 * and the first admin token; {@code BENCH_DB_URL} (bench.db.url) switches to an external PostgreSQL.
 */
@ConfigurationProperties("bench")
public record BenchProperties(
        Path dataDir,
        @DefaultValue Db db,
        @DefaultValue Security security,
        @DefaultValue Artifacts artifacts,
        @DefaultValue Catalog catalog,
        @DefaultValue Policy policy,
        @DefaultValue Retention retention,
        @DefaultValue Api api) {

    public BenchProperties {
        // In code, not in @DefaultValue: the binder does not resolve placeholders there.
        if (dataDir == null) {
            dataDir = Path.of(System.getProperty("user.home"), ".bench");
        }
    }

    /**
     * Admission control for /api: at most maxConcurrentRequests inside the application at once
     * (0: twice the connection pool), the others queue in arrival order for up to
     * admissionTimeout, then 503.
     */
    public record Api(@DefaultValue("0") int maxConcurrentRequests, @DefaultValue("60s") java.time.Duration admissionTimeout) {
    }

    /**
     * An external database must be reached with a password: app containers share the host's
     * loopback, so a server that trusts local connections would be open to every benchmarked app.
     */
    public record Db(String url, String user, String password, @DefaultValue EmbeddedDb embedded,
                     @DefaultValue Pool pool) {
        public Db {
            if (url != null && !url.isBlank() && (password == null || password.isBlank())) {
                throw new IllegalArgumentException("bench.db.password (BENCH_DB_PASSWORD) is required with an external"
                        + " database (bench.db.url): the platform never uses a database without a password");
            }
        }

        public boolean external() {
            return url != null && !url.isBlank();
        }
    }

    /**
     * The connection pool. Requests run on virtual threads, so hundreds may want a connection at
     * once: they wait in the pool's queue for up to connectionTimeout (then 503, which is also
     * how long a request waits while the database is down), never fail because the pool is small.
     */
    public record Pool(@DefaultValue("20") int maxSize, @DefaultValue("5s") java.time.Duration connectionTimeout) {
    }

    /**
     * The embedded PostgreSQL. port 0 picks a free port; ephemeral deletes the data on shutdown
     * (tests); binariesDir defaults to data-dir/pg-binaries.
     */
    public record EmbeddedDb(@DefaultValue("0") int port, @DefaultValue("false") boolean ephemeral, Path binariesDir) {
    }

    /**
     * publicRead opens every GET under /api without a token. bootstrapToken, when set, is the
     * value of the first admin token instead of a generated one (deployments that inject a secret).
     */
    public record Security(@DefaultValue("false") boolean publicRead, String bootstrapToken) {
    }

    /**
     * What a submitted job may ask of a benchmark host that runs other people's code.
     * allowedImages: glob patterns of app images (default: the images this platform builds);
     * registries: prefixes of registries whose images are allowed, e.g. registry.example.com/team/;
     * jvmOptions: glob patterns of the JVM options a job may pass (anything else is refused, so
     * no -javaagent, -XX:OnOutOfMemoryError or diagnostic unlocks unless a site adds them);
     * reservedEnv: glob patterns of environment variables a job may not set (the platform's own,
     * and those that would smuggle JVM options or libraries past the checks).
     */
    public record Policy(
            @DefaultValue("jvmbench/*") java.util.List<String> allowedImages,
            @DefaultValue java.util.List<String> registries,
            @DefaultValue({"-Xmx*", "-Xms*", "-Xmn*", "-Xss*", "-XX:+Use*GC", "-XX:MaxRAMPercentage=*",
                    "-XX:InitialRAMPercentage=*", "-XX:MinRAMPercentage=*", "-XX:ActiveProcessorCount=*",
                    "-XX:MaxGCPauseMillis=*", "-XX:ParallelGCThreads=*", "-XX:ConcGCThreads=*", "-XX:?AlwaysPreTouch",
                    "-XX:?UseCompressedOops", "-XX:?UseStringDeduplication", "-XX:?UseCompactObjectHeaders",
                    "-XX:?ZGenerational", "-XX:SoftMaxHeapSize=*", "-XX:TieredStopAtLevel=*",
                    "-XX:ReservedCodeCacheSize=*", "-XX:MaxMetaspaceSize=*", "-XX:MetaspaceSize=*",
                    "-XX:MaxDirectMemorySize=*", "-XX:?UseNUMA", "-XX:?UseLargePages",
                    "-Djdk.virtualThreadScheduler.parallelism=*", "-Djdk.virtualThreadScheduler.maxPoolSize=*",
                    "-Djdk.tracePinnedThreads=*", "-Dspring.profiles.active=*", "-Dreactor.netty.ioWorkerCount=*",
                    "-Dfile.encoding=*", "-Duser.timezone=*"}) java.util.List<String> jvmOptions,
            @DefaultValue({"SERVER_PORT", "SERVER_ADDRESS", "SERVER_TOMCAT_THREADS_*", "SPRING_THREADS_*",
                    "SPRING_APPLICATION_JSON", "MANAGEMENT_*", "BENCH_*", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS",
                    "_JAVA_OPTIONS", "JAVA_OPTS", "LD_*", "PATH", "HOME"}) java.util.List<String> reservedEnv) {
    }

    /**
     * Uploaded JARs. maxSize: one file (413 past it); quota: all stored JARs of this installation
     * together, counted once per distinct content (507 past it).
     */
    public record Artifacts(@DefaultValue("256MB") DataSize maxSize, @DefaultValue("10GB") DataSize quota) {
    }

    /**
     * Raw artifacts of runs (JFR recordings, load generator results, logs) older than rawArtifacts
     * are pruned every interval: their content is deleted, their listing says when; points and
     * summaries are kept. A zero rawArtifacts keeps them for ever.
     */
    public record Retention(@DefaultValue("30d") java.time.Duration rawArtifacts,
                            @DefaultValue("1h") java.time.Duration interval) {
    }

    public record Catalog(@DefaultValue(JdkCatalog.DEFAULT_LOCATION) String jdks,
                          @DefaultValue(ScenarioCatalog.DEFAULT_LOCATION) String scenarios) {
    }
}
