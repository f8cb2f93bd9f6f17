package dev.jvmbench.common.store;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.Severity;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner of the table run_findings (docs/findings.md). The worker writes a level's findings
 * as the level ends and the run's settled list at its end, each write replacing what it covers;
 * the api lists them and counts them per job. Methods take part in the caller's transaction.
 */
public class RunFindings {

    private final JdbcClient jdbc;
    private final RecordRows<FindingRow> rows;
    private final String insert;

    public RunFindings(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.rows = new RecordRows<>(FindingRow.class, json);
        this.insert = "INSERT INTO run_findings (" + rows.columns(Set.of()) + ") VALUES (" + rows.values(Set.of()) + ")";
    }

    /** Replaces the findings of one level of a run (written as the level ends). */
    public void replaceOfLevel(long runId, int levelIndex, List<Finding> findings) {
        jdbc.sql("DELETE FROM run_findings WHERE run_id = :run AND level_index = :level")
                .param("run", runId).param("level", levelIndex).update();
        insertAll(runId, findings);
    }

    /** Replaces every finding of a run (its settled list, once the run's recording and logs are read). */
    public void replaceOfRun(long runId, List<Finding> findings) {
        deleteOfRun(runId);
        insertAll(runId, findings);
    }

    private void insertAll(long runId, List<Finding> findings) {
        for (Finding finding : findings) {
            jdbc.sql(insert).params(rows.params(FindingRow.of(runId, finding))).update();
        }
    }

    /** A run's findings, worst first, then by level and time. */
    public List<FindingRow> ofRun(long runId) {
        return jdbc.sql("""
                        SELECT * FROM run_findings WHERE run_id = :run
                         ORDER BY CASE severity WHEN 'CRITICAL' THEN 0 WHEN 'WARNING' THEN 1 ELSE 2 END,
                                  level_index NULLS FIRST, at NULLS FIRST, id""")
                .param("run", runId).query(rows).list();
    }

    /** The findings of several runs (e.g. a job's), worst first, by run. */
    public Map<Long, List<FindingRow>> ofRuns(Collection<Long> runIds) {
        Map<Long, List<FindingRow>> byRun = new LinkedHashMap<>();
        if (runIds.isEmpty()) {
            return byRun;
        }
        jdbc.sql("""
                        SELECT * FROM run_findings WHERE run_id IN (:runs)
                         ORDER BY run_id, CASE severity WHEN 'CRITICAL' THEN 0 WHEN 'WARNING' THEN 1 ELSE 2 END,
                                  level_index NULLS FIRST, at NULLS FIRST, id""")
                .param("runs", runIds).query(rows).list()
                .forEach(row -> byRun.computeIfAbsent(row.runId(), id -> new java.util.ArrayList<>()).add(row));
        return byRun;
    }

    /**
     * How many findings of each severity a job's own runs have (every severity present, 0 when none):
     * the baseline's fresh runs of a paired job ran another build, and are not counted.
     */
    public Map<Severity, Long> countsOfJob(long jobId) {
        Map<Severity, Long> counts = zeros();
        jdbc.sql("""
                        SELECT f.severity, count(*) FROM run_findings f JOIN runs r ON r.id = f.run_id
                         WHERE r.job_id = :job AND r.side = 'JOB' GROUP BY f.severity""")
                .param("job", jobId)
                .query((rs, n) -> Map.entry(Severity.valueOf(rs.getString(1)), rs.getLong(2))).list()
                .forEach(e -> counts.put(e.getKey(), e.getValue()));
        return counts;
    }

    /**
     * How many findings of each severity each job's own runs have, for a page of jobs in one grouped
     * statement (every job and severity present, 0 when none).
     */
    public Map<Long, Map<Severity, Long>> countsOfJobs(Collection<Long> jobIds) {
        Map<Long, Map<Severity, Long>> counts = new LinkedHashMap<>();
        jobIds.forEach(id -> counts.put(id, zeros()));
        if (jobIds.isEmpty()) {
            return counts;
        }
        jdbc.sql("""
                        SELECT r.job_id, f.severity, count(*) FROM run_findings f JOIN runs r ON r.id = f.run_id
                         WHERE r.job_id IN (:jobs) AND r.side = 'JOB' GROUP BY r.job_id, f.severity""")
                .param("jobs", jobIds)
                .query((RowCallbackHandler) rs -> counts.computeIfAbsent(rs.getLong(1), id -> zeros())
                        .put(Severity.valueOf(rs.getString(2)), rs.getLong(3)));
        return counts;
    }

    /** How many findings of each severity each level of a run has (levels without findings and run-wide ones left out). */
    public Map<Integer, Map<Severity, Long>> countsByLevel(long runId) {
        Map<Integer, Map<Severity, Long>> counts = new java.util.TreeMap<>();
        jdbc.sql("""
                        SELECT level_index, severity, count(*) FROM run_findings
                         WHERE run_id = :run AND level_index IS NOT NULL GROUP BY level_index, severity""")
                .param("run", runId)
                .query((RowCallbackHandler) rs -> counts.computeIfAbsent(rs.getInt(1), level -> zeros())
                        .put(Severity.valueOf(rs.getString(2)), rs.getLong(3)));
        return counts;
    }

    private static Map<Severity, Long> zeros() {
        Map<Severity, Long> counts = new EnumMap<>(Severity.class);
        for (Severity severity : Severity.values()) {
            counts.put(severity, 0L);
        }
        return counts;
    }

    /** Deletes the findings of a run's attempt that is given up. */
    public int deleteOfRun(long runId) {
        return jdbc.sql("DELETE FROM run_findings WHERE run_id = :run").param("run", runId).update();
    }
}
