package dev.jvmbench.api.analysis;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.job.BaselineMode;
import dev.jvmbench.common.job.Gate;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.store.NoiseProfileRow;
import dev.jvmbench.common.store.NoiseProfiles;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Ratios of medians with bootstrap intervals and verdicts: within a job (JDK vs JDK, thread
 * model vs thread model) or across jobs (a job vs its baseline, cell by cell).
 */
@Service
public class Comparisons {

    private final StoredResults stored;
    private final NoiseProfiles noiseProfiles;
    private final CellJvms cellJvms;
    private final CellProfiles profiles;

    Comparisons(StoredResults stored, NoiseProfiles noiseProfiles, CellJvms cellJvms, CellProfiles profiles) {
        this.stored = stored;
        this.noiseProfiles = noiseProfiles;
        this.cellJvms = cellJvms;
        this.profiles = profiles;
    }

    /** How many frames a pair's CPU change names per level. */
    static final int CPU_FRAMES = 5;

    public enum Mode {
        JOBS, JDK, THREAD_MODEL;

        @com.fasterxml.jackson.annotation.JsonValue
        public String wire() {
            return this == THREAD_MODEL ? "threadModel" : name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * What to compare: the job against another job (mode JOBS, baselineJobId), or its JDKs or
     * thread models against one of them (baselineJdk, baselineThreadModel; null: the lowest JDK, or
     * platform, else the first thread model). Null metrics: all; null threshold: the job's gate.
     */
    public record Request(long jobId, Mode mode, Long baselineJobId, Integer baselineJdk,
                          ThreadModel baselineThreadModel, List<Metric> metrics, Double thresholdPercent,
                          BaselineMode baselineMode) {

        public Request(long jobId, Mode mode, Long baselineJobId, Integer baselineJdk, ThreadModel baselineThreadModel,
                       List<Metric> metrics, Double thresholdPercent) {
            this(jobId, mode, baselineJobId, baselineJdk, baselineThreadModel, metrics, thresholdPercent, null);
        }

        public static Request againstJob(long jobId, long baselineJobId, List<Metric> metrics, Double thresholdPercent) {
            return new Request(jobId, Mode.JOBS, baselineJobId, null, null, metrics, thresholdPercent);
        }

        /**
         * Against another job in one way only: stored compares with the baseline job's own runs even when
         * the job measured the baseline again; paired requires that it did (a calibration measures each).
         */
        public static Request againstJob(long jobId, long baselineJobId, BaselineMode baselineMode) {
            return new Request(jobId, Mode.JOBS, baselineJobId, null, null, null, null, baselineMode);
        }

        public static Request jdks(long jobId, Integer baselineJdk, List<Metric> metrics, Double thresholdPercent) {
            return new Request(jobId, Mode.JDK, null, baselineJdk, null, metrics, thresholdPercent);
        }

        public static Request threadModels(long jobId, ThreadModel baselineThreadModel, List<Metric> metrics,
                                           Double thresholdPercent) {
            return new Request(jobId, Mode.THREAD_MODEL, null, null, baselineThreadModel, metrics, thresholdPercent);
        }
    }

    @Schema(name = "Comparison")
    public record View(long jobId, Long baselineJobId, Mode mode, List<Metric> gateMetrics,
                       @Schema(description = "The job's gate.includeNotSteady: whether points whose window was not steady "
                               + "count in the gate metrics' verdicts (by default they are left out)")
                       boolean includeNotSteady, Verdict verdict,
                       List<String> warnings, List<Pair> comparisons, List<String> unmatched,
                       @Schema(description = "The host's noise profile whose detectable effects the rows carry: the newest "
                               + "one calibrated with the job's repetitions (GET /api/v1/noise-profile); null when none")
                       Long noiseProfileId,
                       @Schema(description = "Between two jobs: the app and build each ran, and whether the builds are the "
                               + "same (an A/A comparison: any change is the host's or the runs' own); null within a job")
                       Builds builds,
                       @Schema(description = "Between two jobs: paired when the baseline's cells were measured again inside "
                               + "this job beside its own runs (the baseline side of each pair is one of this job's runs, "
                               + "side baseline), stored when the baseline job's own runs, taken at another time, were "
                               + "compared; null within a job")
                       BaselineMode baselineMode) {
    }

    /** The app and build of each side of a comparison between jobs. */
    @Schema(name = "ComparedBuilds")
    public record Builds(String baselineApp, String baselineBuild, String candidateApp, String candidateBuild,
                         @Schema(description = "Both jobs ran the same build (the same image reference, or the same "
                                 + "uploaded bytes)") boolean sameBuild,
                         @Schema(description = "Both jobs carry the same app name") boolean sameApp,
                         @Schema(description = "Both jobs ran under the same conditions (scenario, load, limits, thread "
                                 + "pool, JVM options, environment, JFR recording; the warnings name any that differ): "
                                 + "with the same build, an A/A comparison") boolean sameConditions) {

        static Builds of(StoredResults.JobFacts baseline, StoredResults.JobFacts candidate) {
            return new Builds(baseline.appName(), baseline.appRef(), candidate.appName(), candidate.appRef(),
                    baseline.appRef().equals(candidate.appRef()), baseline.appName().equals(candidate.appName()),
                    Comparability.differences(baseline.spec(), candidate.spec(), "baseline").isEmpty());
        }

        /** One line for a reader: which builds, and what the comparison therefore measures. */
        public String describe() {
            if (sameBuild && sameConditions) {
                return "the same build, `" + candidateBuild + "`, in both jobs: an A/A comparison (any change is the "
                        + "host's or the runs' own)";
            }
            if (sameBuild) {
                return "the same build, `" + candidateBuild + "`, in both jobs under different conditions (the warning "
                        + "below says which): the comparison measures them";
            }
            return "builds `" + baselineBuild + "` (baseline) and `" + candidateBuild + "` (this job)"
                    + (sameApp ? " of app `" + candidateApp + "`" : "");
        }
    }

    public record Side(long jobId, int jdk, ThreadModel threadModel) {
    }

    public record Pair(Side baseline, Side candidate, Verdict verdict,
                       @Schema(description = "Points of the two cells left out of the gate metrics' verdicts because their "
                               + "window was not steady, over the levels compared")
                       int notSteadyLeftOut, List<Row> metrics,
                       @Schema(description = "Per level both cells have a CPU profile of (docs/metrics.md, \"Profiles\"): "
                               + "the frames whose self CPU per request changed most, in ms per request (samples x the "
                               + "recording's sampling period / requests); empty without profiles")
                       List<LevelCpuFrames> cpuFrames) {

        public Pair(Side baseline, Side candidate, Verdict verdict, int notSteadyLeftOut, List<Row> metrics) {
            this(baseline, candidate, verdict, notSteadyLeftOut, metrics, List.of());
        }

        Pair withCpuFrames(List<LevelCpuFrames> frames) {
            return new Pair(baseline, candidate, verdict, notSteadyLeftOut, metrics, frames);
        }
    }

    /** One level's CPU change by frame between a pair's two cells. */
    @Schema(name = "ComparisonCpuFrames")
    public record LevelCpuFrames(int level, CellProfiles.FrameDiff cpu) {
    }

    /**
     * One metric at one level. A gate metric is judged on the points whose window was steady
     * (unless the job's gate includes the others): its medians, ratio and runs are those points',
     * and the left-out counts say how many were not.
     */
    public record Row(Metric metric, Metric.Direction direction, int level, double baselineMedian,
                      double candidateMedian, Double ratio, Double ratioLow, Double ratioHigh, int baselineRuns,
                      int candidateRuns, double thresholdPercent, Verdict verdict,
                      @Schema(description = "Baseline points left out of this row because their window was not steady")
                      int baselineNotSteadyLeftOut,
                      @Schema(description = "Candidate points left out of this row because their window was not steady")
                      int candidateNotSteadyLeftOut,
                      @Schema(description = "This host's minimum detectable effect for the metric and level in percent, from "
                              + "the noise profile (noiseProfileId); null without one. A threshold below it lets a change "
                              + "of that size pass unseen")
                      Double detectablePercent,
                      @Schema(description = "With a paired baseline: the pairs the ratio rests on (the median of the "
                              + "candidate / baseline ratios within pairs, its interval a bootstrap over pairs); null when "
                              + "the two sides were measured apart")
                      Integer pairs) {

        /** A row as measured, before a noise profile adds the host's detectable effect. */
        Row(Metric metric, Metric.Direction direction, int level, double baselineMedian, double candidateMedian,
            Double ratio, Double ratioLow, Double ratioHigh, int baselineRuns, int candidateRuns, double thresholdPercent,
            Verdict verdict, int baselineNotSteadyLeftOut, int candidateNotSteadyLeftOut) {
            this(metric, direction, level, baselineMedian, candidateMedian, ratio, ratioLow, ratioHigh, baselineRuns,
                    candidateRuns, thresholdPercent, verdict, baselineNotSteadyLeftOut, candidateNotSteadyLeftOut, null,
                    null);
        }

        Row withDetectable(Double percent) {
            return new Row(metric, direction, level, baselineMedian, candidateMedian, ratio, ratioLow, ratioHigh,
                    baselineRuns, candidateRuns, thresholdPercent, verdict, baselineNotSteadyLeftOut,
                    candidateNotSteadyLeftOut, percent, pairs);
        }
    }

    /**
     * 404 for an unknown job, and for a baseline JDK or thread model the job has no cells of: the
     * comparison is a sub-resource of the job, and there is none against what the job did not run.
     * A job compared with itself is allowed: every ratio is 1.
     */
    @Transactional(readOnly = true)
    public View compare(Request request) {
        var candidate = stored.results(request.jobId());
        var baseline = request.mode() == Mode.JOBS ? stored.results(request.baselineJobId()) : null;
        View view = compare(request, candidate, baseline);
        return withCpuFrames(view, candidate, baseline);
    }

    /**
     * Each pair with the frames whose CPU per request changed most at each level both cells have a
     * CPU profile of: within a job and against a paired baseline from the job's own runs (the
     * baseline side's for the latter), against a stored baseline from the baseline job's.
     */
    private View withCpuFrames(View view, StoredResults.JobResults candidate, StoredResults.JobResults baseline) {
        List<Pair> pairs = new ArrayList<>();
        for (Pair pair : view.comparisons()) {
            StoredResults.JobResults baseResults = view.mode() != Mode.JOBS || view.baselineMode() == BaselineMode.PAIRED
                    ? candidate : baseline;
            dev.jvmbench.common.job.RunSide baseSide = view.mode() == Mode.JOBS && view.baselineMode() == BaselineMode.PAIRED
                    ? dev.jvmbench.common.job.RunSide.BASELINE : dev.jvmbench.common.job.RunSide.JOB;
            List<LevelCpuFrames> levels = new ArrayList<>();
            for (int level : new TreeSet<>(pair.metrics().stream().map(Row::level).toList())) {
                var base = profiles.find(new CellProfiles.Query(baseResults.job().id(), pair.baseline().jdk(),
                        pair.baseline().threadModel(), level, dev.jvmbench.common.profile.ProfileKind.CPU, baseSide),
                        baseResults);
                var cand = profiles.find(new CellProfiles.Query(candidate.job().id(), pair.candidate().jdk(),
                        pair.candidate().threadModel(), level, dev.jvmbench.common.profile.ProfileKind.CPU,
                        dev.jvmbench.common.job.RunSide.JOB), candidate);
                if (base.isPresent() && cand.isPresent()) {
                    levels.add(new LevelCpuFrames(level, CellProfiles.diff(base.get(), cand.get(), CPU_FRAMES)));
                }
            }
            pairs.add(pair.withCpuFrames(levels));
        }
        return new View(view.jobId(), view.baselineJobId(), view.mode(), view.gateMetrics(), view.includeNotSteady(),
                view.verdict(), view.warnings(), pairs, view.unmatched(), view.noiseProfileId(), view.builds(),
                view.baselineMode());
    }

    /** The same on results already read, e.g. narrowed to some of their runs (confirmation, BaselineVerdicts). */
    View compare(Request request, StoredResults.JobResults candidate, StoredResults.JobResults baselineResults) {
        Mode mode = request.mode();
        Long baselineJobId = request.baselineJobId();
        var candidateCells = CellSamples.of(candidate);
        Gate gate = candidate.job().spec().gate() == null ? Gate.DEFAULT : candidate.job().spec().gate();
        List<Metric> metrics = request.metrics() == null || request.metrics().isEmpty()
                ? List.of(Metric.values()) : request.metrics();
        List<String> warnings = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        List<Pair> pairs = new ArrayList<>();
        switch (mode) {
            case JOBS -> {
                var baseline = baselineResults;
                warnings.addAll(Comparability.differences(baseline.job().spec(), candidate.job().spec(), "baseline"));
                if (!baseline.job().appName().equals(candidate.job().appName())) {
                    warnings.add("apps differ: baseline " + baseline.job().appName() + ", job "
                            + candidate.job().appName() + " (a comparison of two different apps)");
                }
                if (!baseline.job().scenario().equals(candidate.job().scenario())) {
                    warnings.add("scenarios differ: baseline " + baseline.job().scenario() + ", job "
                            + candidate.job().scenario());
                }
                // Paired: the baseline side is this job's own measurement of the baseline's cells, pair by pair.
                boolean paired = candidate.paired() && request.baselineMode() != BaselineMode.STORED;
                if (request.baselineMode() == BaselineMode.PAIRED && !paired) {
                    throw ApiException.conflict("job " + request.jobId() + " did not measure job " + baselineJobId
                            + " again in pairs: no paired comparison");
                }
                var baselineCells = CellSamples.of(paired ? candidate.freshBaseline(baseline.job()) : baseline);
                for (var entry : candidateCells.entrySet()) {
                    CellSamples base = baselineCells.get(entry.getKey());
                    if (base == null) {
                        unmatched.add(entry.getKey().label() + " has no counterpart in job " + baselineJobId);
                    } else {
                        pairs.add(pair(base, baselineJobId, entry.getValue(), request.jobId(), metrics, gate,
                                request.thresholdPercent(), warnings, paired));
                    }
                }
            }
            case JDK -> {
                int baseJdk = request.baselineJdk() == null ? candidate.job().spec().jdks().getFirst()
                        : ranJdk(request.jobId(), request.baselineJdk(), candidate.job().spec());
                for (var entry : candidateCells.entrySet()) {
                    if (entry.getKey().jdk() == baseJdk) {
                        continue;
                    }
                    CellSamples base = candidateCells.get(new CellKey(baseJdk, entry.getKey().threadModel()));
                    if (base != null) {
                        pairs.add(pair(base, request.jobId(), entry.getValue(), request.jobId(), metrics, gate,
                                request.thresholdPercent(), warnings, false));
                    }
                }
            }
            case THREAD_MODEL -> {
                ThreadModel baseModel = request.baselineThreadModel() == null
                        ? candidate.job().spec().threadModels().stream().min(Enum::compareTo).orElseThrow()
                        : ranThreadModel(request.jobId(), request.baselineThreadModel(), candidate.job().spec());
                for (var entry : candidateCells.entrySet()) {
                    if (entry.getKey().threadModel() == baseModel) {
                        continue;
                    }
                    CellSamples base = candidateCells.get(new CellKey(entry.getKey().jdk(), baseModel));
                    if (base != null) {
                        pairs.add(pair(base, request.jobId(), entry.getValue(), request.jobId(), metrics, gate,
                                request.thresholdPercent(), warnings, false));
                    }
                }
            }
        }
        warnings.addAll(jvmDifferences(mode, pairs, candidate, baselineResults));
        List<Metric> gateMetrics = gate.metrics().stream().map(Metric::fromId).flatMap(java.util.Optional::stream).toList();
        // a comparison reads the host's noise for its own way of comparing: in pairs, or against stored runs
        boolean pairedView = mode == Mode.JOBS && candidate.paired() && request.baselineMode() != BaselineMode.STORED;
        var profile = noiseProfiles.latest(candidate.job().spec().repetitions(),
                pairedView ? BaselineMode.PAIRED : BaselineMode.STORED);
        if (profile.isPresent()) {
            pairs = withDetectableEffects(pairs, profile.get(), gateMetrics, warnings);
        }
        List<Verdict> gated = pairs.stream().flatMap(p -> p.metrics().stream())
                .filter(r -> gateMetrics.contains(r.metric())).map(Row::verdict).toList();
        return new View(request.jobId(), mode == Mode.JOBS ? baselineJobId : null, mode, gateMetrics,
                gate.countsNotSteady(), Verdict.overall(gated), warnings, pairs, unmatched,
                profile.map(NoiseProfileRow::id).orElse(null),
                mode == Mode.JOBS ? Builds.of(baselineResults.job(), candidate.job()) : null,
                mode != Mode.JOBS ? null : pairedView ? BaselineMode.PAIRED : BaselineMode.STORED);
    }

    /**
     * Every row with the host's detectable effect for its metric and level, and a warning per gate
     * metric and level whose threshold is below it: a change between the two can pass unseen.
     */
    private static List<Pair> withDetectableEffects(List<Pair> pairs, NoiseProfileRow profile, List<Metric> gateMetrics,
                                                    List<String> warnings) {
        java.util.Set<String> warned = new java.util.LinkedHashSet<>();
        List<Pair> result = new ArrayList<>();
        for (Pair pair : pairs) {
            List<Row> rows = new ArrayList<>();
            for (Row row : pair.metrics()) {
                Double detectable = profile.detectablePercent(row.metric().id(), row.level());
                rows.add(row.withDetectable(detectable));
                if (detectable != null && gateMetrics.contains(row.metric()) && row.thresholdPercent() < detectable) {
                    warned.add(String.format(java.util.Locale.ROOT, "threshold %s %% is below this host's minimum "
                                    + "detectable effect %.1f %% for %s at level %d with %d repetitions (noise profile %d): "
                                    + "a change of that size can pass unseen", thresholdText(row.thresholdPercent()),
                            detectable, row.metric().id(), row.level(), profile.repetitions(), profile.id()));
                }
            }
            result.add(new Pair(pair.baseline(), pair.candidate(), pair.verdict(), pair.notSteadyLeftOut(), rows));
        }
        warnings.addAll(warned);
        return result;
    }

    /**
     * A warning per pair whose two cells' JVMs ran a different collector or max heap that the JVM's
     * ergonomics chose rather than the job's options (e.g. Serial at 1 CPU, G1 at 2): CellJvms.differences.
     */
    private List<String> jvmDifferences(Mode mode, List<Pair> pairs, StoredResults.JobResults candidate,
                                        StoredResults.JobResults baseline) {
        if (pairs.isEmpty()) {
            return List.of();
        }
        var candidateJvms = cellJvms.of(candidate);
        var baselineJvms = mode == Mode.JOBS ? cellJvms.of(baseline) : candidateJvms;
        java.util.Set<String> warned = new java.util.LinkedHashSet<>();
        for (Pair pair : pairs) {
            CellKey base = new CellKey(pair.baseline().jdk(), pair.baseline().threadModel());
            CellKey other = new CellKey(pair.candidate().jdk(), pair.candidate().threadModel());
            String label = mode == Mode.JOBS
                    ? base.label() + " of baseline job " + pair.baseline().jobId() + " → job " + pair.candidate().jobId()
                    : base.label() + " → " + other.label();
            warned.addAll(CellJvms.differences(label, baselineJvms.get(base), candidateJvms.get(other)));
        }
        return List.copyOf(warned);
    }

    /** 5 as "5", 2.5 as "2.5". */
    static String thresholdText(double percent) {
        return percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent);
    }

