-- The app across its builds (issue 20): a CI pipeline uploads a new JAR (a new artifact id) or
-- pushes a new image tag on every commit, so app_ref (the build) differs for every job. app_name
-- ties the builds together: baselines by labels and history series match on it. Jobs stored before
-- names existed are known by their reference, as they were.
ALTER TABLE jobs ADD COLUMN app_name VARCHAR(600);
UPDATE jobs SET app_name = app_ref;
ALTER TABLE jobs ALTER COLUMN app_name SET NOT NULL;
CREATE INDEX jobs_app_name_scenario_status_idx ON jobs (app_name, scenario, status, finished_at DESC);
