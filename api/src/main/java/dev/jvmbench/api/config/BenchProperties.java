package dev.jvmbench.api.config;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Settings of the api. {@code bench.data-dir} holds the embedded database, uploaded artifacts
 * and the first admin token; {@code BENCH_DB_URL} (bench.db.url) switches to an external PostgreSQL.
 */
@ConfigurationProperties("bench")
public record BenchProperties(
        @DefaultValue("${user.home}/.bench") Path dataDir,
        @DefaultValue Db db,
        @DefaultValue Security security,
        @DefaultValue Artifacts artifacts,
        @DefaultValue Catalog catalog,
        @DefaultValue Policy policy) {

    public record Db(String url, String user, String password, @DefaultValue EmbeddedDb embedded) {
        public boolean external() {
            return url != null && !url.isBlank();
        }
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

    public record Artifacts(@DefaultValue("256MB") DataSize maxSize) {
    }

    public record Catalog(@DefaultValue(JdkCatalog.DEFAULT_LOCATION) String jdks,
                          @DefaultValue(ScenarioCatalog.DEFAULT_LOCATION) String scenarios) {
    }
}
