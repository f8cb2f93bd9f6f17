package dev.jvmbench.worker.run;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.finding.Diagnosis;
import dev.jvmbench.worker.finding.LevelFacts;
import dev.jvmbench.worker.finding.RunFacts;
import dev.jvmbench.worker.finding.RunObservations;
import dev.jvmbench.worker.result.ResultSink;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The run's findings once it has ended: the levels' own, joined by what only the whole run shows
 * (the recording, the log), settled against each other, given the stacks that carry them (the
 * levels' profiles) and stored in place of the levels' ones.
 * Runs at collect, and at teardown for a run that never got there (its log still explains it).
 */
@Component
class RunDiagnosis {

    private static final Logger log = LoggerFactory.getLogger(RunDiagnosis.class);
    private final ResultSink results;
    private final WorkerProperties properties;

    RunDiagnosis(ResultSink results, WorkerProperties properties) {
        this.results = results;
        this.properties = properties;
    }

    /** Never throws: a run is not failed for want of an explanation. */
    void settle(RunContext ctx, RunObservations seen) {
        try {
            List<LevelFacts> levels = ctx.measured().stream().map(MeasuredLevel::facts).toList();
            List<Finding> all = new ArrayList<>();
            ctx.measured().forEach(level -> all.addAll(level.findings()));
            RunFacts run = Evidence.run(ctx, properties.nofileLimit());
            all.addAll(Diagnosis.ofRun(run, levels, seen));
            List<Finding> settled = Diagnosis.withStacks(Diagnosis.settle(all), run, seen);
            results.replaceRunFindings(ctx.run.runId(), settled);
            if (!settled.isEmpty()) {
                log.info("{}: findings {}", ctx.run.label(), settled.stream()
                        .map(f -> f.code().code() + (f.level() == null ? "" : "@" + f.level())).toList());
            }
        } catch (RuntimeException e) {
            log.warn("{}: the run's findings could not be settled: {}", ctx.run.label(), e.toString());
        }
    }
}
