package dev.jvmbench.api.artifact;

import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

@RestController
@RequestMapping("/api/v1/artifacts")
class ArtifactController {

    private final ArtifactService artifacts;

    ArtifactController(ArtifactService artifacts) {
        this.artifacts = artifacts;
    }

    /** 201 for new bytes; 200 with the existing artifact when the same bytes were uploaded before. */
    @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<ArtifactView> upload(@RequestPart("file") MultipartFile file) {
        var stored = artifacts.store(file);
        return ResponseEntity.status(stored.created() ? HttpStatus.CREATED : HttpStatus.OK)
                .location(URI.create("/api/v1/artifacts/" + stored.artifact().id()))
                .body(stored.artifact());
    }

    @GetMapping("/{id}")
    ArtifactView get(@PathVariable long id) {
        return artifacts.get(id);
    }
}
