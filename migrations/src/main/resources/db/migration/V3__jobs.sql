-- A job is one submitted benchmark matrix. The full normalised request is kept as jsonb (spec);
-- the columns next to it are the parts that list filters and the worker need.
CREATE TABLE jobs (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    status        VARCHAR(20)  NOT NULL
                  CHECK (status IN ('QUEUED', 'RUNNING', 'CANCEL_REQUESTED', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
    status_reason VARCHAR(2000),
    app_ref       VARCHAR(600) NOT NULL,
    artifact_id   BIGINT REFERENCES artifacts (id),
    scenario      VARCHAR(64)  NOT NULL,
    load_model    VARCHAR(10)  NOT NULL CHECK (load_model IN ('CLOSED', 'OPEN')),
    jdks          INTEGER[]    NOT NULL,
    thread_models VARCHAR(10)[] NOT NULL,
    labels        JSONB        NOT NULL DEFAULT '{}'::jsonb,
    spec          JSONB        NOT NULL,
    runs_total    INTEGER      NOT NULL CHECK (runs_total > 0),
    created_by    BIGINT REFERENCES api_tokens (id),
    created_at    TIMESTAMPTZ  NOT NULL DEFAULT now(),
    started_at    TIMESTAMPTZ,
    finished_at   TIMESTAMPTZ,
    version       BIGINT       NOT NULL DEFAULT 0
);

-- List order is (created_at DESC, id DESC): stable even when two jobs share a timestamp.
CREATE INDEX jobs_created_idx       ON jobs (created_at DESC, id DESC);
CREATE INDEX jobs_status_idx        ON jobs (status, created_at DESC);
CREATE INDEX jobs_app_idx           ON jobs (app_ref, created_at DESC);
CREATE INDEX jobs_scenario_idx      ON jobs (scenario, created_at DESC);
CREATE INDEX jobs_labels_idx        ON jobs USING GIN (labels jsonb_path_ops);
CREATE INDEX jobs_jdks_idx          ON jobs USING GIN (jdks);
CREATE INDEX jobs_thread_models_idx ON jobs USING GIN (thread_models);
