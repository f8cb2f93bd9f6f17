-- Paired baselines (issue 20, docs/statistics.md "Paired baselines"): a job whose baseline can be run
-- again runs the baseline's cells again beside its own, as pairs. side says whose spec a run executes:
-- JOB (the job's own) or BASELINE (the baseline job's app and spec, measured fresh for this job; the
-- run and its points belong to this job, never to the baseline job). pair numbers the pair a run
-- belongs to within its cell (both runs of a pair share it; NULL: a run of no pair).
ALTER TABLE runs ADD COLUMN side VARCHAR(10) NOT NULL DEFAULT 'JOB' CHECK (side IN ('JOB', 'BASELINE'));
ALTER TABLE runs ADD COLUMN pair INTEGER CHECK (pair >= 1);
-- Where the run's processes ran (docs/metrics.md, "Pinned cores"): e.g. "app on core 1; load generator
-- and upstreams on core 0", or why the app had no cores of its own. Written by the worker as it starts.
ALTER TABLE runs ADD COLUMN placement VARCHAR(500);
-- A noise profile is measured for one way of comparing: stored (the baseline job's own runs) or
-- paired (the baseline measured again in pairs); comparisons read the profile of their own mode.
ALTER TABLE noise_profiles ADD COLUMN mode VARCHAR(10) NOT NULL DEFAULT 'STORED' CHECK (mode IN ('STORED', 'PAIRED'));
ALTER TABLE runs DROP CONSTRAINT runs_job_id_jdk_thread_model_repetition_key;
ALTER TABLE runs ADD CONSTRAINT runs_job_side_cell_repetition_key UNIQUE (job_id, side, jdk, thread_model, repetition);
