package dev.jvmbench.common.store;

import dev.jvmbench.common.profile.ProfileKind;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner of the table run_profiles: each run's profiles per level and kind, written by the
 * worker once the run's recording is read (a run's rows are replaced as a whole, so a new attempt
 * leaves none of an earlier one's), read by the api per cell. Methods take part in the caller's
 * transaction.
 */
public class RunProfiles {

    private final JdbcClient jdbc;
    private final RecordRows<ProfileRow> rows;
    private final String insert;

    public RunProfiles(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.rows = new RecordRows<>(ProfileRow.class, json);
        this.insert = "INSERT INTO run_profiles (" + rows.columns(Set.of()) + ") VALUES (" + rows.values(Set.of()) + ")";
    }

    /** Replaces every profile of the run with these (all of the same run). */
    public void replaceOfRun(long runId, List<ProfileRow> profiles) {
        for (ProfileRow profile : profiles) {
            if (profile.runId() != runId) {
                throw new IllegalArgumentException("profile of run " + profile.runId() + " among run " + runId + "'s");
            }
        }
        deleteOfRun(runId);
        for (ProfileRow profile : profiles) {
            jdbc.sql(insert).params(rows.params(profile)).update();
        }
    }

    /** The profiles of one kind of the given runs at one level (by its users or rate), in one statement. */
    public List<ProfileRow> ofRuns(Collection<Long> runIds, int level, ProfileKind kind) {
        if (runIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT * FROM run_profiles WHERE run_id IN (:runs) AND level = :level AND kind = :kind "
                        + "ORDER BY run_id, level_index")
                .param("runs", runIds).param("level", level).param("kind", kind.name())
                .query(rows).list();
    }

    /** Every profile of the given runs (all levels and kinds), in one statement. */
    public List<ProfileRow> allOfRuns(Collection<Long> runIds) {
        if (runIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT * FROM run_profiles WHERE run_id IN (:runs) ORDER BY run_id, level_index, kind")
                .param("runs", runIds).query(rows).list();
    }

    public int deleteOfRun(long runId) {
        return jdbc.sql("DELETE FROM run_profiles WHERE run_id = :run").param("run", runId).update();
    }
}
