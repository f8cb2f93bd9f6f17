-- How fast the app's own cores ran in a level's measured window (docs/metrics.md, "Core speed"):
-- the median of the core-speed probe's per-second rates (steps per CPU-microsecond) and how far its
-- 5-second means moved within the window, in percent of that median. Null: not measured (the app had
-- no cores of its own, the Kubernetes engine, or a point stored before the probe existed).
ALTER TABLE result_points ADD COLUMN core_speed DOUBLE PRECISION;
ALTER TABLE result_points ADD COLUMN core_speed_spread_percent DOUBLE PRECISION;
