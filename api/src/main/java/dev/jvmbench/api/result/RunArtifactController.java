package dev.jvmbench.api.result;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.store.RunArtifacts;
import dev.jvmbench.common.store.Runs;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Pattern;
import java.time.Instant;
import java.util.List;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** A run's raw artifacts (JFR recording, container logs), kept by the worker. */
@RestController
@Tag(name = "results")
@RequestMapping("/api/v1/runs/{id}/artifacts")
class RunArtifactController {

    private final Runs runs;
    private final RunArtifacts artifacts;

    RunArtifactController(Runs runs, RunArtifacts artifacts) {
        this.runs = runs;
        this.artifacts = artifacts;
    }

    @Operation(operationId = "listRunArtifacts", summary = "The raw artifacts of a run: JFR recording, container logs")
    @GetMapping
    ArtifactList list(@PathVariable long id) {
        requireRun(id);
        return new ArtifactList(artifacts.ofRun(id).stream().map(a -> new RunArtifact(a.name(), a.contentType(),
                a.sizeBytes(), a.createdAt(), "/api/v1/runs/" + id + "/artifacts/" + a.name(), a.prunedAt())).toList());
    }

    @Operation(operationId = "downloadRunArtifact", summary = "Download one raw artifact of a run")
    @ApiResponse(responseCode = "200", description = "OK", content = {
            @Content(mediaType = "application/octet-stream", schema = @Schema(type = "string", format = "byte")),
            @Content(mediaType = "text/plain", schema = @Schema(type = "string", format = "byte"))})
    @ApiResponse(responseCode = "410", description = "Pruned by the retention policy (bench.retention.raw-artifacts; problem type artifact-pruned); the run's points are kept", content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping(value = "/{name}", produces = {MediaType.APPLICATION_OCTET_STREAM_VALUE, MediaType.TEXT_PLAIN_VALUE})
    ResponseEntity<byte[]> download(@PathVariable long id,
                                    @PathVariable @Pattern(regexp = "^[A-Za-z0-9._-]{1,200}$", message = "must be an artifact name") String name) {
        requireRun(id);
        RunArtifacts.Content content = artifacts.content(id, name).orElseThrow(() -> new ApiException(org.springframework.http.HttpStatus.NOT_FOUND, "Not Found",
                        "run " + id + " has no artifact named " + name));
        if (content.prunedAt() != null) {
            throw ApiException.typed(org.springframework.http.HttpStatus.GONE, "artifact-pruned", "Gone", "artifact "
                    + name + " of run " + id + " was pruned at " + content.prunedAt() + " by the retention policy for raw "
                    + "artifacts (bench.retention.raw-artifacts); the run's points and the job's statistics are kept");
        }
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(content.contentType()))
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(name).build().toString())
                .body(content.bytes());
    }

    private void requireRun(long id) {
        if (!runs.exists(id)) {
            throw ApiException.notFound("run", id);
        }
    }

    record ArtifactList(List<RunArtifact> items) {
    }

    /** sizeBytes is the size as stored, also after pruning; prunedAt is set once the content is gone (410). */
    record RunArtifact(String name, String contentType, long sizeBytes, Instant createdAt, String href, Instant prunedAt) {
    }
}
