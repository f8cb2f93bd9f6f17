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
        @DefaultValue Catalog catalog) {

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

    public record Artifacts(@DefaultValue("256MB") DataSize maxSize) {
    }

    public record Catalog(@DefaultValue(JdkCatalog.DEFAULT_LOCATION) String jdks,
                          @DefaultValue(ScenarioCatalog.DEFAULT_LOCATION) String scenarios) {
    }
}
