-- Profiles per run, level and kind (docs/metrics.md, "Profiles"): the stacks of the app's JFR
-- recording inside the level's measured window, as collapsed stacks (root;...;leaf value, one a
-- line, the largest first), trimmed (stacks under min_share of the total and past the largest
-- max_stacks are dropped and counted). Written by the worker once the recording is read (a new
-- attempt's replace the run's), read by the api per cell.
CREATE TABLE run_profiles (
    run_id            BIGINT           NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    level_index       INT              NOT NULL,
    level             INT              NOT NULL,
    kind              VARCHAR(16)      NOT NULL CHECK (kind IN ('CPU', 'ALLOC', 'LOCK', 'PINNED')),
    total             BIGINT           NOT NULL,
    events            BIGINT           NOT NULL,
    requests          BIGINT           NOT NULL,
    sampling_period_ns BIGINT,
    stack_count       INT              NOT NULL,
    dropped_stacks    INT              NOT NULL,
    dropped_total     BIGINT           NOT NULL,
    stacks            TEXT             NOT NULL,
    PRIMARY KEY (run_id, level_index, kind)
);
