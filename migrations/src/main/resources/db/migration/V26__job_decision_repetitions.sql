-- Enough pairs to decide (issue 20, docs/statistics.md): a job with a paired baseline and gate.maxPairs
-- adds pairs of a cell while its verdict is undecided. decision_repetitions is how many repetitions the
-- initial verdict rests on: the planned ones (NULL) or more, as pairs were added; runs numbered past it
-- are confirmation runs, judged apart. Written by the api's Confirmer, read by the worker to know whether
-- the runs that just ended were decision pairs (the api judges again) or confirmation runs (the job ends).
ALTER TABLE jobs ADD COLUMN decision_repetitions INTEGER CHECK (decision_repetitions >= 1);
