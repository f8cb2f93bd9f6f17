-- The per-second series of a level (docs/metrics.md, "Per-second series"): one row per level and
-- phase (its warm-up, its measured window), columns by metric id in a jsonb object of arrays (metrics). The
-- worker writes the generator's and the probes' columns when the level ends, and adds the JVM's
-- (heap, GC) once the recording is read.
CREATE TABLE point_series (
    run_id      BIGINT      NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    level_index INTEGER     NOT NULL CHECK (level_index >= 0),
    phase       VARCHAR(16) NOT NULL CHECK (phase IN ('WARMUP', 'MEASURED')),
    start_ms    BIGINT      NOT NULL,
    seconds     INTEGER     NOT NULL CHECK (seconds >= 0),
    metrics     JSONB       NOT NULL,
    PRIMARY KEY (run_id, level_index, phase)
);
