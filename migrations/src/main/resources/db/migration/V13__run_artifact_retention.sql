-- Retention of raw run artifacts: a pruned artifact keeps its row (name, type, original size)
-- with its content emptied and pruned_at set, so its listing says it was pruned and a download
-- answers 410 Gone rather than 404. Points and summaries are never pruned.
ALTER TABLE run_artifacts ADD COLUMN pruned_at TIMESTAMPTZ;

-- The pruner's scan: the not-yet-pruned artifacts by age.
CREATE INDEX run_artifacts_unpruned_idx ON run_artifacts (created_at) WHERE pruned_at IS NULL;