    private static Pair pair(CellSamples base, long baseJob, CellSamples candidate, long candidateJob,
                             List<Metric> metrics, Gate gate, Double thresholdOverride, List<String> warnings,
                             boolean paired) {
        List<Row> rows = new ArrayList<>();
        TreeSet<Integer> levels = new TreeSet<>(base.values.keySet());
        levels.retainAll(candidate.values.keySet());
        List<Metric> gateMetrics = gate.metrics().stream().map(Metric::fromId).flatMap(java.util.Optional::stream).toList();
        boolean steadyOnly = !gate.countsNotSteady();
        int leftOut = 0;
        for (int level : levels) {
            List<String> notJudged = new ArrayList<>();
            String unsteadySide = null;
            boolean leftOutHere = false;
            Double baseRps = median(base.samples(level, Metric.THROUGHPUT_RPS));
            Double candidateRps = median(candidate.samples(level, Metric.THROUGHPUT_RPS));
            String baseFew = Metric.tooFewRequests(baseRps);
            String candidateFew = Metric.tooFewRequests(candidateRps);
            List<String> perRequestLeftOut = new ArrayList<>();
            for (Metric metric : metrics) {
                double[] a = base.samples(level, metric);
                double[] b = candidate.samples(level, metric);
                if (a.length == 0 || b.length == 0) {
                    continue;
                }
                if (metric.perRequest() && (baseFew != null || candidateFew != null)) {
                    perRequestLeftOut.add(metric.id());
                    continue;
                }
                int baseLeftOut = 0;
                int candidateLeftOut = 0;
                if (steadyOnly && gateMetrics.contains(metric)) {
                    double[] steadyA = base.steadySamples(level, metric);
                    double[] steadyB = candidate.steadySamples(level, metric);
                    baseLeftOut = a.length - steadyA.length;
                    candidateLeftOut = b.length - steadyB.length;
                    leftOutHere |= baseLeftOut + candidateLeftOut > 0;
                    if (steadyA.length == 0 || steadyB.length == 0) {
                        notJudged.add(metric.id());
                        unsteadySide = steadyA.length == 0 && steadyB.length == 0 ? "either side"
                                : steadyA.length == 0 ? "the baseline" : "the candidate";
                        continue;
                    }
                    a = steadyA;
                    b = steadyB;
                }
                double threshold = thresholdOverride != null ? thresholdOverride : gate.thresholdOf(metric.id());
                if (paired && !metric.merged()) {
                    boolean steadyGate = steadyOnly && gateMetrics.contains(metric);
                    Row byPairs = pairedRow(metric, level, base.byPair(level, metric, steadyGate),
                            candidate.byPair(level, metric, steadyGate), threshold, baseLeftOut, candidateLeftOut);
                    if (byPairs == null) {
                        notJudged.add(metric.id());
                        unsteadySide = "a whole pair";
                    } else {
                        rows.add(byPairs);
                    }
                    continue;
                }
                rows.add(metric.merged()
                        ? mergedRow(metric, level, base.distributions(level, steadyOnly && gateMetrics.contains(metric)),
                                candidate.distributions(level, steadyOnly && gateMetrics.contains(metric)), threshold,
                                baseLeftOut, candidateLeftOut)
                        : row(metric, level, a, b, threshold, baseLeftOut, candidateLeftOut));
            }
            if (leftOutHere) {
                leftOut += base.notSteady(level) + candidate.notSteady(level);
            }
            if (!perRequestLeftOut.isEmpty()) {
                warnings.add(base.key.label() + " → " + candidate.key.label() + " at level " + level + ": "
                        + String.join(", ", perRequestLeftOut) + " not compared: too few requests ("
                        + (baseFew != null ? "baseline " + SummaryMarkdown.num(baseRps) : "candidate "
                        + SummaryMarkdown.num(candidateRps)) + " req/s, under " + SummaryMarkdown.num(Metric.PER_REQUEST_MIN_RPS)
                        + ")");
            }
            if (!notJudged.isEmpty()) {
                warnings.add(base.key.label() + " → " + candidate.key.label() + " at level " + level + ": "
                        + String.join(", ", notJudged) + " not judged: no run of " + unsteadySide
                        + " had a steady window there (gate.includeNotSteady counts such runs)");
            }
            String host = CoreSpeedDifference.warning(base, candidate, level, paired,
                    thresholdOverride != null ? thresholdOverride : gate.thresholdOf(Metric.THROUGHPUT_RPS.id()));
            if (host != null) {
                warnings.add(host);
            }
        }
        Verdict verdict = Verdict.overall(rows.stream().filter(r -> gateMetrics.contains(r.metric()))
                .map(Row::verdict).toList());
        return new Pair(new Side(baseJob, base.key.jdk(), base.key.threadModel()),
                new Side(candidateJob, candidate.key.jdk(), candidate.key.threadModel()), verdict, leftOut, rows);
    }

