package dev.jvmbench.api.result;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.Immutable;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A stored result point, read-only here: workers write points. Metric definitions: docs/metrics.md. */
@Entity
@Immutable
@Table(name = "result_points")
class ResultPointEntity {

    @Id
    Long id;
    Long runId;
    int levelIndex;
    int level;
    double measuredSeconds;
    long requests;
    long successes;
    long errors;
    double errorRate;
    @jakarta.persistence.Column(columnDefinition = "jsonb")
    String errorsByCause;
    double throughputRps;
    Double latencyP50Ms;
    Double latencyP95Ms;
    Double latencyP99Ms;
    Double latencyMaxMs;
    Double cpuMsPerRequest;
    Double cpuPercentOfLimit;
    Long cpuThrottledPeriods;
    Double cpuThrottledMs;
    Double memoryMeanMb;
    Double memoryPeakMb;
    Double memoryPerRequestMb;
    Double contextSwitchesPerRequest;
    @jakarta.persistence.Column(name = "gc_pause_ms_per_s")
    Double gcPauseMsPerS;
    Double heapMeanMb;
    Long vtPinnedEvents;
    Double vtMountedMean;
    Double vtQueuedMean;
    Integer carrierParallelism;
    Integer platformThreadsPeak;
    Integer liveThreadsPeak;
    Double scrapeSuccessShare;
    Double loadgenCpuPercent;
    boolean loadgenSaturated;
    Boolean offeredRateReached;
    Double theoreticalCeilingRps;
    Double ceilingShare;
    Integer nofileLimit;
    @JdbcTypeCode(SqlTypes.ARRAY)
    String[] flags;
    Instant createdAt;

    protected ResultPointEntity() {
    }
}
