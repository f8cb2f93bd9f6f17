package dev.jvmbench.api.analysis;

import dev.jvmbench.common.job.Gate;
import dev.jvmbench.common.job.JobStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A job's verdict against its baseline, over the gate's metrics at every shared cell and level,
 * confirmed by extra runs of the flagged cells when the job's gate asks for it ({@link Confirmation}).
 */
@Service
public class BaselineVerdicts {

    private final Comparisons comparisons;
    private final StoredResults stored;

    BaselineVerdicts(Comparisons comparisons, StoredResults stored) {
        this.comparisons = comparisons;
        this.stored = stored;
    }

    /**
     * Null verdict while either job runs or when they share no measured cell and level (the note says
     * which). {@code verdict} is the settled one, which the CI gate follows; {@code initialVerdict} that
     * of the planned repetitions alone, before confirmation. {@code confirmation} and {@code checks} are
     * null when the job's gate does not confirm (confirm.extraRepetitions 0, or a job that ended
     * before reaching confirmation).
     */
    public record Outcome(Verdict verdict, int regressions, int improvements, int withinTolerance, int notSteadyLeftOut,
                          String note, Verdict initialVerdict, Confirmation.State confirmation,
                          List<Confirmation.Check> checks, List<Decision.Check> decisions) {

        static Outcome none(String note) {
            return new Outcome(null, 0, 0, 0, 0, note, null, null, null, null);
        }

        /** With the cells' decisions; while pairs are being added the verdict is pending, whatever the rest says. */
        Outcome withDecisions(List<Decision.Check> decisions) {
            if (decisions.stream().anyMatch(d -> d.state() == Decision.State.ADDING_PAIRS)) {
                return new Outcome(null, 0, 0, 0, notSteadyLeftOut, "pending: pairs are being added until the verdict "
                        + "is decided (its interval wholly beyond or within the threshold)", initialVerdict,
                        confirmation == null ? null : Confirmation.State.PENDING, checks, decisions);
            }
            return new Outcome(verdict, regressions, improvements, withinTolerance, notSteadyLeftOut, note,
                    initialVerdict, confirmation, checks, decisions);
        }

        /** The cells whose verdict is still open with room for another pair: what decision pairs are queued for. */
        public List<Decision.Check> growing() {
            return decisions == null ? List.of()
                    : decisions.stream().filter(d -> d.state() == Decision.State.ADDING_PAIRS).toList();
        }

        /** The cells whose flag awaits confirmation: what extra runs are queued for. */
        public List<Confirmation.Check> pending() {
            return checks == null ? List.of()
                    : checks.stream().filter(c -> c.state() == Confirmation.State.PENDING).toList();
        }
    }

    /**
     * As {@link #judgeConfirmed}, with each cell's decision when the job's pairs may grow
     * (gate.maxPairs with a paired baseline; null otherwise).
     */
    @Transactional(readOnly = true)
    public Outcome judge(long jobId, long baselineJobId) {
        var job = stored.job(jobId);
        Outcome outcome = judgeConfirmed(jobId, baselineJobId);
        Gate gate = job.spec().gate() == null ? Gate.DEFAULT : job.spec().gate();
        boolean paired = job.spec().baseline() != null && job.spec().baseline().paired();
        int maxPairs = gate.pairsUpTo(job.spec().repetitions());
        if (!paired || maxPairs <= job.spec().repetitions() || outcome.initialVerdict() == null) {
            return outcome;
        }
        var baseline = stored.job(baselineJobId);
        var results = stored.results(job);
        int deciding = job.decidingRepetitions();
        boolean confirmationRan = results.runs().stream().anyMatch(r -> r.repetition() > deciding);
        boolean canGrow = job.status() == JobStatus.CONFIRMING && !confirmationRan;
        List<Metric> metrics = gate.metrics().stream().map(Metric::fromId).flatMap(java.util.Optional::stream).toList();
        var view = comparisons.compare(Comparisons.Request.againstJob(jobId, baselineJobId, metrics, null),
                results.withRuns(r -> r.repetition() <= deciding), stored.results(baseline));
        List<Decision.Check> decisions = view.comparisons().stream()
                .map(pair -> Decision.check(cell(pair), pair.metrics(), maxPairs, canGrow)).toList();
        return outcome.withDecisions(decisions);
    }

