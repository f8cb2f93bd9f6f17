-- A job may run without the JFR recording ("recording": "off", to measure what the recording costs):
-- its runs store OFF, with no facts, instead of LOST (nothing went wrong).
ALTER TABLE run_jvm DROP CONSTRAINT run_jvm_recording_check;
ALTER TABLE run_jvm ADD CONSTRAINT run_jvm_recording_check CHECK (recording IN ('COMPLETE', 'PARTIAL', 'LOST', 'OFF'));
