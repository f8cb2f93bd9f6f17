package dev.jvmbench.api.job;

import java.util.Collection;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface JobRepository extends JpaRepository<JobEntity, Long> {

    /**
     * Compare-and-set: moves the job to {@code next} only from one of {@code sources}. 0 rows
     * means another actor changed the status first (or the transition is illegal).
     */
    @Modifying(flushAutomatically = true, clearAutomatically = true)
    @Query(value = """
            UPDATE jobs SET status = :next,
                   status_reason = COALESCE(:reason, status_reason),
                   finished_at = CASE WHEN :finished THEN now() ELSE finished_at END,
                   version = version + 1
             WHERE id = :id AND status IN (:sources)
            """, nativeQuery = true)
    int transition(long id, String next, Collection<String> sources, String reason, boolean finished);

    /**
     * Locks the job's runs before the job itself is changed: the worker's claim, finish and
     * recovery lock a run first and its job second, so taking them in the same order never deadlocks.
     */
    @Query(value = "SELECT id FROM runs WHERE job_id = :jobId ORDER BY id FOR UPDATE", nativeQuery = true)
    List<Long> lockRuns(long jobId);

    @Modifying(flushAutomatically = true, clearAutomatically = true)
    @Query(value = """
            UPDATE runs SET status = 'CANCELLED', finished_at = now(),
                   failure_reason = 'cancelled before it started'
             WHERE job_id = :jobId AND status = 'QUEUED'
            """, nativeQuery = true)
    int cancelQueuedRuns(long jobId);
}
