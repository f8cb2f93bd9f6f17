package dev.jvmbench.api.analysis;

import dev.jvmbench.common.job.Gate;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** A job's verdict against its baseline, over the gate's metrics at every shared cell and level. */
@Service
public class BaselineVerdicts {

    private final Comparisons comparisons;
    private final StoredResults stored;

    BaselineVerdicts(Comparisons comparisons, StoredResults stored) {
        this.comparisons = comparisons;
        this.stored = stored;
    }

    /** Null verdict while either job runs or when they share no measured cell and level (the note says which). */
    public record Outcome(Verdict verdict, int regressions, int improvements, int withinTolerance, int notSteadyLeftOut,
                          String note) {
    }

    @Transactional(readOnly = true)
    public Outcome judge(long jobId, long baselineJobId) {
        var job = stored.job(jobId);
        var baseline = stored.findJob(baselineJobId).orElse(null);
        if (baseline == null) {
            return new Outcome(null, 0, 0, 0, 0, "baseline job " + baselineJobId + " no longer exists");
        }
        if (!job.status().isFinal() || !baseline.status().isFinal()) {
            return new Outcome(null, 0, 0, 0, 0, "pending: the verdict is given once both jobs have ended");
        }
        Gate gate = job.spec().gate() == null ? Gate.DEFAULT : job.spec().gate();
        List<Metric> metrics = gate.metrics().stream().map(Metric::fromId).flatMap(java.util.Optional::stream).toList();
        var view = comparisons.compare(Comparisons.Request.againstJob(jobId, baselineJobId, metrics, null));
        List<Comparisons.Row> rows = view.comparisons().stream().flatMap(p -> p.metrics().stream()).toList();
        if (rows.isEmpty()) {
            return new Outcome(null, 0, 0, 0, 0, view.warnings().isEmpty() ? "no cell and level measured in both jobs"
                    : "nothing judged: " + String.join("; ", view.warnings()));
        }
        int regressions = (int) rows.stream().filter(r -> r.verdict() == Verdict.REGRESSED).count();
        int improvements = (int) rows.stream().filter(r -> r.verdict() == Verdict.IMPROVED).count();
        int withinTolerance = (int) rows.stream().filter(r -> r.verdict() == Verdict.WITHIN_TOLERANCE).count();
        int leftOut = view.comparisons().stream().mapToInt(Comparisons.Pair::notSteadyLeftOut).sum();
        return new Outcome(view.verdict(), regressions, improvements, withinTolerance, leftOut, view.warnings().isEmpty() ? null
                : String.join("; ", view.warnings()));
    }
}
