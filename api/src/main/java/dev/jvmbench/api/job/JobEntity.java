package dev.jvmbench.api.job;

import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.LoadModel;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import org.hibernate.annotations.ColumnTransformer;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A row of jobs. Status changes go through {@link JobRepository} compare-and-set updates only. */
@Entity
@Table(name = "jobs")
class JobEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @Enumerated(EnumType.STRING)
    @Column(updatable = false)
    private JobStatus status;
    @Column(updatable = false)
    private String statusReason;
    private String appRef;
    private Long artifactId;
    private String scenario;
    @Enumerated(EnumType.STRING)
    private LoadModel loadModel;
    @JdbcTypeCode(SqlTypes.ARRAY)
    private Integer[] jdks;
    @JdbcTypeCode(SqlTypes.ARRAY)
    private String[] threadModels;
    // jsonb written from text: the JSON is produced by the API's own mapper, not by Hibernate.
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(write = "?::jsonb")
    private String labels;
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(write = "?::jsonb")
    private String spec;
    private int runsTotal;
    private Long createdBy;
    private Long baselineJobId;
    private String baselineNote;
    @Column(updatable = false)
    private Instant createdAt;
    @Column(updatable = false)
    private Instant startedAt;
    @Column(updatable = false)
    private Instant finishedAt;
    @Version
    private long version;

    protected JobEntity() {
    }

    JobEntity(String appRef, Long artifactId, String scenario, LoadModel loadModel, Integer[] jdks,
              String[] threadModels, String labels, String spec, int runsTotal, Long createdBy, Instant createdAt,
              Long baselineJobId, String baselineNote) {
        this.status = JobStatus.QUEUED;
        this.appRef = appRef;
        this.artifactId = artifactId;
        this.scenario = scenario;
        this.loadModel = loadModel;
        this.jdks = jdks;
        this.threadModels = threadModels;
        this.labels = labels;
        this.spec = spec;
        this.runsTotal = runsTotal;
        this.createdBy = createdBy;
        this.createdAt = createdAt;
        this.baselineJobId = baselineJobId;
        this.baselineNote = baselineNote;
    }

    Long id() {
        return id;
    }

    JobStatus status() {
        return status;
    }

    String statusReason() {
        return statusReason;
    }

    String appRef() {
        return appRef;
    }

    String scenario() {
        return scenario;
    }

    String labels() {
        return labels;
    }

    String spec() {
        return spec;
    }

    int runsTotal() {
        return runsTotal;
    }

    Long baselineJobId() {
        return baselineJobId;
    }

    String baselineNote() {
        return baselineNote;
    }

    Instant createdAt() {
        return createdAt;
    }

    Instant startedAt() {
        return startedAt;
    }

    Instant finishedAt() {
        return finishedAt;
    }
}
