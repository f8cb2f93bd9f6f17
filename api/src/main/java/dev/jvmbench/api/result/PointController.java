package dev.jvmbench.api.result;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.store.ResultPoints;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "results")
@RequestMapping("/api/v1/runs")
class PointController {

    private final ResultPoints points;

    PointController(ResultPoints points) {
        this.points = points;
    }

    /** One statement: the run's job and its points. */
    @Operation(operationId = "listPoints", summary = "The result points of a run, one per load level")
    @GetMapping("/{id}/points")
    PointList points(@PathVariable long id) {
        ResultPoints.OfRun found = points.ofRun(id).orElseThrow(() -> ApiException.notFound("run", id));
        return new PointList(id, found.jobId(), found.points().stream().map(PointView::of).toList());
    }

    record PointList(long runId, long jobId, List<PointView> items) {
    }
}
