package dev.jvmbench.api.job;

import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A row of runs: one matrix cell. The api creates runs; workers change them. */
@Entity
@Table(name = "runs")
class RunEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private Long jobId;
    private int seq;
    private int jdk;
    @Enumerated(EnumType.STRING)
    private ThreadModel threadModel;
    private int repetition;
    @Enumerated(EnumType.STRING)
    @Column(updatable = false)
    private RunStatus status;
    @Column(insertable = false, updatable = false)
    private String failureReason;
    @Column(insertable = false, updatable = false)
    private String currentStep;
    @Column(insertable = false, updatable = false)
    private Integer currentLevel;
    @Column(insertable = false, updatable = false)
    private String workerId;
    @Column(insertable = false, updatable = false)
    private int attempt;
    @Column(insertable = false, updatable = false)
    private Instant startedAt;
    @Column(insertable = false, updatable = false)
    private Instant finishedAt;

    protected RunEntity() {
    }

    RunEntity(Long jobId, int seq, int jdk, ThreadModel threadModel, int repetition) {
        this.jobId = jobId;
        this.seq = seq;
        this.jdk = jdk;
        this.threadModel = threadModel;
        this.repetition = repetition;
        this.status = RunStatus.QUEUED;
    }

    Long id() {
        return id;
    }

    Long jobId() {
        return jobId;
    }

    int seq() {
        return seq;
    }

    int jdk() {
        return jdk;
    }

    ThreadModel threadModel() {
        return threadModel;
    }

    int repetition() {
        return repetition;
    }

    RunStatus status() {
        return status;
    }

    String failureReason() {
        return failureReason;
    }

    String currentStep() {
        return currentStep;
    }

    Integer currentLevel() {
        return currentLevel;
    }

    String workerId() {
        return workerId;
    }

    int attempt() {
        return attempt;
    }

    Instant startedAt() {
        return startedAt;
    }

    Instant finishedAt() {
        return finishedAt;
    }
}
