package dev.jvmbench.api.result;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.series.SeriesPhase;
import dev.jvmbench.common.store.Jobs;
import dev.jvmbench.common.store.PointSeriesStore;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.store.Runs;
import dev.jvmbench.common.store.SeriesRow;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The per-second series of a run's levels, columnar as stored (docs/metrics.md, "Per-second
 * series"): a chart draws a column as it is, and second i of a window is index i of every column.
 */
@RestController
@Tag(name = "results")
@RequestMapping("/api/v1/runs")
class SeriesController {

    private final Runs runs;
    private final Jobs jobs;
    private final PointSeriesStore series;

    SeriesController(Runs runs, Jobs jobs, PointSeriesStore series) {
        this.runs = runs;
        this.jobs = jobs;
        this.series = series;
    }

    @Operation(operationId = "listRunSeries", summary = "Every level's warm-up and measured window, second by second",
            description = "One entry per level the run measured, in level order, with the level (users for the closed model, "
                    + "an arrival rate for the open one). Each window's columns are by metric id (throughputRps, startedRps, "
                    + "errors, errors.<cause>, latencyP50Ms, latencyP95Ms, latencyP99Ms, latencyMaxMs, inFlight from the load "
                    + "generator; cpuPercentOfLimit, cpuThrottledMs, memoryMb, osThreads, openFds, closeWait, heapUsedMb, "
                    + "gcPauseMs, scrapeAnswered, jitCpuMs (CPU of the JVM's JIT compiler threads in the second) from the "
                    + "app's container and JVM when measured): value i covers the second "
                    + "[startMs + i s, startMs + (i + 1) s), null when that second has none. A metric not measured has no "
                    + "column. Findings' moments (at) fall on the same clock.")
    @GetMapping("/{id}/series")
    SeriesList series(@PathVariable long id) {
        RunRow run = runs.find(id).orElseThrow(() -> ApiException.notFound("run", id));
        LoadProfile load = jobs.find(run.jobId()).map(job -> job.spec().load()).orElse(null);
        Map<Integer, LevelSeries> levels = new TreeMap<>();
        for (SeriesRow row : series.ofRun(id)) {
            LevelSeries level = levels.computeIfAbsent(row.levelIndex(),
                    index -> new LevelSeries(index, levelOf(load, index), null, null));
            Window window = Window.of(row);
            levels.put(row.levelIndex(), row.phase() == SeriesPhase.WARMUP
                    ? new LevelSeries(level.levelIndex(), level.level(), window, level.measured())
                    : new LevelSeries(level.levelIndex(), level.level(), level.warmup(), window));
        }
        return new SeriesList(id, run.jobId(), load == null ? null : load.model(), new ArrayList<>(levels.values()));
    }

    private static Integer levelOf(LoadProfile load, int index) {
        return load == null || load.levels() == null || index >= load.levels().size() ? null : load.levels().get(index);
    }

    @Schema(name = "RunSeries")
    record SeriesList(long runId, long jobId,
                      @Schema(description = "closed: a level is a number of users; open: an arrival rate in requests per second")
                      LoadModel loadModel, List<LevelSeries> levels) {
    }

    @Schema(name = "LevelSeries")
    record LevelSeries(int levelIndex,
                       @Schema(description = "Users (closed model) or requests per second (open model)") Integer level,
                       @Schema(description = "The level's warm-up, just before its measured window; absent without a warm-up")
                       Window warmup,
                       @Schema(description = "The measured window: the seconds the level's point is computed from")
                       Window measured) {
    }

    @Schema(name = "SeriesWindow")
    record Window(@Schema(description = "Epoch milliseconds at which the window's first second starts") long startMs,
                  Instant start,
                  @Schema(description = "Seconds in the window: the length of every column") int seconds,
                  @Schema(description = "One column per metric id, one value (or null) per second")
                  Map<String, List<Double>> metrics) {

        static Window of(SeriesRow row) {
            return new Window(row.startMs(), Instant.ofEpochMilli(row.startMs()), row.seconds(), row.metrics());
        }
    }
}
