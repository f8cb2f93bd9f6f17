package dev.jvmbench.common.store;

import dev.jvmbench.common.jvm.JvmFacts;
import dev.jvmbench.common.jvm.Recording;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner of the table run_jvm: what each run's JVM saw, written by the worker once the run's
 * recording is read (a second write replaces the first), read by the api. Methods take part in
 * the caller's transaction.
 */
public class RunJvm {

    private final JdbcClient jdbc;
    private final RecordRows<JvmRow> rows;
    private final String upsert;

    public RunJvm(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.rows = new RecordRows<>(JvmRow.class, json);
        this.upsert = "INSERT INTO run_jvm (" + rows.columns(Set.of()) + ") VALUES (" + rows.values(Set.of())
                + ") ON CONFLICT (run_id) DO UPDATE SET recording = EXCLUDED.recording, facts = EXCLUDED.facts";
    }

    public void store(long runId, Recording recording, JvmFacts facts) {
        jdbc.sql(upsert).params(rows.params(new JvmRow(runId, recording, facts))).update();
    }

    public Optional<JvmRow> ofRun(long runId) {
        return jdbc.sql("SELECT * FROM run_jvm WHERE run_id = :run").param("run", runId)
                .query(rows).optional();
    }

    /** What the JVMs of the given runs saw, for those that have a row, in one statement. */
    public List<JvmRow> ofRuns(Collection<Long> runIds) {
        if (runIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT * FROM run_jvm WHERE run_id IN (:runs) ORDER BY run_id").param("runs", runIds)
                .query(rows).list();
    }

    /** Deletes what a given-up attempt's JVM saw. */
    public int deleteOfRun(long runId) {
        return jdbc.sql("DELETE FROM run_jvm WHERE run_id = :run").param("run", runId).update();
    }
}
