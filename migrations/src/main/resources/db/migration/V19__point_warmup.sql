-- The warm-up a point's level actually had before its measured window: the fixed warmupSeconds,
-- or what adaptive warm-up took (docs/statistics.md, "Adaptive warm-up"), and whether that ended
-- steady (NULL for a fixed warm-up, FALSE when the maximum or a stop ended it).
ALTER TABLE result_points
    ADD COLUMN warmup_seconds_used INTEGER CHECK (warmup_seconds_used >= 0),
    ADD COLUMN warmup_steady       BOOLEAN;
