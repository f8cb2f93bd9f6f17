package dev.jvmbench.api.artifact;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "artifacts")
class ArtifactEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private String sha256;
    private String filename;
    private long sizeBytes;
    private String mainClass;
    private boolean springBoot;
    private String notExecutableReason;
    private String storagePath;
    @Column(updatable = false)
    private Instant createdAt;

    protected ArtifactEntity() {
    }

    ArtifactEntity(String sha256, String filename, long sizeBytes, ArtifactService.Inspection inspection,
                   String storagePath, Instant createdAt) {
        this.sha256 = sha256;
        this.filename = filename;
        this.sizeBytes = sizeBytes;
        this.mainClass = inspection.mainClass();
        this.springBoot = inspection.springBoot();
        this.notExecutableReason = inspection.notExecutableReason();
        this.storagePath = storagePath;
        this.createdAt = createdAt;
    }

    String sha256() {
        return sha256;
    }

    String notExecutableReason() {
        return notExecutableReason;
    }

    String storagePath() {
        return storagePath;
    }

    ArtifactView view() {
        return new ArtifactView(id, sha256, filename, sizeBytes, notExecutableReason == null, mainClass, springBoot,
                notExecutableReason, createdAt);
    }
}
