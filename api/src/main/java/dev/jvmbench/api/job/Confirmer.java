package dev.jvmbench.api.job;

import dev.jvmbench.api.analysis.BaselineVerdicts;
import dev.jvmbench.api.analysis.Confirmation;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.store.JobRow;
import dev.jvmbench.common.store.Jobs;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.store.Runs;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Judges CONFIRMING jobs whose planned runs have ended (docs/statistics.md, "Enough pairs to decide"
 * and "Confirmation before alerting"): with a paired baseline and gate.maxPairs, a cell whose verdict
 * is still open gets one more pair and the job is judged again when it has ended; then a verdict that
 * flags no cell settles the job SUCCEEDED at once, otherwise the flagged cells get their extra runs,
 * interleaved, and the worker ending the last of them settles the job. The verdict is computed here, not in the worker, because the statistics
 * live in the api; every api instance may run this: jobs another instance holds are skipped.
 */
@Service
class Confirmer {

    private static final Logger log = LoggerFactory.getLogger(Confirmer.class);
    private static final int BATCH = 20;
    private final Jobs jobs;
    private final Runs runs;
    private final BaselineVerdicts verdicts;

    Confirmer(Jobs jobs, Runs runs, BaselineVerdicts verdicts) {
        this.jobs = jobs;
        this.runs = runs;
        this.verdicts = verdicts;
    }

    /** One pass; the jobs it moved on (settled, or given extra runs). */
    @Transactional
    public int judge() {
        int moved = 0;
        for (long id : jobs.lockConfirmingToJudge(BATCH)) {
            if (judge(jobs.find(id).orElseThrow())) {
                moved++;
            }
        }
        return moved;
    }

    private boolean judge(JobRow job) {
        Long baselineId = job.baselineJobId();
        if (baselineId != null && jobs.find(baselineId).map(b -> !b.status().isFinal()).orElse(false)) {
            return false; // judged once the baseline has ended too
        }
        List<RunRow> existing = runs.ofJob(job.id());
        int planned = job.decidingRepetitions();
        boolean extrasRan = existing.stream().anyMatch(r -> r.repetition() > planned);
        var outcome = baselineId == null ? null : verdicts.judge(job.id(), baselineId);
        int lastSeq = existing.stream().mapToInt(RunRow::seq).max().orElse(0);
        List<Cell> growing = extrasRan || outcome == null ? List.of()
                : outcome.growing().stream().map(d -> new Cell(d.jdk(), d.threadModel())).toList();
        if (!growing.isEmpty()) {
            // the verdict is still open in these cells: one more pair of each, then judge again
            List<RunRow> pairs = extraRuns(job.id(), growing, planned, lastSeq, 1, true);
            runs.insert(pairs);
            jobs.addDecisionRuns(job.id(), planned + 1, pairs.size());
            log.info("Job {}: verdict open in {} cell(s) after {} pairs, one more pair each", job.id(), growing.size(),
                    planned);
            return true;
        }
        List<Confirmation.Check> pending = outcome == null || extrasRan ? List.of() : outcome.pending();
        if (pending.isEmpty()) {
            // extra runs that all ended: the worker ending the last one settles the job, unless this pass
            // saw them ended first
            String reason = extrasRan ? "confirmation runs ended"
                    : outcome == null || outcome.initialVerdict() == null ? "nothing to confirm"
                    : "verdict " + outcome.initialVerdict().wire() + " needs no confirmation";
            jobs.transition(job.id(), JobStatus.CONFIRMING, JobStatus.SUCCEEDED, reason);
            log.info("Job {} ended SUCCEEDED: {}", job.id(), reason);
            return true;
        }
        boolean paired = job.spec().baseline() != null && job.spec().baseline().paired();
        List<RunRow> extra = extraRuns(job.id(), pending.stream().map(c -> new Cell(c.jdk(), c.threadModel())).toList(),
                planned, lastSeq, job.spec().gate().confirmRepetitions(), paired);
        runs.insert(extra);
        jobs.addRuns(job.id(), extra.size());
        log.info("Job {}: verdict {} to confirm, {} extra runs queued for {} cell(s)", job.id(),
                outcome.initialVerdict().wire(), extra.size(), pending.size());
        return true;
    }

    /** A cell that gets extra runs: a JDK and a thread model. */
    record Cell(int jdk, ThreadModel threadModel) {
    }

    /**
     * The extra runs (a pair added to decide a verdict is one extra repetition), interleaved like the planned ones: the first extra repetition of every flagged
     * cell, then the second (A B A B), numbered after the planned repetitions and queued after the
     * job's last run. With a paired baseline each extra repetition is a fresh pair (the job's run and
     * the baseline's, in an order drawn per pair): a flag is confirmed by both sides measured again,
     * never by the candidate alone against baseline runs that may have been the disturbed ones.
     */
    static List<RunRow> extraRuns(long jobId, List<Cell> cells, int plannedRepetitions, int lastSeq,
                                  int extraRepetitions, boolean paired) {
        List<RunRow> extra = new ArrayList<>();
        java.util.SplittableRandom order = new java.util.SplittableRandom(0xC0FF_1EL ^ jobId ^ lastSeq);
        int seq = lastSeq;
        for (int repetition = plannedRepetitions + 1; repetition <= plannedRepetitions + extraRepetitions; repetition++) {
            for (Cell cell : cells) {
                if (!paired) {
                    extra.add(RunRow.queued(jobId, ++seq, cell.jdk(), cell.threadModel(), repetition));
                    continue;
                }
                for (RunSide side : order.nextBoolean() ? List.of(RunSide.BASELINE, RunSide.JOB)
                        : List.of(RunSide.JOB, RunSide.BASELINE)) {
                    extra.add(RunRow.queued(jobId, ++seq, cell.jdk(), cell.threadModel(), repetition, side, repetition));
                }
            }
        }
        return extra;
    }
}
