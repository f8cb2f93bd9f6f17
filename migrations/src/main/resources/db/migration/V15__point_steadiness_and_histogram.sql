-- Whether a point's measured window was steady (docs/statistics.md, "Steadiness"): the verdict of
-- the trend test of its per-second throughput (latency for an open model), with the drift over the
-- window and its 95% interval. And the latency distribution of the window: an HdrHistogram in its
-- compressed V2 encoding, base64 (docs/metrics.md), so repetitions can be merged.
ALTER TABLE result_points
    ADD COLUMN steadiness            VARCHAR(16) CHECK (steadiness IN ('STEADY', 'NOT_STEADY', 'UNDETERMINED')),
    ADD COLUMN steadiness_drift      DOUBLE PRECISION,
    ADD COLUMN steadiness_drift_low  DOUBLE PRECISION,
    ADD COLUMN steadiness_drift_high DOUBLE PRECISION,
    ADD COLUMN latency_histogram     TEXT;
