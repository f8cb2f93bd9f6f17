package dev.jvmbench.api.result;

import dev.jvmbench.api.config.BenchProperties;
import dev.jvmbench.common.store.RunArtifacts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
    private final RunArtifacts artifacts;
    private final Duration retention;
    private final Clock clock;

    RawArtifactPruner(RunArtifacts artifacts, BenchProperties properties, Clock clock) {
        this.artifacts = artifacts;
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
        Instant cutoff = now.minus(retention);
        int pruned = 0;
        long bytes = 0;
        while (true) {
            List<Long> sizes = artifacts.prune(now, cutoff, BATCH);
            pruned += sizes.size();
            bytes += sizes.stream().mapToLong(Long::longValue).sum();
            if (sizes.size() < BATCH) {
                break;
            }
        }
        if (pruned > 0) {
            log.info("Retention: pruned {} raw artifacts ({} bytes) created before {} (bench.retention.raw-artifacts={})",
                    pruned, bytes, cutoff, retention);
        }
        return new Pruned(pruned, bytes);
    }
}
