-- CONFIRMING: a job whose planned runs have ended while its gate verdict against the baseline is
-- confirmed by extra runs of the flagged cells (docs/statistics.md, "Confirmation before alerting").
-- Extra runs are ordinary runs with repetition numbers past the spec's repetitions.
ALTER TABLE jobs DROP CONSTRAINT jobs_status_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_status_check
    CHECK (status IN ('QUEUED', 'RUNNING', 'CANCEL_REQUESTED', 'CONFIRMING', 'SUCCEEDED', 'FAILED', 'CANCELLED'));
