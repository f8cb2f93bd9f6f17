package dev.jvmbench.api.analysis;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.api.query.StorableText;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.store.JobRow;
import dev.jvmbench.common.store.Jobs;
import io.swagger.v3.oas.annotations.media.Schema;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The change points of a job's history that matter to it (docs/alerts.md): in the worse direction,
 * on one of the job's gate metrics (the standard ones, throughput and p95 latency, when the job
 * gives no gate: its spec then holds the default gate). Computed on read from the history, as
 * GET /api/v1/history/changes finds them, never stored: a change point is a property of the series,
 * and the series grows.
 *
 * <p>The history is the job's app (its name: every build) and scenario, over the jobs carrying
 * some labels: those a caller gives, else the job's baseline selector (baseline.labels, e.g.
 * branch=main: the line of jobs the job is judged against), else none (every job of the app and
 * scenario measured under the same conditions).
 */
@Service
public class JobChangePoints {

    /** The newest jobs of a history searched, as GET /api/v1/history/changes takes by default. */
    public static final int HISTORY_JOBS = 50;

    private final History history;
    private final Jobs jobs;

    JobChangePoints(History history, Jobs jobs) {
        this.history = history;
        this.jobs = jobs;
    }

    @Schema(name = "JobChangePoints", description = "Change points in the worse direction on the job's gate metrics "
            + "that entered at this job (docs/alerts.md), found on read in the history of its app and scenario")
    public record View(
            @Schema(description = "The labels of the history searched: the ones asked for, else the job's baseline "
                    + "selector (baseline.labels), else none (every job of the app and scenario)")
            Map<String, String> labels,
            @Schema(description = "The job's gate metrics (gate.metrics; the default gate's when the job gives none)")
            List<String> metrics,
            ChangePoints.Detection changeDetection,
            @Schema(description = "The change points that entered at this job, worse for their metric, in the order "
                    + "GET /api/v1/history/changes lists them") List<History.SeriesChange> items,
            @Schema(description = "Every change point of that history: GET /api/v1/history/changes with the same "
                    + "filters") String history) {
    }

    /** The labels of a job's history when none are asked for: its baseline selector, else none. */
    public static Map<String, String> defaultLabels(JobSpec spec) {
        return spec.baseline() != null && spec.baseline().bySelector() ? spec.baseline().labels() : Map.of();
    }

    /** The job's gate metrics that history tracks. */
    public static List<String> gateMetrics(JobSpec spec) {
        return spec.gate().metrics().stream().filter(History.metricIds()::contains).distinct().toList();
    }

    /** The key of a change point's series, unique within one history: metric/jdk/threadModel/level. */
    public static String seriesKey(History.SeriesChange change) {
        return change.metric() + "/" + change.jdk() + "/" + change.threadModel().wireName() + "/"
                + (change.level() == null ? "-" : change.level().toString());
    }

    /**
     * GET /api/v1/jobs/{id}/change-points: in the history with {@code labels}, or with the job's default
     * labels when none are given.
     */
    @Transactional(readOnly = true)
    public View atJob(long jobId, Map<String, String> labels) {
        JobRow job = jobs.find(jobId).orElseThrow(() -> ApiException.notFound("job", jobId));
        return atJob(job, labels.isEmpty() ? defaultLabels(job.spec()) : labels);
    }

    /** The worse change points on the job's gate metrics that entered at the job, in the history with {@code labels}. */
    @Transactional(readOnly = true)
    public View atJob(JobRow job, Map<String, String> labels) {
        List<String> metrics = gateMetrics(job.spec());
        List<History.SeriesChange> items = worse(job.appName(), job.scenario(), metrics, labels).stream()
                .filter(c -> c.change().job().id() == job.id()).toList();
        return new View(new TreeMap<>(labels), metrics, ChangePoints.Detection.defaults(), items,
                historyLink(job.appName(), job.scenario(), metrics, labels));
    }

    /**
     * Every change point in the worse direction on these metrics in the history of an app and
     * scenario over the jobs with {@code labels}, newest first: the webhooks pick those that entered
     * at the jobs they look at.
     */
    @Transactional(readOnly = true)
    public List<History.SeriesChange> worse(String app, String scenario, List<String> metrics, Map<String, String> labels) {
        if (metrics.isEmpty() || !StorableText.storable(labels, app, scenario)) {
            return List.of();
        }
        // The history's jobs, as History reads them first: an ended job's runs and points no longer change,
        // so the same jobs give the same change points, and the answer for them is kept (see Computed).
        List<Long> ended = jobs.ended(app, scenario, labels, HISTORY_JOBS).stream().map(JobRow::id).toList();
        Computed key = new Computed(app, scenario, new TreeMap<>(labels), List.copyOf(metrics), ended);
        List<History.SeriesChange> known = computed.get(key);
        if (known != null) {
            return known;
        }
        History.Request request = new History.Request(metrics.getFirst(), app, scenario, null, null, null, null, null,
                labels, HISTORY_JOBS);
        List<History.SeriesChange> worse = history.changes(request, metrics).items().stream()
                .filter(c -> c.change().direction() == ChangePoints.Direction.WORSE).toList();
        computed.put(key, worse);
        return worse;
    }

    /**
     * What a history's change points are a function of: its filters and the ended jobs it holds. A job
     * that has ended changes no more (its runs have ended, their points are written, a final status
     * has no transition), so this is no copy that can go stale: a job ending in the history is another
     * key. Keeping the answer makes a finished job's view cost one query of the history's job ids
     * instead of reading every point of 50 jobs per gate metric (the job list and the load test read
     * job views in numbers).
     */
    record Computed(String app, String scenario, Map<String, String> labels, List<String> metrics, List<Long> jobIds) {
    }

    /** The answers kept, the most recently used first; each is a few change points. */
    static final int COMPUTED_KEPT = 256;
    private final Map<Computed, List<History.SeriesChange>> computed = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Computed, List<History.SeriesChange>> eldest) {
                    return size() > COMPUTED_KEPT;
                }
            });

    /** GET /api/v1/history/changes for these filters, its values encoded. */
    public static String historyLink(String app, String scenario, List<String> metrics, Map<String, String> labels) {
        StringBuilder link = new StringBuilder("/api/v1/history/changes?app=").append(encode(app))
                .append("&scenario=").append(encode(scenario))
                .append("&metric=").append(metrics.stream().map(JobChangePoints::encode).collect(Collectors.joining(",")));
        new TreeMap<>(labels).forEach((key, value) -> link.append("&label=").append(encode(key + "=" + value)));
        return link.toString();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
