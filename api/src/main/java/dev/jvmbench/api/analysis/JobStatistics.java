package dev.jvmbench.api.analysis;

import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.Slo;
import dev.jvmbench.common.job.ThreadModel;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Every metric of a job per cell and level: median, 95% bootstrap interval, run count; capacity under the SLO. */
@Service
public class JobStatistics {

    private final StoredResults stored;

    JobStatistics(StoredResults stored) {
        this.stored = stored;
    }

    @Schema(name = "JobStatistics")
    public record View(long jobId, JobStatus status, LoadModel loadModel, double confidenceLevel, Slo slo,
                       List<MetricInfo> metrics, List<Cell> cells) {
    }

    public record MetricInfo(Metric id, String label, String unit, Metric.Direction direction) {
        static List<MetricInfo> all() {
            return Arrays.stream(Metric.values()).map(m -> new MetricInfo(m, m.label(), m.unit(), m.direction())).toList();
        }
    }

    public record Cell(int jdk, ThreadModel threadModel, int runs, int succeededRuns, List<String> flags,
                       List<CellSamples.ExcludedRun> excludedRuns, CellSamples.Capacity capacity, List<Level> levels) {
    }

    public record Level(int levelIndex, int level, int runs,
                        @io.swagger.v3.oas.annotations.media.Schema(description = "Runs whose window at this level was "
                                + "not steady: counted here, left out of the gate metrics' verdicts unless "
                                + "gate.includeNotSteady")
                        int notSteadyRuns, List<String> flags, Map<String, Estimate> metrics,
                        RunGroups.Split runGroups) {
    }

    @Transactional(readOnly = true)
    public View of(long jobId) {
        return view(stored.results(jobId));
    }

    View view(StoredResults.JobResults results) {
        var job = results.job();
        List<Cell> cells = new ArrayList<>();
        CellSamples.of(results).forEach((key, samples) -> cells.add(cell(samples, job.spec().load().model(),
                job.spec().slo(), job.spec().load().search() != null)));
        return new View(job.id(), job.status(), job.spec().load().model(), Bootstrap.CONFIDENCE, job.spec().slo(),
                MetricInfo.all(), cells);
    }

    private static Cell cell(CellSamples samples, LoadModel model, Slo slo, boolean searched) {
        List<Level> levels = new ArrayList<>();
        for (int level : samples.values.keySet()) {
            Map<String, Estimate> metrics = new LinkedHashMap<>();
            samples.estimates(level).forEach((metric, estimate) -> metrics.put(metric.id(), estimate));
            levels.add(new Level(samples.levelIndex.get(level), level, samples.levelRuns.get(level),
                    samples.notSteady(level), List.copyOf(samples.levelFlags.get(level)), metrics,
                    searched ? null : samples.runGroups(level, model).orElse(null)));
        }
        return new Cell(samples.key.jdk(), samples.key.threadModel(), samples.runs, samples.succeededRuns,
                List.copyOf(samples.flags), List.copyOf(samples.excludedRuns), samples.capacity(model, slo, searched), levels);
    }
}
