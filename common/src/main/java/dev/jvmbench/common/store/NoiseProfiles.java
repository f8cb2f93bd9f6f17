package dev.jvmbench.common.store;

import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner of the table noise_profiles: the api writes one row per calibration and reads the
 * newest, for the repetitions a comparison's job ran with. Methods take part in the caller's transaction.
 */
public class NoiseProfiles {

    private static final Set<String> GENERATED = Set.of("id");

    private final JdbcClient jdbc;
    private final RecordRows<NoiseProfileRow> rows;
    private final String insert;

    public NoiseProfiles(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.rows = new RecordRows<>(NoiseProfileRow.class, json);
        this.insert = "INSERT INTO noise_profiles (" + rows.columns(GENERATED) + ") VALUES (" + rows.values(GENERATED)
                + ") RETURNING id";
    }

    /** Stores a profile (its id is ignored) and returns the id it got. */
    public long insert(NoiseProfileRow profile) {
        return jdbc.sql(insert).params(rows.params(profile)).query(Long.class).single();
    }

    /** The newest profile. */
    public Optional<NoiseProfileRow> latest() {
        return jdbc.sql("SELECT * FROM noise_profiles ORDER BY created_at DESC, id DESC LIMIT 1")
                .query(rows).optional();
    }

    /** The newest profile measured with this many repetitions per cell. */
    public Optional<NoiseProfileRow> latest(int repetitions) {
        return jdbc.sql("SELECT * FROM noise_profiles WHERE repetitions = :repetitions ORDER BY created_at DESC, id DESC LIMIT 1")
                .param("repetitions", repetitions).query(rows).optional();
    }

    /** The newest profile of this many repetitions (pairs, when paired) measured for one way of comparing. */
    public Optional<NoiseProfileRow> latest(int repetitions, dev.jvmbench.common.job.BaselineMode mode) {
        return jdbc.sql("SELECT * FROM noise_profiles WHERE repetitions = :repetitions AND mode = :mode"
                        + " ORDER BY created_at DESC, id DESC LIMIT 1")
                .param("repetitions", repetitions).param("mode", mode.name()).query(rows).optional();
    }
}
