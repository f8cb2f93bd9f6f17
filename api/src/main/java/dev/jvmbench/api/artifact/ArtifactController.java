package dev.jvmbench.api.artifact;

import io.swagger.v3.oas.annotations.tags.Tag;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Encoding;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.SchemaProperty;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import dev.jvmbench.api.config.BenchProperties;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "artifacts")
@RequestMapping("/api/v1/artifacts")
class ArtifactController {

    private final ArtifactService artifacts;
    private final long maxFileBytes;

    ArtifactController(ArtifactService artifacts, BenchProperties properties) {
        this.artifacts = artifacts;
        this.maxFileBytes = properties.artifacts().maxSize().toBytes();
    }

    /** 201 for new bytes; 200 with the existing artifact when the same bytes were uploaded before. */
    @Operation(operationId = "uploadArtifact", summary = "Upload an application JAR",
            description = "Multipart part 'file': the bytes of an executable JAR (a zip whose META-INF/MANIFEST.MF names a "
                    + "Main-Class). The bytes are stored once per sha256 whatever they are: the same bytes give the same "
                    + "artifact (200), and the answer says whether they are executable (executable, mainClass) or why not "
                    + "(notExecutableReason). A job can run only an executable artifact (409 otherwise).")
    @ApiResponse(responseCode = "201", description = "Stored", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "200", description = "The same bytes were uploaded before", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "413", description = "Larger than bench.artifacts.max-size", content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @ApiResponse(responseCode = "507", description = "Storing it would take the installation's JARs past bench.artifacts.quota (problem type quota-exceeded); the same bytes as a stored JAR never count twice", content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    // The body as the contract describes it: one part, file; the schema is closed (additionalProperties false)
    @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
            mediaType = MediaType.MULTIPART_FORM_DATA_VALUE,
            schema = @Schema(type = "object", requiredProperties = UploadBody.FILE,
                    additionalProperties = Schema.AdditionalPropertiesValue.FALSE),
            schemaProperties = @SchemaProperty(name = UploadBody.FILE, schema = @Schema(type = "string", format = "binary",
                    description = "The JAR's bytes (application/java-archive or application/octet-stream)")),
            encoding = @Encoding(name = UploadBody.FILE, contentType = "application/java-archive, application/octet-stream")))
    @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<ArtifactView> upload(HttpServletRequest request) throws IOException {
        Path staging = artifacts.stagingFile();
        try {
            UploadBody.FilePart file = UploadBody.read(request, staging, maxFileBytes);
            var stored = artifacts.store(file.contentType(), file.filename(), staging);
            return ResponseEntity.status(stored.created() ? HttpStatus.CREATED : HttpStatus.OK)
                    .location(URI.create("/api/v1/artifacts/" + stored.artifact().id()))
                    .body(stored.artifact());
        } finally {
            Files.deleteIfExists(staging);
        }
    }

    @Operation(operationId = "getArtifact", summary = "An uploaded artifact")
    @GetMapping("/{id}")
    ArtifactView get(@PathVariable long id) {
        return artifacts.get(id);
    }

    @Operation(operationId = "downloadArtifact", summary = "The uploaded JAR itself", description = "Checked against its sha256 before it is sent (header Repr-Digest, RFC 9530, carries it).")
    @ApiResponse(responseCode = "200", description = "The JAR", content = @Content(mediaType = "application/java-archive", schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "409", description = "The stored file no longer matches its sha256 (problem type artifact-corrupt); upload the same JAR again to repair it", content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
    @GetMapping(value = "/{id}/content", produces = "application/java-archive")
    ResponseEntity<Resource> content(@PathVariable long id) {
        var verified = artifacts.content(id);
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType("application/java-archive"))
                .contentLength(verified.artifact().sizeBytes())
                .header("Repr-Digest", "sha-256=:" + java.util.Base64.getEncoder()
                        .encodeToString(java.util.HexFormat.of().parseHex(verified.artifact().sha256())) + ":")
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment()
                        .filename(verified.artifact().filename()).build().toString())
                .body(new FileSystemResource(verified.file()));
    }
}