    /**
     * A metric judged on pairs (docs/statistics.md, "Paired baselines"): the ratio within each pair that
     * measured it on both sides, their median, and the percentile bootstrap over pairs of that median.
     * Drift between pairs (the host, the time of day) moves both halves of a pair and cancels in its
     * ratio. The medians shown are each side's over the same pairs. Null when no pair measured it on
     * both sides.
     */
    static Row pairedRow(Metric metric, int level, Map<Integer, Double> baseline, Map<Integer, Double> candidate,
                         double thresholdPercent, int baselineLeftOut, int candidateLeftOut) {
        List<Integer> matched = baseline.keySet().stream().filter(candidate::containsKey).sorted().toList();
        if (matched.isEmpty()) {
            return null;
        }
        double[] a = matched.stream().mapToDouble(baseline::get).toArray();
        double[] b = matched.stream().mapToDouble(candidate::get).toArray();
        Estimate base = Bootstrap.median(a);
        Estimate cand = Bootstrap.median(b);
        double[] ratios = java.util.stream.IntStream.range(0, a.length).filter(i -> a[i] != 0)
                .mapToDouble(i -> b[i] / a[i]).toArray();
        Bootstrap.Ratio ratio = null;
        if (ratios.length > 0 && base.median() != 0) {
            Estimate within = Bootstrap.median(ratios);
            ratio = new Bootstrap.Ratio(within.median(), within.low(), within.high());
        }
        // one pair is one run of each side: not judged, as between jobs
        Verdict verdict = Verdict.judged(ratio == null ? Verdict.fromZeroBaseline(metric.direction(), cand)
                : Verdict.of(metric.direction(), ratio, thresholdPercent), matched.size(), matched.size());
        return new Row(metric, metric.direction(), level, base.median(), cand.median(),
                ratio == null ? null : ratio.value(), ratio == null ? null : ratio.low(),
                ratio == null ? null : ratio.high(), matched.size(), matched.size(), thresholdPercent, verdict,
                baselineLeftOut, candidateLeftOut, null, matched.size());
    }