    private Outcome judgeConfirmed(long jobId, long baselineJobId) {
        var job = stored.job(jobId);
        var baseline = stored.findJob(baselineJobId).orElse(null);
        if (baseline == null) {
            return Outcome.none("baseline job " + baselineJobId + " no longer exists");
        }
        boolean confirming = job.status() == JobStatus.CONFIRMING;
        if (!(job.status().isFinal() || confirming) || !baseline.status().isFinal()) {
            return Outcome.none("pending: the verdict is given once both jobs have ended");
        }
        Gate gate = job.spec().gate() == null ? Gate.DEFAULT : job.spec().gate();
        List<Metric> metrics = gate.metrics().stream().map(Metric::fromId).flatMap(java.util.Optional::stream).toList();
        // the repetitions the initial verdict rests on: the planned ones, and the pairs added to decide it
        int planned = job.decidingRepetitions();
        var results = stored.results(job);
        var baselineResults = stored.results(baseline);
        var request = Comparisons.Request.againstJob(jobId, baselineJobId, metrics, null);
        // Extra runs (repetitions past the planned ones) never move the initial verdict: they are judged apart.
        var view = comparisons.compare(request, results.withRuns(r -> r.repetition() <= planned), baselineResults);
        List<Comparisons.Row> rows = view.comparisons().stream().flatMap(p -> p.metrics().stream()).toList();
        if (rows.isEmpty()) {
            return Outcome.none(view.warnings().isEmpty() ? "no cell and level measured in both jobs"
                    : "nothing judged: " + String.join("; ", view.warnings()));
        }
        int leftOut = view.comparisons().stream().mapToInt(Comparisons.Pair::notSteadyLeftOut).sum();
        String note = view.warnings().isEmpty() ? null : String.join("; ", view.warnings());
        boolean hasExtraRuns = results.runs().stream().anyMatch(r -> r.repetition() > planned);
        // A job that ended without extra runs was confirmed only if nothing was flagged (not needed); one
        // that ended flagged without them never reached confirmation (it failed, was cancelled, or its
        // gate was off when it ran), and its verdict stands as measured.
        boolean confirms = gate.confirmRepetitions() > 0 && (confirming || hasExtraRuns
                || job.status() == JobStatus.SUCCEEDED && !Confirmation.flags(view.verdict()));
        if (!confirms) {
            return settle(view.verdict(), view.comparisons().stream().map(Comparisons.Pair::metrics).toList(), leftOut,
                    note, view.verdict(), null, null);
        }
        Map<CellKey, Comparisons.Pair> rechecks = hasExtraRuns
                ? comparisons.compare(request, results.withRuns(r -> r.repetition() > planned), baselineResults)
                        .comparisons().stream().collect(Collectors.toMap(BaselineVerdicts::cell, Function.identity()))
                : Map.of();
        Map<CellKey, Long> extraRuns = results.runs().stream().filter(r -> r.repetition() > planned)
                .collect(Collectors.groupingBy(r -> new CellKey(r.jdk(), r.threadModel()), Collectors.counting()));
        List<Confirmation.Check> checks = new ArrayList<>();
        List<List<Comparisons.Row>> settledRows = new ArrayList<>();
        List<Verdict> settledVerdicts = new ArrayList<>();
        for (Comparisons.Pair pair : view.comparisons()) {
            Comparisons.Pair recheck = rechecks.get(cell(pair));
            Verdict recheckVerdict = recheck == null || recheck.metrics().isEmpty() ? null : recheck.verdict();
            Confirmation.State state = Confirmation.state(pair.verdict(), recheckVerdict, !confirming);
            checks.add(new Confirmation.Check(pair.candidate().jdk(), pair.candidate().threadModel(), pair.verdict(),
                    recheckVerdict, state, extraRuns.getOrDefault(cell(pair), 0L).intValue()));
            settledVerdicts.add(Confirmation.settled(pair.verdict(), recheckVerdict, state));
            // a false alarm counts with the extra runs' rows; two sets of runs that disagree, with none
            settledRows.add(state != Confirmation.State.NOT_CONFIRMED ? pair.metrics()
                    : recheckVerdict != null && !Confirmation.flags(recheckVerdict) ? recheck.metrics() : List.of());
        }
        Confirmation.State overall = Confirmation.overall(checks.stream().map(Confirmation.Check::state).toList());
        if (confirming) {
            String pendingNote = overall == Confirmation.State.PENDING
                    ? "pending: " + view.verdict().wire() + " is being confirmed by extra runs of the flagged cells"
                    : "pending: the verdict is given once the job has ended";
            return new Outcome(null, 0, 0, 0, leftOut, note == null ? pendingNote : pendingNote + "; " + note,
                    view.verdict(), overall, checks, null);
        }
        return settle(Verdict.overall(settledVerdicts), settledRows, leftOut, note, view.verdict(), overall, checks);
    }

    private static Outcome settle(Verdict verdict, List<List<Comparisons.Row>> rowsByPair, int leftOut, String note,
                                  Verdict initial, Confirmation.State confirmation, List<Confirmation.Check> checks) {
        List<Comparisons.Row> rows = rowsByPair.stream().flatMap(List::stream).toList();
        int regressions = (int) rows.stream().filter(r -> r.verdict() == Verdict.REGRESSED).count();
        int improvements = (int) rows.stream().filter(r -> r.verdict() == Verdict.IMPROVED).count();
        int withinTolerance = (int) rows.stream().filter(r -> r.verdict() == Verdict.WITHIN_TOLERANCE).count();
        return new Outcome(verdict, regressions, improvements, withinTolerance, leftOut, note, initial, confirmation, checks,
                null);
    }

    private static CellKey cell(Comparisons.Pair pair) {
        return new CellKey(pair.candidate().jdk(), pair.candidate().threadModel());
    }
}
