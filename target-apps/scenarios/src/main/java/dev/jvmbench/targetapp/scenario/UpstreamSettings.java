package dev.jvmbench.targetapp.scenario;

import java.time.Duration;

/**
 * Where the upstreams are, bound from {@code bench.upstream.*} (application.yaml maps the
 * {@code BENCH_*} environment variables onto these). A blank URL means "not configured".
 *
 * @param httpUrl             BENCH_UPSTREAM_HTTP_URL, the URL io-http GETs
 * @param dbUrl               BENCH_UPSTREAM_DB_URL, a JDBC URL
 * @param dbUser              BENCH_UPSTREAM_DB_USER
 * @param dbPassword          BENCH_UPSTREAM_DB_PASSWORD
 * @param dbPoolSize          BENCH_DB_POOL_SIZE, HikariCP maximum (and minimum idle) pool size
 * @param connectTimeout      TCP connect timeout of the HTTP client
 * @param requestTimeout      whole-request timeout of the HTTP client
 * @param dbConnectionTimeout how long a request waits for a pooled DB connection (HikariCP
 *                            connectionTimeout) before it fails with 503
 */
public record UpstreamSettings(String httpUrl, String dbUrl, String dbUser, String dbPassword, int dbPoolSize,
                               Duration connectTimeout, Duration requestTimeout, Duration dbConnectionTimeout) {

    public static final String HTTP_URL_VARIABLE = "BENCH_UPSTREAM_HTTP_URL";
    public static final String DB_URL_VARIABLE = "BENCH_UPSTREAM_DB_URL";
    public static final int DEFAULT_DB_POOL_SIZE = 10;

    public UpstreamSettings {
        httpUrl = blankToNull(httpUrl);
        dbUrl = blankToNull(dbUrl);
        dbUser = blankToNull(dbUser);
        dbPassword = blankToNull(dbPassword);
        if (dbPoolSize <= 0) {
            dbPoolSize = DEFAULT_DB_POOL_SIZE;
        }
        connectTimeout = connectTimeout == null ? Duration.ofSeconds(5) : connectTimeout;
        requestTimeout = requestTimeout == null ? Duration.ofSeconds(60) : requestTimeout;
        dbConnectionTimeout = dbConnectionTimeout == null ? Duration.ofSeconds(30) : dbConnectionTimeout;
    }

    public boolean httpConfigured() {
        return httpUrl != null;
    }

    public boolean dbConfigured() {
        return dbUrl != null;
    }

    /** The HTTP URL, or 503 problem details naming BENCH_UPSTREAM_HTTP_URL. */
    public String requireHttpUrl() {
        if (httpUrl == null) {
            throw new UpstreamNotConfiguredException(Scenario.IO_HTTP, HTTP_URL_VARIABLE);
        }
        return httpUrl;
    }

    @Override
    public String toString() { // never print the password
        return "UpstreamSettings[httpUrl=" + httpUrl + ", dbUrl=" + dbUrl + ", dbUser=" + dbUser
                + ", dbPoolSize=" + dbPoolSize + "]";
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
