package dev.jvmbench.api.finding;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** What the platform explains about a run and a job (docs/findings.md). */
@RestController
@Tag(name = "findings")
class FindingController {

    private final Findings findings;

    FindingController(Findings findings) {
        this.findings = findings;
    }

    @Operation(operationId = "listRunFindings", summary = "What the platform explains about a run, worst first",
            description = "Each finding with its catalogue title (null for a code this api version does not know), its "
                    + "severity and the catalogue's, the level it concerns (null: the whole run), when it was first seen, "
                    + "one sentence with the run's numbers, the evidence by name and advice. Catalogue: "
                    + "GET /api/v1/catalog/findings.")
    @GetMapping("/api/v1/runs/{id}/findings")
    Findings.RunFindingList ofRun(@PathVariable long id) {
        return findings.ofRun(id);
    }

    @Operation(operationId = "listJobFindings", summary = "Every finding of a job's runs and the job-wide ones, worst first",
            description = "A run's finding carries the run's id, JDK, thread model and repetition. Job-wide findings are "
                    + "computed on read from several runs and carry none of them (e.g. pinning-fixed-by-jep-491: the job "
                    + "pinned virtual threads on JDK 23 or older and not on JDK 24 or newer).")
    @GetMapping("/api/v1/jobs/{id}/findings")
    Findings.JobFindingList ofJob(@PathVariable long id) {
        return findings.ofJob(id);
    }
}
