package dev.jvmbench.api.analysis;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.FrameChanges;
import dev.jvmbench.common.profile.ProfileKind;
import dev.jvmbench.common.store.ProfileRow;
import dev.jvmbench.common.store.RunProfiles;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A cell's profile at one level (docs/metrics.md, "Profiles"): the stored stacks of its succeeded
 * runs of one side merged (values of the same stack add, and so do the runs' requests), then
 * normalised per request so that cells of different throughput compare: CPU in samples per 1000
 * requests (and ms per request through the recording's sampling period), allocation in bytes per
 * request, lock and pinned in blocked ns per request.
 */
@Service
public class CellProfiles {

    /** Frames listed by self and by total in a profile's view. */
    static final int TOP_FRAMES = 20;
    /** Merged stacks listed in a profile's view, the largest first. */
    static final int MAX_STACKS = 1000;

    private final StoredResults stored;
    private final RunProfiles profiles;

    CellProfiles(StoredResults stored, RunProfiles profiles) {
        this.stored = stored;
        this.profiles = profiles;
    }

    /** Which cell, level, kind and side. */
    public record Query(long jobId, int jdk, ThreadModel threadModel, int level, ProfileKind kind, RunSide side) {

        public Query {
            Objects.requireNonNull(threadModel, "threadModel");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(side, "side");
        }

        String cell() {
            return "JDK " + jdk + " " + threadModel.wireName() + (side == RunSide.BASELINE ? " (baseline side)" : "");
        }
    }

    /** One run's part of a merged profile. */
    @Schema(name = "ProfileRun")
    public record RunPart(long runId, int repetition, int levelIndex, long requests,
                          @Schema(description = "The run's value in the window before trimming (samples, bytes or ns)")
                          long total,
                          @Schema(description = "JFR events in the window") long events,
                          @Schema(description = "Stacks trimmed away when stored (under 0.1 % of the total)")
                          int droppedStacks,
                          @Schema(description = "Their value") long droppedTotal,
                          @Schema(description = "CPU: the recording's execution-sample period (ms); null otherwise")
                          Double samplingPeriodMs) {
    }

    /** The merged stacks with what they rest on. */
    public record Merged(Query query, List<RunPart> runs, CollapsedStacks stacks, long requests, long total, long events,
                         Long samplingPeriodNs) {

        /** A raw value (samples, bytes, ns) per request in the kind's unit: CPU per 1000 requests. */
        public double perRequest(long value) {
            if (requests == 0) {
                return 0;
            }
            return query.kind() == ProfileKind.CPU ? value * 1000.0 / requests : (double) value / requests;
        }

        /** CPU samples as ms per request, through the sampling period; null without one or for the other kinds. */
        public Double msPerRequest(long samples) {
            if (query.kind() != ProfileKind.CPU || samplingPeriodNs == null || requests == 0) {
                return null;
            }
            return samples * (double) samplingPeriodNs / 1e6 / requests;
        }

        /** Each frame's self value per request, in ms for CPU when the period is known, else in the kind's unit. */
        public Map<String, Double> selfPerRequest() {
            Map<String, Double> self = new HashMap<>();
            for (CollapsedStacks.FrameWeight frame : stacks.frameWeights()) {
                if (frame.self() > 0) {
                    Double ms = msPerRequest(frame.self());
                    self.put(frame.frame(), ms != null ? ms : perRequest(frame.self()));
                }
            }
            return self;
        }

        long droppedTotal() {
            return runs.stream().mapToLong(RunPart::droppedTotal).sum();
        }
    }

    @Schema(name = "CellProfile")
    public record View(long jobId, int jdk, ThreadModel threadModel, int level, String kind, RunSide side,
                       @Schema(description = "What one unit of a stack's value is: samples (cpu), bytes (alloc), ns (lock, pinned)")
                       String unit,
                       @Schema(description = "The unit of the perRequest figures: samples per 1000 requests (cpu), bytes per "
                               + "request (alloc), ns per request (lock, pinned)")
                       String perRequestUnit,
                       @Schema(description = "Requests of the merged runs' windows at this level") long requests,
                       @Schema(description = "The merged runs' value before trimming") long total,
                       @Schema(description = "total per request (perRequestUnit)") double totalPerRequest,
                       @Schema(description = "CPU: total as ms of sampled CPU per request (samples x period / requests); "
                               + "null for the other kinds or without a period") Double msPerRequest,
                       @Schema(description = "CPU: the recordings' execution-sample period (ms); null otherwise")
                       Double samplingPeriodMs,
                       @Schema(description = "Share of total trimmed away when stored: the stacks below sum to total minus it")
                       double droppedShare,
                       List<RunPart> runs,
                       @Schema(description = "The frames with the most self value (the stacks' leaves), the largest first")
                       List<FrameView> topSelf,
                       @Schema(description = "The frames with the most total value (on the stacks, a recursive frame once)")
                       List<FrameView> topTotal,
                       @Schema(description = "The merged stacks, root first, the largest first (at most 1000)")
                       List<StackView> stacks) {
    }

    @Schema(name = "ProfileFrame")
    public record FrameView(String frame, long self, long total, double selfPerRequest, double totalPerRequest,
                            @Schema(description = "CPU: self as ms per request; null otherwise") Double selfMsPerRequest,
                            @Schema(description = "self / the profile's total") double selfShare,
                            @Schema(description = "total / the profile's total") double totalShare) {
    }

    @Schema(name = "ProfileStack")
    public record StackView(@Schema(description = "Frames root first, separated by ';' (pkg.Class.method)") String stack,
                            long value, double perRequest) {
    }

    /**
     * 404 for an unknown job, a cell (JDK x thread model, on the side) the job did not run, a level
     * none of its runs measured, and a level without a stored profile (measured before profiles were
     * kept, or the recording was lost or did not cover it).
     */
    @Transactional(readOnly = true)
    public Merged merged(Query query) {
        return merged(query, stored.results(query.jobId()));
    }

    /** The merged profile, or empty where {@link #merged} answers 404 (no such cell, level or profile). */
    java.util.Optional<Merged> find(Query query, StoredResults.JobResults results) {
        try {
            return java.util.Optional.of(merged(query, results));
        } catch (ApiException e) {
            if (e.status() == HttpStatus.NOT_FOUND) {
                return java.util.Optional.empty();
            }
            throw e;
        }
    }

    Merged merged(Query query, StoredResults.JobResults results) {
        List<StoredResults.RunFacts> sideRuns = query.side() == RunSide.BASELINE ? results.baselineRuns() : results.runs();
        List<StoredResults.RunFacts> cellRuns = sideRuns.stream()
                .filter(run -> run.jdk() == query.jdk() && run.threadModel() == query.threadModel()).toList();
        if (cellRuns.isEmpty()) {
            throw new ApiException(HttpStatus.NOT_FOUND, "Not Found", "job " + query.jobId() + " has no runs of "
                    + query.cell());
        }
        List<StoredResults.RunFacts> succeeded = cellRuns.stream().filter(run -> run.status() == RunStatus.SUCCEEDED).toList();
        if (succeeded.isEmpty()) {
            throw new ApiException(HttpStatus.NOT_FOUND, "Not Found", "job " + query.jobId() + " has no succeeded run of "
                    + query.cell() + " (yet)");
        }
        Map<Long, StoredResults.RunFacts> byId = new HashMap<>();
        succeeded.forEach(run -> byId.put(run.id(), run));
        TreeSet<Integer> levels = new TreeSet<>();
        results.points().stream().filter(point -> byId.containsKey(point.runId()))
                .forEach(point -> levels.add(point.level()));
        if (!levels.contains(query.level())) {
            throw new ApiException(HttpStatus.NOT_FOUND, "Not Found", query.cell() + " of job " + query.jobId()
                    + " measured no level " + query.level() + " (its levels: " + levels + ")");
        }
        List<ProfileRow> rows = profiles.ofRuns(byId.keySet(), query.level(), query.kind());
        if (rows.isEmpty() && query.side() == RunSide.JOB && !results.job().spec().records()) {
            throw new ApiException(HttpStatus.NOT_FOUND, "Not Found", "no " + query.kind().wireName() + " profile of "
                    + query.cell() + " in job " + query.jobId() + ": the job ran without the JFR recording (\"recording\": "
                    + "\"off\"), which the profiles are read from");
        }
        if (rows.isEmpty()) {
            throw new ApiException(HttpStatus.NOT_FOUND, "Not Found", "no " + query.kind().wireName() + " profile of "
                    + query.cell() + " at level " + query.level() + " in job " + query.jobId() + ": its runs were measured "
                    + "before profiles were kept, or their recording was lost or ended before the level did");
        }
        CollapsedStacks stacks = CollapsedStacks.empty();
        List<RunPart> parts = new ArrayList<>();
        long requests = 0;
        long total = 0;
        long events = 0;
        TreeSet<Long> periods = new TreeSet<>();
        boolean periodMissing = false;
        for (ProfileRow row : rows) {
            stacks = stacks.plus(row.collapsed());
            requests += row.requests();
            total += row.total();
            events += row.events();
            if (row.samplingPeriodNs() == null) {
                periodMissing = true;
            } else {
                periods.add(row.samplingPeriodNs());
            }
            parts.add(new RunPart(row.runId(), byId.get(row.runId()).repetition(), row.levelIndex(), row.requests(),
                    row.total(), row.events(), row.droppedStacks(), row.droppedTotal(),
                    row.samplingPeriodNs() == null ? null : row.samplingPeriodNs() / 1e6));
        }
        // ms per request only when every run sampled at the same, known, period
        Long period = !periodMissing && periods.size() == 1 ? periods.first() : null;
        return new Merged(query, parts, stacks, requests, total, events, period);
    }

    /** The merged profile as JSON. */
    @Transactional(readOnly = true)
    public View view(Query query) {
        return view(merged(query));
    }

    static View view(Merged merged) {
        Query query = merged.query();
        List<CollapsedStacks.FrameWeight> weights = merged.stacks().frameWeights();
        List<FrameView> topSelf = weights.stream().filter(w -> w.self() > 0).limit(TOP_FRAMES)
                .map(w -> frame(merged, w)).toList();
        List<FrameView> topTotal = weights.stream()
                .sorted(java.util.Comparator.comparingLong(CollapsedStacks.FrameWeight::total).reversed()
                        .thenComparing(CollapsedStacks.FrameWeight::frame))
                .limit(TOP_FRAMES).map(w -> frame(merged, w)).toList();
        List<StackView> stackViews = merged.stacks().stacks().entrySet().stream().limit(MAX_STACKS)
                .map(e -> new StackView(e.getKey(), e.getValue(), merged.perRequest(e.getValue()))).toList();
        return new View(query.jobId(), query.jdk(), query.threadModel(), query.level(), query.kind().wireName(),
                query.side(), query.kind().unit(), perRequestUnit(query.kind()), merged.requests(), merged.total(),
                merged.perRequest(merged.total()), merged.msPerRequest(merged.total()),
                merged.samplingPeriodNs() == null ? null : merged.samplingPeriodNs() / 1e6,
                merged.total() == 0 ? 0 : (double) merged.droppedTotal() / merged.total(),
                merged.runs(), topSelf, topTotal, stackViews);
    }

    private static FrameView frame(Merged merged, CollapsedStacks.FrameWeight weight) {
        long total = merged.total();
        return new FrameView(weight.frame(), weight.self(), weight.total(), merged.perRequest(weight.self()),
                merged.perRequest(weight.total()), merged.msPerRequest(weight.self()),
                total == 0 ? 0 : (double) weight.self() / total, total == 0 ? 0 : (double) weight.total() / total);
    }

    static String perRequestUnit(ProfileKind kind) {
        return switch (kind) {
            case CPU -> "samples per 1000 requests";
            case ALLOC -> "bytes per request";
            case LOCK, PINNED -> "ns per request";
        };
    }

    /**
     * The frames whose self value per request changed most from {@code baseline} to {@code
     * candidate}: ms per request for CPU when both sides know their sampling period, else the
     * kind's per-request unit (the changes' unit says which).
     */
    static FrameDiff diff(Merged baseline, Merged candidate, int limit) {
        boolean ms = baseline.query().kind() == ProfileKind.CPU && baseline.samplingPeriodNs() != null
                && candidate.samplingPeriodNs() != null;
        String unit = ms ? "ms per request" : perRequestUnit(baseline.query().kind());
        Map<String, Double> base = baseline.selfPerRequest();
        Map<String, Double> cand = candidate.selfPerRequest();
        double baseTotal = ms ? baseline.msPerRequest(baseline.total()) : baseline.perRequest(baseline.total());
        double candTotal = ms ? candidate.msPerRequest(candidate.total()) : candidate.perRequest(candidate.total());
        // changes under 0.5 % of the larger side's total are noise in the sampling, not findings
        double minDelta = Math.max(baseTotal, candTotal) * 0.005;
        java.util.function.Predicate<FrameChanges.Change> beyondNoise = change -> true;
        if (baseline.query().kind() == ProfileKind.CPU) {
            // Execution samples are counts: a frame's count is Poisson, so its change per request must exceed
            // twice its standard deviation, sqrt(a u_a^2 + b u_b^2) with a, b the sample counts and u the value
            // of one sample per request on each side (value = count x u, so a u^2 = value x u). A profile of a
            // few hundred samples otherwise ranks one-sample differences as "the frames that changed".
            double baseUnit = ms ? baseline.msPerRequest(1) : baseline.perRequest(1);
            double candUnit = ms ? candidate.msPerRequest(1) : candidate.perRequest(1);
            beyondNoise = change -> Math.abs(change.delta())
                    > 2 * Math.sqrt(change.baseline() * baseUnit + change.candidate() * candUnit);
        }
        return new FrameDiff(unit, baseTotal, candTotal, FrameChanges.rank(base, cand, limit, minDelta, beyondNoise).stream()
                .map(c -> new FrameChangeView(c.frame(), c.baseline(), c.candidate(), c.delta())).toList());
    }

    @Schema(name = "ProfileFrameDiff")
    public record FrameDiff(@Schema(description = "ms per request (cpu with a known sampling period), else the kind's "
                                    + "per-request unit") String unit,
                            @Schema(description = "The baseline's total per request") double baselineTotal,
                            @Schema(description = "The candidate's total per request") double candidateTotal,
                            @Schema(description = "Frames whose self value per request changed most, the largest change "
                                    + "first (changes under 0.5 % of the larger total are left out, and for CPU those "
                                    + "within twice the standard deviation of the sampling's count noise)")
                            List<FrameChangeView> frames) {
    }

    @Schema(name = "ProfileFrameChange")
    public record FrameChangeView(String frame, double baseline, double candidate,
                                  @Schema(description = "candidate - baseline") double delta) {
    }
}
