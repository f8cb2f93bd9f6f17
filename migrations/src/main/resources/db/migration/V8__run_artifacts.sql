-- Raw artifacts of a run (JFR recording, container logs, load generator results), kept in the
-- database so that api and workers need no shared filesystem; pruned by retention, unlike points.
CREATE TABLE run_artifacts (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    run_id       BIGINT       NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    name         VARCHAR(200) NOT NULL,
    content_type VARCHAR(100) NOT NULL,
    size_bytes   BIGINT       NOT NULL CHECK (size_bytes >= 0),
    content      BYTEA        NOT NULL,
    created_at   TIMESTAMPTZ  NOT NULL DEFAULT now(),
    UNIQUE (run_id, name)
);
