-- The job a job is judged against, resolved once at submission (a given id, or the latest
-- successful job matching the spec's baseline labels with the same app and scenario), so the
-- verdict does not move when newer jobs arrive. baseline_note says why there is none when the
-- spec asked for one and nothing matched.
ALTER TABLE jobs
    ADD COLUMN baseline_job_id BIGINT REFERENCES jobs (id) ON DELETE SET NULL,
    ADD COLUMN baseline_note   VARCHAR(1000),
    ADD CONSTRAINT jobs_baseline_not_self CHECK (baseline_job_id IS NULL OR baseline_job_id <> id);

CREATE INDEX jobs_baseline_idx ON jobs (baseline_job_id) WHERE baseline_job_id IS NOT NULL;
-- Baseline lookup by labels: latest SUCCEEDED job of one app and scenario.
CREATE INDEX jobs_app_scenario_status_idx ON jobs (app_ref, scenario, status, finished_at DESC);
