package dev.jvmbench.api.result;

import io.swagger.v3.oas.annotations.tags.Tag;
import io.swagger.v3.oas.annotations.Operation;
import dev.jvmbench.api.problem.ApiException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

@RestController
@Tag(name = "results")
@RequestMapping("/api/v1/runs")
class PointController {

    private static final TypeReference<Map<String, Long>> COUNTS = new TypeReference<>() {
    };
    private final ResultPointRepository points;
    private final JdbcClient jdbc;
    private final JsonMapper json;

    PointController(ResultPointRepository points, JdbcClient jdbc, JsonMapper json) {
        this.points = points;
        this.jdbc = jdbc;
        this.json = json;
    }

    @Operation(operationId = "listPoints", summary = "The result points of a run, one per load level")
    @GetMapping("/{id}/points")
    @Transactional(readOnly = true)
    PointList points(@PathVariable long id) {
        Long jobId = jdbc.sql("SELECT job_id FROM runs WHERE id = :id").param("id", id).query(Long.class)
                .optional().orElseThrow(() -> ApiException.notFound("run", id));
        return new PointList(id, jobId, points.findByRunIdOrderByLevelIndex(id).stream().map(this::view).toList());
    }

    record PointList(long runId, long jobId, List<PointView> items) {
    }

    private PointView view(ResultPointEntity p) {
        return new PointView(p.id, p.runId, p.levelIndex, p.level, p.measuredSeconds, p.requests, p.successes,
                p.errors, p.errorRate, p.errorsByCause == null ? Map.of() : json.readValue(p.errorsByCause, COUNTS),
                p.throughputRps,
                new PointView.Latency(p.latencyP50Ms, p.latencyP95Ms, p.latencyP99Ms, p.latencyMaxMs),
                new PointView.Cpu(p.cpuMsPerRequest, p.cpuPercentOfLimit, p.cpuThrottledPeriods, p.cpuThrottledMs),
                new PointView.Memory(p.memoryMeanMb, p.memoryPeakMb, p.memoryPerRequestMb),
                p.contextSwitchesPerRequest,
                new PointView.Jvm(p.gcPauseMsPerS, p.heapMeanMb, p.vtPinnedEvents, p.vtMountedMean, p.vtQueuedMean,
                        p.carrierParallelism, p.platformThreadsPeak, p.liveThreadsPeak),
                new PointView.Monitoring(p.scrapeSuccessShare),
                new PointView.LoadGenerator(p.loadgenCpuPercent, p.loadgenSaturated, p.offeredRateReached),
                new PointView.Ceiling(p.theoreticalCeilingRps, p.ceilingShare),
                p.nofileLimit, p.flags == null ? List.of() : Arrays.asList(p.flags), p.createdAt);
    }
}
