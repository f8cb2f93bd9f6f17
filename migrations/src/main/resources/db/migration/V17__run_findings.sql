-- What the platform explains about a run (docs/findings.md): one row per finding, of a level or of
-- the whole run (level_index NULL), with its sentence, its evidence and advice. The code is the
-- catalogue's wire code (no CHECK: the catalogue grows in code, GET /api/v1/catalog/findings).
CREATE TABLE run_findings (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    run_id      BIGINT      NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    level_index INTEGER CHECK (level_index >= 0),
    level       INTEGER,
    code        VARCHAR(64) NOT NULL,
    severity    VARCHAR(16) NOT NULL CHECK (severity IN ('CRITICAL', 'WARNING', 'INFO')),
    at          TIMESTAMPTZ,
    summary     TEXT        NOT NULL,
    evidence    JSONB       NOT NULL,
    advice      TEXT        NOT NULL,
    CHECK ((level_index IS NULL) = (level IS NULL))
);
CREATE INDEX run_findings_run ON run_findings (run_id);
