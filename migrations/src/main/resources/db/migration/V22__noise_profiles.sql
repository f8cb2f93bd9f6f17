-- The host's own noise (docs/statistics.md, "Calibration"): what A/A pairs of identical jobs and one
-- pair with a known injected effect measured on the workers that ran them. One row per calibration;
-- comparisons read the newest one with the repetitions of the job they compare. The per metric and
-- level figures and the injected pair's rows are JSON: they are read and written whole, never queried.
CREATE TABLE noise_profiles (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at  TIMESTAMPTZ NOT NULL,
    repetitions INTEGER     NOT NULL CHECK (repetitions >= 1),
    workers     TEXT[]      NOT NULL,
    job_ids     BIGINT[]    NOT NULL,
    aa_pairs    INTEGER     NOT NULL CHECK (aa_pairs >= 1),
    entries     JSONB       NOT NULL,
    injected    JSONB
);
CREATE INDEX noise_profiles_repetitions ON noise_profiles (repetitions, created_at DESC);
