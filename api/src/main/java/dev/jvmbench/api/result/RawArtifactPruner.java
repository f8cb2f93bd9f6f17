package dev.jvmbench.api.result;

import dev.jvmbench.api.config.BenchProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.sql.Timestamp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Applies bench.retention.raw-artifacts: the raw artifacts (JFR recordings, load generator
 * results, logs) of finished runs older than that lose their content; their rows stay with
 * pruned_at set, so the listing says they were pruned and a download answers 410. Result points,
 * statistics and summaries are derived from points and never pruned. Runs in batches so that no
 * transaction holds many rows; the space is reclaimed by PostgreSQL's autovacuum.
 */
@Component
class RawArtifactPruner {

    private static final Logger log = LoggerFactory.getLogger(RawArtifactPruner.class);
    private static final int BATCH = 200;
    private final JdbcClient jdbc;
    private final Duration retention;
    private final Clock clock;

    RawArtifactPruner(JdbcClient jdbc, BenchProperties properties, Clock clock) {
        this.jdbc = jdbc;
        this.retention = properties.retention().rawArtifacts();
        this.clock = clock;
    }

    /** What one pass pruned. */
    record Pruned(int artifacts, long bytes) {
    }

    /** One pass at the clock's now; nothing when the retention is zero (keep for ever). */
    Pruned prune() {
        if (retention.isZero() || retention.isNegative()) {
            return new Pruned(0, 0);
        }
        Instant now = clock.instant();
        Timestamp cutoff = Timestamp.from(now.minus(retention));
        int artifacts = 0;
        long bytes = 0;
        while (true) {
            var sizes = jdbc.sql("""
                    UPDATE run_artifacts SET content = ''::bytea, pruned_at = :now
                     WHERE id IN (SELECT a.id FROM run_artifacts a JOIN runs r ON r.id = a.run_id
                                   WHERE a.pruned_at IS NULL AND a.created_at < :cutoff
                                     AND r.status IN ('SUCCEEDED', 'FAILED', 'CANCELLED')
                                   ORDER BY a.id LIMIT :batch FOR UPDATE OF a SKIP LOCKED)
                    RETURNING size_bytes
                    """).param("now", Timestamp.from(now)).param("cutoff", cutoff).param("batch", BATCH)
                    .query(Long.class).list();
            artifacts += sizes.size();
            bytes += sizes.stream().mapToLong(Long::longValue).sum();
            if (sizes.size() < BATCH) {
                break;
            }
        }
        if (artifacts > 0) {
            log.info("Retention: pruned {} raw artifacts ({} bytes) created before {} (bench.retention.raw-artifacts={})",
                    artifacts, bytes, cutoff.toInstant(), retention);
        }
        return new Pruned(artifacts, bytes);
    }
}
