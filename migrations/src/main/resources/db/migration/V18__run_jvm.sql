-- What the app's JVM saw, per run (docs/findings.md, "What the JVM saw"): read from its JFR
-- recording once the run ends. recording says how much of it could be read: complete, partial (the
-- chunks of a JVM that ran out of memory or was killed), or lost (nothing readable: facts NULL).
CREATE TABLE run_jvm (
    run_id    BIGINT      PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    recording VARCHAR(16) NOT NULL CHECK (recording IN ('COMPLETE', 'PARTIAL', 'LOST')),
    facts     JSONB
);
