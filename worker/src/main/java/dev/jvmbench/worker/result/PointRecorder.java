package dev.jvmbench.worker.result;

import dev.jvmbench.worker.database.DatabaseWrites;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes points and raw artifacts. A write is idempotent (a point is keyed by run and level,
 * an artifact by run and name), so a write retried after a lost connection never duplicates:
 * writes are retried with backoff for about a minute while the database is unreachable
 * ({@link dev.jvmbench.worker.database.DatabaseWrites}).
 */
@Component
public class PointRecorder implements ResultSink {

    private final JdbcClient jdbc;
    private final JsonMapper json;

    private final DatabaseWrites writes;

    PointRecorder(JdbcClient jdbc, JsonMapper json, DatabaseWrites writes) {
        this.jdbc = jdbc;
        this.writes = writes;
        this.json = json;
    }

    @Override
    public void insert(Point p) {
        writes.retrying("point " + p.levelIndex() + " of run " + p.runId(), () -> jdbc.sql("""
                INSERT INTO result_points (run_id, level_index, level, measured_seconds, requests, successes, errors,
                    error_rate, errors_by_cause, throughput_rps, latency_p50_ms, latency_p95_ms, latency_p99_ms,
                    latency_max_ms, cpu_ms_per_request, cpu_percent_of_limit, cpu_throttled_periods, cpu_throttled_ms,
                    memory_mean_mb, memory_peak_mb, memory_per_request_mb, context_switches_per_request,
                    vt_pinned_events, vt_mounted_mean, vt_queued_mean, carrier_parallelism, platform_threads_peak,
                    live_threads_peak, scrape_success_share, loadgen_cpu_percent, loadgen_saturated,
                    offered_rate_reached, theoretical_ceiling_rps, ceiling_share, nofile_limit, flags)
                VALUES (:runId, :levelIndex, :level, :measuredSeconds, :requests, :successes, :errors,
                    :errorRate, CAST(:errorsByCause AS jsonb), :throughput, :p50, :p95, :p99,
                    :max, :cpuMs, :cpuPercent, :throttledPeriods, :throttledMs,
                    :memMean, :memPeak, :memPerRequest, :ctxPerRequest,
                    :pinned, :mounted, :queued, :parallelism, :platformPeak,
                    :livePeak, :scrape, :loadgenCpu, :saturated,
                    :offeredReached, :ceiling, :ceilingShare, :nofile, CAST(:flags AS varchar[]))
                ON CONFLICT (run_id, level_index) DO NOTHING
                """)
                .param("runId", p.runId()).param("levelIndex", p.levelIndex()).param("level", p.level())
                .param("measuredSeconds", p.measuredSeconds()).param("requests", p.requests())
                .param("successes", p.successes()).param("errors", p.errors()).param("errorRate", p.errorRate())
                .param("errorsByCause", json.writeValueAsString(p.errorsByCause()))
                .param("throughput", p.throughputRps()).param("p50", p.latencyP50Ms()).param("p95", p.latencyP95Ms())
                .param("p99", p.latencyP99Ms()).param("max", p.latencyMaxMs()).param("cpuMs", p.cpuMsPerRequest())
                .param("cpuPercent", p.cpuPercentOfLimit()).param("throttledPeriods", p.cpuThrottledPeriods())
                .param("throttledMs", p.cpuThrottledMs()).param("memMean", p.memoryMeanMb())
                .param("memPeak", p.memoryPeakMb()).param("memPerRequest", p.memoryPerRequestMb())
                .param("ctxPerRequest", p.contextSwitchesPerRequest()).param("pinned", p.vtPinnedEvents())
                .param("mounted", p.vtMountedMean()).param("queued", p.vtQueuedMean())
                .param("parallelism", p.carrierParallelism()).param("platformPeak", p.platformThreadsPeak())
                .param("livePeak", p.liveThreadsPeak()).param("scrape", p.scrapeSuccessShare())
                .param("loadgenCpu", p.loadgenCpuPercent()).param("saturated", p.loadgenSaturated())
                .param("offeredReached", p.offeredRateReached()).param("ceiling", p.theoreticalCeilingRps())
                .param("ceilingShare", p.ceilingShare()).param("nofile", p.nofileLimit())
                .param("flags", "{" + String.join(",", p.flags()) + "}")
                .update());
    }

    @Override
    public void updateJvm(long runId, int levelIndex, Double gcPauseMsPerSecond, Double heapMeanMb, Long pinnedEvents,
                          String extraFlag) {
        writes.retrying("JVM metrics of point " + levelIndex + " of run " + runId, () -> jdbc.sql("""
                UPDATE result_points SET gc_pause_ms_per_s = :gc, heap_mean_mb = :heap,
                       vt_pinned_events = COALESCE(:pinned, vt_pinned_events),
                       flags = CASE WHEN CAST(:flag AS varchar) IS NULL OR CAST(:flag AS varchar) = ANY(flags) THEN flags
                                    ELSE array_append(flags, CAST(:flag AS varchar)) END
                 WHERE run_id = :run AND level_index = :idx
                """).param("gc", gcPauseMsPerSecond).param("heap", heapMeanMb).param("pinned", pinnedEvents)
                .param("flag", extraFlag).param("run", runId).param("idx", levelIndex).update());
    }

    @Override
    public void flagAll(long runId, String flag) {
        writes.retrying("flag " + flag + " on run " + runId, () -> jdbc.sql("""
                UPDATE result_points SET flags = array_append(flags, CAST(:flag AS varchar))
                 WHERE run_id = :run AND NOT (CAST(:flag AS varchar) = ANY(flags))
                """).param("flag", flag).param("run", runId).update());
    }

    @Override
    public void storeArtifact(long runId, String name, String contentType, byte[] content) {
        writes.retrying("artifact " + name + " of run " + runId, () -> jdbc.sql("""
                INSERT INTO run_artifacts (run_id, name, content_type, size_bytes, content)
                VALUES (:run, :name, :type, :size, :content)
                ON CONFLICT (run_id, name) DO UPDATE SET content = EXCLUDED.content, size_bytes = EXCLUDED.size_bytes,
                       content_type = EXCLUDED.content_type, created_at = now(), pruned_at = NULL
                """).param("run", runId).param("name", name).param("type", contentType).param("size", content.length)
                .param("content", content).update());
    }
}
