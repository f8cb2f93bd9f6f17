package dev.jvmbench.api.result;

import dev.jvmbench.api.finding.FindingCounts;
import dev.jvmbench.api.finding.Findings;
import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.store.ResultPoints;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "results")
@RequestMapping("/api/v1/runs")
class PointController {

    private final ResultPoints points;
    private final Findings findings;

    PointController(ResultPoints points, Findings findings) {
        this.points = points;
        this.findings = findings;
    }

    /** Two statements: the run's job and its points, then its findings counted by level. */
    @Operation(operationId = "listPoints", summary = "The result points of a run, one per load level",
            description = "Each with its steadiness verdict and the count of findings of its level by severity.")
    @GetMapping("/{id}/points")
    PointList points(@PathVariable long id) {
        ResultPoints.OfRun found = points.ofRun(id).orElseThrow(() -> ApiException.notFound("run", id));
        Map<Integer, FindingCounts> counts = found.points().isEmpty() ? Map.of() : findings.countsByLevel(id);
        return new PointList(id, found.jobId(), found.points().stream()
                .map(p -> PointView.of(p, counts.getOrDefault(p.point().levelIndex(), FindingCounts.NONE))).toList());
    }

    record PointList(long runId, long jobId, List<PointView> items) {
    }
}
