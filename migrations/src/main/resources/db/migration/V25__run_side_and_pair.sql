-- Paired baselines (issue 20, docs/statistics.md "Paired baselines"): a job whose baseline can be run
-- again runs the baseline's cells again beside its own, as pairs. side says whose spec a run executes:
-- JOB (the job's own) or BASELINE (the baseline job's app and spec, measured fresh for this job; the
-- run and its points belong to this job, never to the baseline job). pair numbers the pair a run
-- belongs to within its cell (both runs of a pair share it; NULL: a run of no pair).
ALTER TABLE runs ADD COLUMN side VARCHAR(10) NOT NULL DEFAULT 'JOB' CHECK (side IN ('JOB', 'BASELINE'));
ALTER TABLE runs ADD COLUMN pair INTEGER CHECK (pair >= 1);
ALTER TABLE runs DROP CONSTRAINT runs_job_id_jdk_thread_model_repetition_key;
ALTER TABLE runs ADD CONSTRAINT runs_job_side_cell_repetition_key UNIQUE (job_id, side, jdk, thread_model, repetition);