    /** The plain median of a level's values; null when there are none. */
    static Double median(double[] values) {
        return values.length == 0 ? null : Bootstrap.medianOf(values.clone());
    }

    static Row row(Metric metric, int level, double[] baseline, double[] candidate, double thresholdPercent) {
        return row(metric, level, baseline, candidate, thresholdPercent, 0, 0);
    }

    static Row row(Metric metric, int level, double[] baseline, double[] candidate, double thresholdPercent,
                   int baselineLeftOut, int candidateLeftOut) {
        Estimate base = Bootstrap.median(baseline);
        Estimate cand = Bootstrap.median(candidate);
        Bootstrap.Ratio ratio = Bootstrap.ratio(baseline, candidate);
        Verdict verdict = Verdict.judged(ratio == null ? Verdict.fromZeroBaseline(metric.direction(), cand)
                : Verdict.of(metric.direction(), ratio, thresholdPercent), base.runs(), cand.runs());
        return new Row(metric, metric.direction(), level, base.median(), cand.median(),
                ratio == null ? null : ratio.value(), ratio == null ? null : ratio.low(),
                ratio == null ? null : ratio.high(), base.runs(), cand.runs(), thresholdPercent, verdict, baselineLeftOut,
                candidateLeftOut);
    }

    /**
     * A tail percentile (p99.9): the merged distributions' percentiles and their ratio, the interval
     * from resampling each side's runs and merging them again (docs/statistics.md, "Latency
     * distributions"); the medians of the row are those merged percentiles.
     */
    static Row mergedRow(Metric metric, int level, RunDistributions baseline, RunDistributions candidate,
                         double thresholdPercent, int baselineLeftOut, int candidateLeftOut) {
        Estimate base = TailBootstrap.percentiles(baseline, metric.mergedPercentile())[0];
        Estimate cand = TailBootstrap.percentiles(candidate, metric.mergedPercentile())[0];
        Bootstrap.Ratio ratio = TailBootstrap.ratio(baseline, candidate, metric.mergedPercentile());
        Verdict verdict = Verdict.judged(ratio == null ? Verdict.fromZeroBaseline(metric.direction(), cand)
                : Verdict.of(metric.direction(), ratio, thresholdPercent), base.runs(), cand.runs());
        return new Row(metric, metric.direction(), level, base.median(), cand.median(),
                ratio == null ? null : ratio.value(), ratio == null ? null : ratio.low(),
                ratio == null ? null : ratio.high(), base.runs(), cand.runs(), thresholdPercent, verdict, baselineLeftOut,
                candidateLeftOut);
    }

    private static int ranJdk(long jobId, int jdk, JobSpec spec) {
        if (!spec.jdks().contains(jdk)) {
            throw new ApiException(HttpStatus.NOT_FOUND, "Not Found", "job " + jobId
                    + " did not run JDK " + jdk + "; its JDKs: " + spec.jdks());
        }
        return jdk;
    }

    private static ThreadModel ranThreadModel(long jobId, ThreadModel model, JobSpec spec) {
        if (!spec.threadModels().contains(model)) {
            throw new ApiException(HttpStatus.NOT_FOUND, "Not Found", "job " + jobId
                    + " did not run the " + model.wireName() + " thread model; its thread models: "
                    + spec.threadModels().stream().map(ThreadModel::wireName).toList());
        }
        return model;
    }
}
