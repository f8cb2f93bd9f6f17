-- One run per matrix cell: JDK x thread model x repetition. seq is the execution order inside
-- the job; cells are interleaved (A B A B, not A A B B) so host drift does not bias a comparison.
CREATE TABLE runs (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    job_id         BIGINT      NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    seq            INTEGER     NOT NULL,
    jdk            INTEGER     NOT NULL,
    thread_model   VARCHAR(10) NOT NULL CHECK (thread_model IN ('PLATFORM', 'VIRTUAL', 'WEBFLUX')),
    repetition     INTEGER     NOT NULL CHECK (repetition >= 1),
    status         VARCHAR(20) NOT NULL
                   CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
    failure_reason VARCHAR(2000),
    current_step   VARCHAR(40),
    current_level  INTEGER,
    worker_id      VARCHAR(200),
    attempt        INTEGER     NOT NULL DEFAULT 0,
    heartbeat_at   TIMESTAMPTZ,
    started_at     TIMESTAMPTZ,
    finished_at    TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (job_id, seq),
    UNIQUE (job_id, jdk, thread_model, repetition)
);

CREATE INDEX runs_job_idx    ON runs (job_id, seq);
-- The claim query scans queued runs in job order; a partial index keeps it small.
CREATE INDEX runs_queued_idx ON runs (job_id, seq) WHERE status = 'QUEUED';
CREATE INDEX runs_running_heartbeat_idx ON runs (heartbeat_at) WHERE status = 'RUNNING';
