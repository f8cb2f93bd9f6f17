package dev.jvmbench.common.store;

import dev.jvmbench.common.job.RunStatus;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The owner of the table run_artifacts: a run's raw artifacts (JFR recording, logs, the load
 * generator's results), written by the worker, listed, served and pruned by the api
 * (docs/lifecycle.md). Methods take part in the caller's transaction.
 */
public class RunArtifacts {

    private final JdbcClient jdbc;

    public RunArtifacts(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Stores an artifact; a second write of the same run and name replaces it (and un-prunes it). */
    public void store(long runId, String name, String contentType, byte[] content) {
        jdbc.sql("""
                        INSERT INTO run_artifacts (run_id, name, content_type, size_bytes, content)
                        VALUES (:run, :name, :type, :size, :content)
                        ON CONFLICT (run_id, name) DO UPDATE SET content = EXCLUDED.content, size_bytes = EXCLUDED.size_bytes,
                               content_type = EXCLUDED.content_type, created_at = now(), pruned_at = NULL""")
                .param("run", runId).param("name", name).param("type", contentType).param("size", content.length)
                .param("content", content).update();
    }

    /** Deletes the artifacts of a run's attempt that is given up. */
    public int deleteOfRun(long runId) {
        return jdbc.sql("DELETE FROM run_artifacts WHERE run_id = :run").param("run", runId).update();
    }

    /** An artifact as listed: sizeBytes is the size as stored, also after pruning. */
    public record Listed(String name, String contentType, long sizeBytes, Instant createdAt, Instant prunedAt) {
    }

    public List<Listed> ofRun(long runId) {
        return jdbc.sql("""
                        SELECT name, content_type, size_bytes, created_at, pruned_at FROM run_artifacts
                         WHERE run_id = :run ORDER BY name""")
                .param("run", runId)
                .query((rs, n) -> new Listed(rs.getString(1), rs.getString(2), rs.getLong(3),
                        instant(rs.getObject(4, OffsetDateTime.class)), instant(rs.getObject(5, OffsetDateTime.class))))
                .list();
    }

    /** An artifact's bytes; empty bytes and prunedAt set once the retention pruned it. */
    public record Content(String contentType, byte[] bytes, Instant prunedAt) {
    }

    public Optional<Content> content(long runId, String name) {
        return jdbc.sql("SELECT content_type, content, pruned_at FROM run_artifacts WHERE run_id = :run AND name = :name")
                .param("run", runId).param("name", name)
                .query((rs, n) -> new Content(rs.getString(1), rs.getBytes(2), instant(rs.getObject(3, OffsetDateTime.class))))
                .optional();
    }

    /**
     * Empties the content of at most {@code batch} not yet pruned artifacts of ended runs created
     * before {@code cutoff} (FOR UPDATE SKIP LOCKED: several api instances may prune at once) and
     * stamps them pruned at {@code now}; the sizes they had.
     */
    public List<Long> prune(Instant now, Instant cutoff, int batch) {
        return jdbc.sql("""
                        UPDATE run_artifacts SET content = ''::bytea, pruned_at = :now
                         WHERE id IN (SELECT a.id FROM run_artifacts a JOIN runs r ON r.id = a.run_id
                                       WHERE a.pruned_at IS NULL AND a.created_at < :cutoff AND r.status IN %s
                                       ORDER BY a.id LIMIT :batch FOR UPDATE OF a SKIP LOCKED)
                        RETURNING size_bytes""".formatted(Sql.in(RunStatus.ended())))
                .param("now", Sql.utc(now)).param("cutoff", Sql.utc(cutoff)).param("batch", batch)
                .query(Long.class).list();
    }

    private static Instant instant(OffsetDateTime at) {
        return at == null ? null : at.toInstant();
    }
}
