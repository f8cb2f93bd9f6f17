-- Idempotency-Key of POST /api/v1/jobs. The key row and the job are written in one transaction,
-- so a crash never leaves a key without its job; request_sha256 tells a retry from a conflict.
CREATE TABLE idempotency_keys (
    idem_key       VARCHAR(255) PRIMARY KEY,
    request_sha256 VARCHAR(64)   NOT NULL,
    job_id         BIGINT       REFERENCES jobs (id) ON DELETE CASCADE,
    created_at     TIMESTAMPTZ  NOT NULL DEFAULT now()
);
