package dev.jvmbench.api.analysis;

import dev.jvmbench.api.finding.FindingStacksText;
import dev.jvmbench.api.finding.Findings;
import dev.jvmbench.api.finding.JobFindingView;
import dev.jvmbench.common.finding.Severity;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.ThreadModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A job as Markdown fit for a pull-request comment or a CI job summary: what ran, the headline
 * numbers with their intervals, capacity under the SLO, and the verdict against the baseline.
 */
@Service
public class SummaryMarkdown {

    private static final List<Metric> HEADLINE = List.of(Metric.THROUGHPUT_RPS, Metric.LATENCY_P95_MS,
            Metric.ERROR_RATE, Metric.CPU_MS_PER_REQUEST, Metric.MEMORY_PER_REQUEST_MB);

    /** Cells named per finding before "and N more": a PR comment stays short. */
    static final int PLACES_SHOWN = 6;
    /** A finding's sentence is one sentence; a longer one (a log line) is cut. */
    static final int SENTENCE_CHARS = 400;

    private final StoredResults stored;
    private final JobStatistics statistics;
    private final Comparisons comparisons;
    private final BaselineVerdicts verdicts;
    private final Findings findings;
    private final CellJvms cellJvms;
    private final JobChangePoints changePoints;

    SummaryMarkdown(StoredResults stored, JobStatistics statistics, Comparisons comparisons, BaselineVerdicts verdicts,
                    Findings findings, CellJvms cellJvms, JobChangePoints changePoints) {
        this.changePoints = changePoints;
        this.stored = stored;
        this.statistics = statistics;
        this.comparisons = comparisons;
        this.verdicts = verdicts;
        this.findings = findings;
        this.cellJvms = cellJvms;
    }

    @Transactional(readOnly = true)
    public String of(long jobId) {
        var results = stored.results(jobId);
        var job = results.job();
        JobSpec spec = job.spec();
        var stats = statistics.view(results);
        BaselineVerdicts.Outcome outcome = job.baselineJobId() == null ? null : verdicts.judge(jobId, job.baselineJobId());
        List<JobFindingView> everyFinding = findings.ofJob(jobId).items();
        // the baseline's fresh runs (paired) ran the baseline's build: their findings are listed apart
        List<JobFindingView> jobFindings = everyFinding.stream().filter(JobFindingView::ofJobSide).toList();
        List<JobFindingView> baselineFindings = everyFinding.stream().filter(f -> !f.ofJobSide()).toList();
        List<String> critical = jobFindings.stream().filter(f -> f.severity() == Severity.CRITICAL)
                .map(JobFindingView::code).toList();
        StringBuilder md = new StringBuilder();
        md.append("## jvmbench job #").append(jobId).append(": ").append(headline(job.status(), outcome, critical))
                .append("\n\n");
        long succeeded = results.runs().stream().filter(r -> r.status() == RunStatus.SUCCEEDED).count();
        IntSummaryStatistics perCell = runsPerCell(results, spec);
        md.append("- **App** ").append(code(job.appName()))
                .append(job.appName().equals(job.appRef()) ? "" : " (build " + code(job.appRef()) + ")")
                .append(" · **Scenario** ").append(code(scenario(spec)))
                .append(" · **Load** ").append(load(spec.load())).append('\n');
        md.append("- **Limits** ").append(num(spec.limits().cpus())).append(" CPU, ").append(spec.limits().memoryMb())
                .append(" MB · **JDKs** ").append(spec.jdks()).append(" · **Thread models** ")
                .append(spec.threadModels().stream().map(ThreadModel::wireName).collect(Collectors.joining(", ")))
                .append(" · **Runs** ").append(succeeded).append('/').append(results.runs().size()).append(" succeeded (")
                .append(perCell.getMin() == perCell.getMax() ? String.valueOf(perCell.getMin())
                        : perCell.getMin() + "-" + perCell.getMax()).append(" per cell")
                .append(perCell.getMax() > spec.repetitions() ? ": " + spec.repetitions() + " planned, the rest added to decide "
                        + "or confirm the verdict" : "").append(")\n");
        List<String> placements = results.runs().stream().map(StoredResults.RunFacts::placement)
                .filter(java.util.Objects::nonNull).distinct().toList();
        if (!placements.isEmpty()) {
            md.append("- **Cores** ").append(String.join("; or ", placements)).append('\n');
        }
        coreSpeed(md, results);
        if (!spec.records()) {
            md.append("- **Recording** off: the app ran without JFR (`\"recording\": \"off\"`), so this job has no GC, heap, "
                    + "pinning, JVM settings or profiles; compared with a job that recorded, the difference includes the "
                    + "recording's cost\n");
        }
        if (!job.labels().isEmpty()) {
            md.append("- **Labels** ").append(job.labels().entrySet().stream().map(e -> code(e.getKey() + "=" + e.getValue()))
                    .collect(Collectors.joining(" "))).append('\n');
        }
        md.append('\n');
        if (perCell.getMin() == 1) {
            md.append("> ⚠️ 1 run per cell: there is no interval to judge a change by, so comparison rows are ")
                    .append("not judged (their ratios are shown). Use repetitions ≥ 3 for a CI gate.\n\n");
        } else if (perCell.getMin() < 3) {
            md.append("> ⚠️ ").append(perCell.getMin()).append(" runs")
                    .append(" per cell: the intervals are too short to trust, so ")
                    .append("verdicts rest on the threshold alone. Use repetitions ≥ 3 for a CI gate.\n\n");
        }
        results(md, stats);
        LatencyDistributions.markdown(md, LatencyDistributions.view(results));
        notSteady(md, results);
        runGroups(md, stats);
        capacity(md, stats);
        if (job.baselineJobId() != null) {
            baseline(md, jobId, job.baselineJobId(), job.createdAt(), outcome);
        } else if (job.spec().baseline() != null) {
            md.append("### Baseline\n\nNone: ").append(job.baselineNote()).append("\n\n");
        }
        withinJob(md, jobId, spec, levelUnit(spec));
        if (job.status().isFinal()) {
            changePoints(md, job, changePoints.atJob(jobId, Map.of()), levelUnit(spec));
        }
        jvmPerCell(md, results, cellJvms.of(results));
        findings(md, jobId, jobFindings);
        baselineSideFindings(md, baselineFindings);
        md.append("Medians over the runs of each cell with 95% bootstrap intervals; definitions in docs/metrics.md. ")
                .append("Report with charts: `/jobs/").append(jobId).append("/report`.\n");
        return md.toString();
    }

    /**
     * The job's own runs per cell, fewest and most: the planned repetitions, plus the pairs added to
     * decide the verdict and the confirmation's (a cell with none yet counts the planned ones).
     */
    private static IntSummaryStatistics runsPerCell(StoredResults.JobResults results, JobSpec spec) {
        IntSummaryStatistics perCell = results.runs().stream().filter(r -> r.side() == RunSide.JOB)
                .collect(Collectors.groupingBy(r -> r.jdk() + "/" + r.threadModel(), Collectors.counting()))
                .values().stream().mapToInt(Long::intValue).summaryStatistics();
        if (perCell.getCount() == 0) {
            perCell.accept(spec.repetitions());
        }
        return perCell;
    }

    /** Distinct codes named in a headline before it just counts them: a headline stays one short line. */
    static final int CODES_NAMED = 3;

    /**
     * The job in one line. A job whose runs all completed but with critical findings (the app died,
     * stopped answering, the generator was the limit: its numbers are not all the app's) is never
     * headed with a green "succeeded": "⚠️ completed, N critical findings", with their codes when few.
     * The verdict against the baseline follows, when there is one.
     */
    static String headline(JobStatus status, BaselineVerdicts.Outcome outcome, List<String> criticalCodes) {
        if (status != JobStatus.SUCCEEDED) {
            return status.isFinal() ? "❌ job " + status : "⏳ " + status;
        }
        String completed = criticalCodes.isEmpty() ? null : "⚠️ " + completedWith(criticalCodes);
        if (outcome == null || outcome.verdict() == null) {
            return completed == null ? "✅ succeeded" : completed;
        }
        String confirmed = outcome.confirmation() == Confirmation.State.CONFIRMED ? ", confirmed by extra runs"
                : outcome.confirmation() == Confirmation.State.NOT_CONFIRMED
                ? " (" + outcome.initialVerdict().wire() + " at first, not confirmed by extra runs)" : "";
        String verdict = verdictHeadline(outcome) + confirmed + undecided(outcome);
        // the icon is the worse of the two: a regression stays red, a clean verdict turns amber
        return completed == null ? verdict
                : verdict.startsWith("❌") ? verdict + "; " + completedWith(criticalCodes)
                : completed + "; " + verdict.substring(verdict.indexOf(' ') + 1);
    }

    /** ", undecided after 8 pairs in 1 cell": a verdict that rests on too few pairs says so where it is read first. */
    private static String undecided(BaselineVerdicts.Outcome outcome) {
        if (outcome.decisions() == null) {
            return "";
        }
        var undecided = outcome.decisions().stream().filter(d -> d.state() == Decision.State.UNDECIDED).toList();
        if (undecided.isEmpty()) {
            return "";
        }
        int pairs = undecided.stream().mapToInt(Decision.Check::pairs).max().orElse(0);
        return ", undecided after " + pairs + " pairs in " + undecided.size() + " cell" + (undecided.size() == 1 ? "" : "s");
    }

    /** "completed, 2 critical findings (`app-crashed`)": the count, and the codes when at most {@value #CODES_NAMED}. */
    static String completedWith(List<String> criticalCodes) {
        List<String> codes = criticalCodes.stream().distinct().toList();
        int n = criticalCodes.size();
        return "completed, " + n + " critical finding" + (n == 1 ? "" : "s")
                + (codes.size() <= CODES_NAMED ? " (" + codes.stream().map(SummaryMarkdown::code)
                .collect(Collectors.joining(", ")) + ")" : "");
    }

    private static String verdictHeadline(BaselineVerdicts.Outcome outcome) {
        return switch (outcome.verdict()) {
            case REGRESSED -> "❌ regressed against the baseline (" + outcome.regressions() + " regression"
                    + (outcome.regressions() == 1 ? "" : "s") + ")";
            case IMPROVED -> "✅ improved on the baseline";
            case WITHIN_TOLERANCE -> "✅ change within tolerance against the baseline (" + outcome.withinTolerance()
                    + " real change" + (outcome.withinTolerance() == 1 ? "" : "s") + " smaller than the threshold)";
            case NO_DETECTABLE_CHANGE -> "✅ no detectable change against the baseline";
            case NOT_JUDGED -> "➖ not judged against the baseline (one run per cell: no interval to judge by)";
        };
    }

    private static void results(StringBuilder md, JobStatistics.View stats) {
        md.append("### Results\n\n| Cell | Level |");
        HEADLINE.forEach(m -> md.append(' ').append(m.label()).append(" (").append(m.unit()).append(") |"));
        md.append(" Runs | Flags |\n|---|---:|");
        HEADLINE.forEach(m -> md.append("---:|"));
        md.append("---:|---|\n");
        for (var cell : stats.cells()) {
            for (var level : cell.levels()) {
                md.append("| JDK ").append(cell.jdk()).append(' ').append(cell.threadModel().wireName()).append(" | ")
                        .append(level.level()).append(" |");
                Estimate throughput = level.metrics().get(Metric.THROUGHPUT_RPS.id());
                String tooFew = Metric.tooFewRequests(throughput == null ? null : throughput.median());
                for (Metric m : HEADLINE) {
                    Estimate e = level.metrics().get(m.id());
                    md.append(' ').append(e == null ? "–" : m.perRequest() && tooFew != null ? "– (" + tooFew + ")"
                            : estimate(e)).append(" |");
                }
                md.append(' ').append(level.runs()).append(" | ").append(String.join(", ", level.flags())).append(" |\n");
            }
            if (cell.levels().isEmpty()) {
                md.append("| JDK ").append(cell.jdk()).append(' ').append(cell.threadModel().wireName())
                        .append(" | – |").append(" – |".repeat(HEADLINE.size())).append(" 0 | ")
                        .append(String.join(", ", cell.flags())).append(" |\n");
            }
        }
        md.append('\n');
        var excluded = stats.cells().stream().flatMap(c -> c.excludedRuns().stream()
                .map(r -> "JDK " + c.jdk() + " " + c.threadModel().wireName() + ", repetition " + r.repetition()
                        + ": " + r.reason())).toList();
        if (!excluded.isEmpty()) {
            md.append("Left out:\n");
            excluded.forEach(e -> md.append("- ").append(e.replace('\n', ' ')).append('\n'));
            md.append('\n');
        }
    }

    /**
     * How fast the job's own runs' app cores ran (docs/metrics.md, "Core speed"): the range over their
     * points and the widest move within one window, and what that says of the spread between runs.
     */
    /** A core speed (steps per CPU-µs): one decimal, whatever its size, so that two close speeds read apart. */
    static String speed(double stepsPerCpuMicrosecond) {
        return String.format(Locale.ROOT, "%.1f", stepsPerCpuMicrosecond);
    }

    /** The move of the cores' speed from which the findings name it (core-speed-varied, core-speed-differed). */
    private static final double CORE_SPEED_MOVED_PERCENT = 10;

    private static void coreSpeed(StringBuilder md, StoredResults.JobResults results) {
        java.util.Set<Long> own = results.runs().stream().map(StoredResults.RunFacts::id)
                .collect(Collectors.toSet());
        List<StoredResults.PointFacts> measured = results.points().stream()
                .filter(p -> own.contains(p.runId()) && p.coreSpeed() != null).toList();
        if (measured.isEmpty()) {
            return;
        }
        double lowest = measured.stream().mapToDouble(StoredResults.PointFacts::coreSpeed).min().orElseThrow();
        double highest = measured.stream().mapToDouble(StoredResults.PointFacts::coreSpeed).max().orElseThrow();
        double apart = 100 * (highest - lowest) / lowest;
        double within = measured.stream().map(StoredResults.PointFacts::coreSpeedSpreadPercent)
                .filter(java.util.Objects::nonNull).mapToDouble(Double::doubleValue).max().orElse(0);
        md.append("- **Core speed** ").append(speed(lowest)).append(lowest == highest ? "" : " to " + speed(highest))
                .append(" steps per CPU-µs over the points (").append(num(apart)).append(" % apart; within a window at most ")
                .append(num(within)).append(" %): ")
                .append(apart < CORE_SPEED_MOVED_PERCENT && within < CORE_SPEED_MOVED_PERCENT
                        ? "the app's cores held their speed through the job, so the spread between its runs is the app's own"
                        : "the app's cores changed speed, and part of the spread between runs or seconds is the host's "
                        + "(the findings core-speed-differed and core-speed-varied say where)")
                .append('\n');
    }

    /**
     * The cells whose runs fall into two groups at a level ({@link RunGroups}): why their intervals are
     * wide, and whether the slower JVMs worked more per request or waited.
     */
    private static void runGroups(StringBuilder md, JobStatistics.View stats) {
        List<String> lines = new ArrayList<>();
        for (var cell : stats.cells()) {
            for (var level : cell.levels()) {
                RunGroups.Split split = level.runGroups();
                if (split == null) {
                    continue;
                }
                Metric metric = Metric.fromId(split.metric()).orElseThrow();
                String unit = " " + metric.unit();
                StringBuilder line = new StringBuilder("> - JDK ").append(cell.jdk()).append(' ')
                        .append(cell.threadModel().wireName()).append(" at ").append(level.level()).append(": ")
                        .append(metric.label().toLowerCase(Locale.ROOT)).append(' ').append(num(split.slowMedian()))
                        .append(unit).append(" in ").append(repetitions(split.slowRepetitions())).append(", ")
                        .append(num(split.fastMedian())).append(unit).append(" in ")
                        .append(repetitions(split.fastRepetitions())).append(" (").append(num(split.apartPercent()))
                        .append(" % apart)");
                if (split.reading() == RunGroups.Reading.SLOWER_CORES) {
                    line.append("; the slower runs' cores ran at ").append(speed(split.slowCoreSpeed()))
                            .append(" steps per CPU-µs against ").append(speed(split.fastCoreSpeed())).append(": the host's "
                            + "cores changed speed between the runs (docs/metrics.md, \"Core speed\"), not the JVMs. "
                            + "Pairs (a paired baseline) meet the same host on both sides; more repetitions average it.");
                } else if (split.reading() == RunGroups.Reading.MORE_WORK) {
                    line.append("; the slower JVMs spent ").append(num(split.slowCpuMsPerRequest())).append(" ms of CPU per "
                            + "request against ").append(num(split.fastCpuMsPerRequest())).append(": the same work cost more "
                            + "in them, as when the JIT compiles the code differently. Each run is a fresh JVM: more "
                            + "repetitions, not a quieter host, narrow this interval.");
                } else if (split.reading() == RunGroups.Reading.WAITED) {
                    line.append("; the CPU per request was about the same (").append(num(split.slowCpuMsPerRequest()))
                            .append(" against ").append(num(split.fastCpuMsPerRequest())).append(" ms): the slower runs "
                            + "waited rather than worked (the host or an upstream), not a different compilation.");
                } else {
                    line.append('.');
                }
                lines.add(line.toString());
            }
        }
        if (lines.isEmpty()) {
            return;
        }
        md.append("> ⚠️ **Runs in two groups:** these cells' runs fall apart further than one group of as many runs does "
                + "once in a hundred cells (docs/statistics.md, \"Runs that fall into groups\"), which widens their "
                + "intervals:\n");
        lines.forEach(line -> md.append(line).append('\n'));
        md.append('\n');
    }

    private static String repetitions(List<Integer> repetitions) {
        return (repetitions.size() == 1 ? "repetition " : "repetitions ")
                + repetitions.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    /**
     * The points whose measured window trended (docs/statistics.md, "Steadiness"), by name: their
     * medians are not the app's steady state, and the gate leaves them out unless told otherwise.
     */
    private static void notSteady(StringBuilder md, StoredResults.JobResults results) {
        Map<Long, StoredResults.RunFacts> succeeded = results.runs().stream()
                .filter(r -> r.status() == RunStatus.SUCCEEDED)
                .collect(Collectors.toMap(StoredResults.RunFacts::id, r -> r, (a, b) -> a));
        var points = results.points().stream().filter(p -> p.notSteady() && succeeded.containsKey(p.runId()))
                .sorted(Comparator.comparing((StoredResults.PointFacts p) -> succeeded.get(p.runId()).jdk())
                        .thenComparing(p -> succeeded.get(p.runId()).threadModel())
                        .thenComparing(p -> succeeded.get(p.runId()).repetition())
                        .thenComparing(StoredResults.PointFacts::levelIndex))
                .toList();
        if (points.isEmpty()) {
            return;
        }
        JobSpec spec = results.job().spec();
        boolean counted = spec.gate() != null && spec.gate().countsNotSteady();
        String series = spec.load().model() == LoadModel.OPEN ? "median latency" : "throughput";
        md.append("> ⚠️ **Not steady:** ").append(points.size()).append(points.size() == 1 ? " point's " : " points' ")
                .append(series).append(" trended over the measured window, so ")
                .append(points.size() == 1 ? "its median is" : "their medians are").append(" not the app's steady state; ")
                .append(counted ? "counted in the gate's verdicts (`gate.includeNotSteady`)."
                        : "left out of the gate's verdicts (`gate.includeNotSteady` counts them).").append('\n');
        for (var point : points) {
            var run = succeeded.get(point.runId());
            md.append("> - JDK ").append(run.jdk()).append(' ').append(run.threadModel().wireName()).append(", repetition ")
                    .append(run.repetition()).append(", ").append(point.level()).append(' ').append(levelUnit(spec))
                    .append(": ").append(series);
            if (point.drift() != null) {
                md.append(point.drift() >= 0 ? " rose " : " fell ").append(percent(Math.abs(point.drift())));
                if (point.driftLow() != null && point.driftHigh() != null) {
                    md.append(" (95% interval ").append(signed(point.driftLow())).append(" to ")
                            .append(signed(point.driftHigh())).append(')');
                }
            } else {
                md.append(" trended");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    /**
     * What each cell's JVM saw (GET /api/v1/runs/{id}/jvm): version and vendor, the collector and
     * the max heap with who chose them, the CPUs it counted and the flags the job's options set,
     * over the cell's succeeded runs; where its repetitions saw different JVMs, said below the table.
     * Nothing when no run's recording was read.
     */
    static void jvmPerCell(StringBuilder md, StoredResults.JobResults results, Map<CellKey, List<CellJvms.Jvm>> jvms) {
        if (jvms.isEmpty()) {
            return;
        }
        md.append("### JVM per cell\n\n| Cell | JVM | GC | Max heap | CPUs counted | Non-default flags |\n"
                + "|---|---|---|---:|---:|---|\n");
        List<String> disagreements = new ArrayList<>();
        var cells = new java.util.TreeSet<>(CellKey.ORDER);
        results.runs().forEach(run -> cells.add(new CellKey(run.jdk(), run.threadModel())));
        for (CellKey cell : cells) {
            List<CellJvms.Jvm> runs = jvms.get(cell);
            md.append("| ").append(cell.label()).append(" | ");
            if (runs == null) {
                md.append("no JVM facts (no succeeded run's recording was read) | – | – | – | – |\n");
                continue;
            }
            md.append(joined(runs, jvm -> inline(jvm.version() + (jvm.vendor() == null ? "" : " (" + jvm.vendor() + ")"))))
                    .append(" | ").append(joined(runs, jvm -> jvm.gc() == null ? "–" : jvm.gc() + chosen(jvm.gcByErgonomics())))
                    .append(" | ").append(joined(runs, jvm -> jvm.heapText() + (Boolean.TRUE.equals(jvm.heapByErgonomics())
                            ? " (default)" : Boolean.FALSE.equals(jvm.heapByErgonomics()) ? " (options)" : "")))
                    .append(" | ").append(joined(runs, jvm -> jvm.cpus() == null ? "–" : String.valueOf(jvm.cpus())))
                    .append(" | ").append(joined(runs, SummaryMarkdown::flagsText)).append(" |\n");
            List<String> differ = CellJvms.disagreements(runs);
            if (!differ.isEmpty()) {
                disagreements.add(cell.label() + ": its repetitions saw different JVMs: " + String.join("; ", differ));
            }
        }
        md.append('\n');
        disagreements.forEach(d -> md.append("> ⚠️ ").append(inline(d)).append('\n'));
        md.append(disagreements.isEmpty() ? "" : "\n").append("GC and max heap: *ergonomics* / *default* when the JVM chose "
                + "them for the CPUs and memory it counted, *options* when the job's jvmOptions did. Every flag with its "
                + "origin: `GET /api/v1/runs/{id}/jvm`.\n\n");
    }

    private static String chosen(Boolean byErgonomics) {
        return byErgonomics == null ? "" : byErgonomics ? " (ergonomics)" : " (options)";
    }

    /** The job's flags as code, then how many the JVM's ergonomics and the launch set. */
    private static String flagsText(CellJvms.Jvm jvm) {
        List<String> parts = new ArrayList<>();
        jvm.jobFlags().forEach(flag -> parts.add(code(flag)));
        List<String> others = new ArrayList<>();
        if (jvm.ergonomicFlags() > 0) {
            others.add(jvm.ergonomicFlags() + " by ergonomics");
        }
        if (jvm.launchFlags() > 0) {
            others.add(jvm.launchFlags() + " at launch");
        }
        String rest = String.join(", ", others);
        return parts.isEmpty() ? (rest.isEmpty() ? "–" : "none from the job; " + rest)
                : String.join(" ", parts) + (rest.isEmpty() ? "" : "; " + rest);
    }

    /** The runs' distinct values of one column, in repetition order, joined by " / " where they disagree. */
    private static String joined(List<CellJvms.Jvm> runs, java.util.function.Function<CellJvms.Jvm, String> value) {
        return runs.stream().map(value).distinct().map(v -> v.replace("|", "\\|")).collect(Collectors.joining(" / "));
    }

    /**
     * Findings worst first, grouped by code: where each occurred (cells and levels), the sentence
     * of its first occurrence, the stacks behind it (the top stack's frame and share, and its flame
     * graph) and that occurrence's advice. Short enough for a PR comment.
     */
    private static void findings(StringBuilder md, long jobId, List<JobFindingView> all) {
        md.append("### Findings\n\n");
        if (all.isEmpty()) {
            md.append("None: nothing the platform can explain stood out (catalogue: docs/findings.md).\n\n");
            return;
        }
        Map<Severity, Long> bySeverity = all.stream().collect(Collectors.groupingBy(JobFindingView::severity,
                () -> new EnumMap<>(Severity.class), Collectors.counting()));
        md.append(java.util.Arrays.stream(Severity.values()).filter(bySeverity::containsKey)
                        .map(s -> bySeverity.get(s) + " " + s.wireName()).collect(Collectors.joining(", ")))
                .append(", worst first (every one with its evidence: `GET /api/v1/jobs/").append(jobId)
                .append("/findings`).\n\n");
        Map<String, List<JobFindingView>> byCode = new LinkedHashMap<>();
        all.forEach(f -> byCode.computeIfAbsent(f.code(), c -> new ArrayList<>()).add(f));
        for (var group : byCode.values()) {
            JobFindingView first = group.getFirst();
            md.append("- ").append(severityIcon(first.severity())).append(' ').append(first.severity().wireName())
                    .append(" · `").append(first.code()).append('`');
            if (first.title() != null) {
                md.append(" · ").append(inline(first.title()));
            }
            md.append(" · ").append(places(group)).append('\n');
            md.append("  - ").append(inline(first.summary()));
            if (first.runId() != null) {
                md.append(" (").append(where(first)).append(')');
            }
            md.append('\n');
            String stacks = FindingStacksText.of(first);
            if (stacks != null) {
                md.append("  - **Stacks:** ").append(stacks).append('\n');
            }
            if (first.advice() != null && !first.advice().isBlank()) {
                md.append("  - **Advice:** ").append(inline(first.advice())).append('\n');
            }
        }
        md.append('\n');
    }

    /**
     * The findings of the baseline's fresh runs (paired): one line, so that a reader does not take the
     * baseline build's trouble for this job's, and sees when the pairs' other half was disturbed.
     */
    private static void baselineSideFindings(StringBuilder md, List<JobFindingView> baseline) {
        if (baseline.isEmpty()) {
            return;
        }
        Map<String, Long> byCode = baseline.stream().collect(Collectors.groupingBy(
                f -> f.severity().wireName() + " `" + f.code() + "`", LinkedHashMap::new, Collectors.counting()));
        md.append("On the baseline's fresh runs (its build, measured in pairs beside this job; not counted above): ")
                .append(byCode.entrySet().stream().map(e -> e.getValue() + " × " + e.getKey())
                        .collect(Collectors.joining(", ")))
                .append(" (`side: baseline` in `GET /api/v1/jobs/{id}/findings`).\n\n");
    }

    /** Where a code occurred: each cell with its levels and how many of its runs, or "the whole job". */
    private static String places(List<JobFindingView> group) {
        Map<String, java.util.Set<Integer>> levels = new LinkedHashMap<>();
        Map<String, java.util.Set<Long>> runs = new LinkedHashMap<>();
        boolean jobWide = false;
        for (JobFindingView f : group) {
            if (f.runId() == null) {
                jobWide = true;
                continue;
            }
            String cell = "JDK " + f.jdk() + " " + f.threadModel().wireName();
            levels.computeIfAbsent(cell, c -> new java.util.TreeSet<>());
            if (f.level() != null) {
                levels.get(cell).add(f.level());
            }
            runs.computeIfAbsent(cell, c -> new java.util.TreeSet<>()).add(f.runId());
        }
        List<String> parts = new ArrayList<>();
        if (jobWide) {
            parts.add("the job as a whole");
        }
        levels.forEach((cell, at) -> {
            int n = runs.get(cell).size();
            parts.add(cell + (at.isEmpty() ? " (whole run)" : " at " + at.stream().map(String::valueOf)
                    .collect(Collectors.joining(", "))) + (n > 1 ? " (" + n + " runs)" : ""));
        });
        if (parts.size() > PLACES_SHOWN) {
            int more = parts.size() - PLACES_SHOWN;
            return String.join("; ", parts.subList(0, PLACES_SHOWN)) + " and " + more + " more";
        }
        return String.join("; ", parts);
    }

    private static String where(JobFindingView f) {
        return "JDK " + f.jdk() + " " + f.threadModel().wireName() + ", repetition " + f.repetition()
                + (f.level() == null ? ", whole run" : ", level " + f.level());
    }

    private static String severityIcon(Severity severity) {
        return switch (severity) {
            case CRITICAL -> "🔴";
            case WARNING -> "🟠";
            case INFO -> "🔵";
        };
    }

    /** One line of Markdown text: no line breaks, no HTML, cut at {@value #SENTENCE_CHARS} characters. */
    static String inline(String text) {
        String line = text.replaceAll("\\s+", " ").strip().replace("<", "&lt;").replace(">", "&gt;");
        return line.length() <= SENTENCE_CHARS ? line : line.substring(0, SENTENCE_CHARS - 1) + "…";
    }

    /**
     * The change points in the worse direction on the gate metrics that entered with this job
     * (docs/alerts.md); nothing when there are none.
     */
    static void changePoints(StringBuilder md, StoredResults.JobFacts job, JobChangePoints.View view, String levelUnit) {
        if (view.items().isEmpty()) {
            return;
        }
        md.append("### ⚠️ Change points that entered with this job\n\n")
                .append("In the history of ").append(code(job.appName())).append(" · ").append(code(job.scenario()))
                .append(view.labels().isEmpty() ? " (every job)" : " (jobs labelled " + view.labels().entrySet().stream()
                        .map(e -> code(e.getKey() + "=" + e.getValue())).collect(Collectors.joining(" ")) + ")")
                .append(", the gate metrics below changed for the worse at this job (E-Divisive means, as Apache Otava ")
                .append("finds change points; `").append(view.history()).append("`):\n\n")
                .append("| Cell | Level | Metric | Median before → after | Ratio [95% interval] | Jobs before / after | p |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (History.SeriesChange item : view.items()) {
            ChangePoints.Change c = item.change();
            String metric = Metric.fromId(item.metric()).map(Metric::label).orElse(item.metric());
            md.append("| JDK ").append(item.jdk()).append(' ').append(item.threadModel().wireName())
                    .append(" | ").append(item.level() == null ? "–" : item.level() + " " + levelUnit)
                    .append(" | ").append(metric)
                    .append(" | ").append(num(c.medianBefore())).append(" → ").append(num(c.medianAfter()))
                    .append(" | ").append(c.ratio() == null ? "–" : "×" + fixed(c.ratio())
                            + (c.ratioLow() == null ? "" : " [" + fixed(c.ratioLow()) + ", " + fixed(c.ratioHigh()) + "]"))
                    .append(" | ").append(c.jobsBefore()).append(" / ").append(c.jobsAfter())
                    .append(" | ").append(String.format(Locale.ROOT, "%.2g", c.pValue())).append(" |\n");
        }
        md.append('\n');
    }

    private static String levelUnit(JobSpec spec) {
        return spec.load().model() == LoadModel.OPEN ? "req/s" : "users";
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    private static String signed(double share) {
        return String.format(Locale.ROOT, "%+.1f%%", 100 * share);
    }

    private static void capacity(StringBuilder md, JobStatistics.View stats) {
        if (stats.slo() == null) {
            return;
        }
        boolean searched = stats.cells().stream().anyMatch(c -> c.capacity() != null && c.capacity().searchedLevel() != null);
        md.append("### Capacity under the SLO (");
        if (stats.slo().latencyP95Ms() != null) {
            md.append("p95 ≤ ").append(num(stats.slo().latencyP95Ms())).append(" ms");
        }
        if (stats.slo().errorRatePercent() != null) {
            md.append(stats.slo().latencyP95Ms() != null ? ", " : "").append("errors ≤ ")
                    .append(num(stats.slo().errorRatePercent())).append(" %");
        }
        md.append(")\n\n| Cell | Max sustainable ").append(stats.loadModel().wireName().equals("closed") ? "concurrency" : "arrival rate")
                .append(" | Throughput there (req/s) |\n|---|---:|---:|\n");
        for (var cell : stats.cells()) {
            md.append("| JDK ").append(cell.jdk()).append(' ').append(cell.threadModel().wireName()).append(" | ");
            if (cell.capacity() == null) {
                md.append(stats.loadModel().wireName().equals("closed") || searched ? "no level met the SLO" : "closed model only")
                        .append(" | – |\n");
            } else {
                // A searched capacity is a median over runs that each found their own: its interval says how far they agree.
                md.append(cell.capacity().searchedLevel() == null ? String.valueOf(cell.capacity().level())
                                : estimate(cell.capacity().searchedLevel()) + " (searched)")
                        .append(" | ").append(estimate(cell.capacity().throughputRps())).append(" |\n");
            }
        }
        md.append('\n');
    }

    /**
     * Enough pairs to decide (gate.maxPairs), per cell: the pairs the verdict rests on and whether it is
     * decided, with what kept an undecided one open. Nothing when the job's pairs cannot grow.
     */
    private static void decisions(StringBuilder md, BaselineVerdicts.Outcome outcome) {
        if (outcome.decisions() == null || outcome.decisions().isEmpty()) {
            return;
        }
        md.append("Pairs to decide (up to ").append(outcome.decisions().getFirst().maxPairs())
                .append(" per cell; decided when every gate row's interval lies wholly beyond or wholly within its "
                        + "threshold):\n\n| Cell | Pairs | Decision | Kept open by |\n|---|---:|---|---|\n");
        for (var check : outcome.decisions()) {
            String state = switch (check.state()) {
                case DECIDED -> "decided";
                case ADDING_PAIRS -> "adding pairs";
                case UNDECIDED -> "⚠️ undecided after " + check.pairs() + " pairs";
            };
            md.append("| JDK ").append(check.jdk()).append(' ').append(check.threadModel().wireName()).append(" | ")
                    .append(check.pairs()).append(" | ").append(state).append(" | ")
                    .append(check.open().isEmpty() ? "–" : String.join("; ", check.open())).append(" |\n");
        }
        md.append('\n');
    }

    /**
     * Confirmation before alerting, per flagged cell: the planned runs' verdict, the extra runs' and
     * whether the first stands (docs/statistics.md). Nothing when the gate does not confirm.
     */
    private static void confirmation(StringBuilder md, BaselineVerdicts.Outcome outcome) {
        if (outcome.confirmation() == null) {
            return;
        }
        md.append("Confirmation: **").append(outcome.confirmation().wire()).append("**");
        var flagged = outcome.checks().stream().filter(c -> c.state() != Confirmation.State.NOT_NEEDED).toList();
        if (flagged.isEmpty()) {
            md.append(" (no cell regressed or improved).\n\n");
            return;
        }
        md.append(" (the verdict counts only when extra runs of the flagged cell, judged alone, say the same; "
                + "the tables below pool every run).\n\n| Cell | Planned runs | Extra runs | Extra runs alone | Confirmation |\n"
                + "|---|---|---:|---|---|\n");
        for (var check : flagged) {
            md.append("| JDK ").append(check.jdk()).append(' ').append(check.threadModel().wireName()).append(" | ")
                    .append(check.initial().wire()).append(" | ").append(check.extraRuns()).append(" | ")
                    .append(check.recheck() == null ? "–" : check.recheck().wire()).append(" | ")
                    .append(check.state().wire()).append(" |\n");
        }
        md.append('\n');
    }

    private void baseline(StringBuilder md, long jobId, long baselineJobId, java.time.Instant submitted,
                          BaselineVerdicts.Outcome outcome) {
        md.append("### Against the baseline, job #").append(baselineJobId).append("\n\n");
        if (outcome.verdict() == null) {
            md.append("No verdict: ").append(outcome.note()).append("\n\n");
            decisions(md, outcome);
            confirmation(md, outcome);
            return;
        }
        var view = comparisons.compare(Comparisons.Request.againstJob(jobId, baselineJobId, null, null));
        md.append("Compared: ").append(view.builds().describe()).append(".\n\n");
        if (view.baselineMode() == dev.jvmbench.common.job.BaselineMode.PAIRED) {
            pairedMode(md, view);
        } else {
            measuredWhen(md, baselineJobId, submitted);
        }
        md.append("Verdict: **").append(outcome.verdict().wire()).append("** over ")
                .append(view.gateMetrics().stream().map(Metric::id).collect(Collectors.joining(", ")))
                .append(" (").append(outcome.regressions()).append(" regressed, ").append(outcome.improvements())
                .append(" improved, ").append(outcome.withinTolerance()).append(" within tolerance").append(outcome.notSteadyLeftOut() == 0 ? "" : "; " + outcome.notSteadyLeftOut()
                        + " not-steady point" + (outcome.notSteadyLeftOut() == 1 ? "" : "s") + " left out")
                .append(").\n\n");
        detectableEffects(md, view);
        warnings(md, view);
        decisions(md, outcome);
        confirmation(md, outcome);
        boolean anyChange = view.comparisons().stream().flatMap(p -> p.metrics().stream())
                .anyMatch(r -> view.gateMetrics().contains(r.metric()) && r.verdict().detectable());
        if (anyChange) {
            comparisonTable(md, view, "Baseline", "This job", true);
        }
        md.append("<details><summary>Every gated metric against the baseline</summary>\n\n");
        comparisonTable(md, view, "Baseline", "This job", false);
        md.append("</details>\n\n");
        cpuByFrame(md, view);
    }

    /**
     * Where the CPU per request went or came from, per pair and level that both have CPU profiles
     * of: the CPU per request row's ratio and the frames whose self CPU changed most, e.g. "CPU per
     * request ×0.73 (6.1 → 4.4 ms), of which `app.Primes.count` −1.2 ms, `app.Json.write` −0.6 ms".
     */
    static void cpuByFrame(StringBuilder md, Comparisons.View view) {
        List<String> lines = new ArrayList<>();
        for (var pair : view.comparisons()) {
            String cells = side(pair.baseline(), view.mode()) + " → " + side(pair.candidate(), view.mode());
            for (var level : pair.cpuFrames()) {
                var cpu = level.cpu();
                var row = pair.metrics().stream()
                        .filter(r -> r.metric() == Metric.CPU_MS_PER_REQUEST && r.level() == level.level()).findFirst();
                String coverage = row.filter(r -> cpu.unit().equals("ms per request")).map(r -> coverage(cpu.baselineTotal(),
                        r.baselineMedian(), cpu.candidateTotal(), r.candidateMedian())).orElse("");
                if (cpu.frames().isEmpty()) {
                    // a real change in CPU per request that no frame's samples account for: said, not left blank
                    row.filter(r -> r.verdict().detectable()).ifPresent(r -> lines.add("- " + cells + " at level "
                            + level.level() + ": CPU per request " + shortRatio(r) + " (" + num(r.baselineMedian()) + " → "
                            + num(r.candidateMedian()) + " ms); no frame's change stands out of the profiles' sampling "
                            + "noise" + coverage));
                    continue;
                }
                String unit = cpu.unit().equals("ms per request") ? " ms" : " " + cpu.unit();
                String head = row.map(r -> "CPU per request " + shortRatio(r) + " (" + num(r.baselineMedian()) + " → "
                        + num(r.candidateMedian()) + " ms)")
                        .orElse("sampled CPU " + num(cpu.baselineTotal()) + " → " + num(cpu.candidateTotal()) + unit);
                lines.add("- " + cells + " at level " + level.level() + ": " + head + ", of which "
                        + cpu.frames().stream().map(f -> "`" + f.frame() + "` " + minusOrPlus(f.delta()) + unit)
                                .collect(Collectors.joining(", ")) + coverage);
            }
        }
        if (!lines.isEmpty()) {
            md.append("CPU per request by frame (self time from the CPU profiles: samples x sampling period / requests, ")
                    .append("the largest changes first):\n\n");
            lines.forEach(line -> md.append(line).append('\n'));
            md.append('\n');
        }
    }

    /**
     * How much of the measured CPU per request the execution samples hold, when it is little: they see
     * threads running Java code only, so an app whose CPU goes to the kernel (sockets), the GC or the JIT
     * has a profile that explains a small part of its CPU, and the reader must know it.
     */
    static String coverage(double sampledBase, double measuredBase, double sampledCandidate, double measuredCandidate) {
        if (!(measuredBase > 0) || !(measuredCandidate > 0)) {
            return "";
        }
        double base = sampledBase / measuredBase;
        double candidate = sampledCandidate / measuredCandidate;
        if (Math.min(base, candidate) >= 0.5) {
            return "";
        }
        return String.format(java.util.Locale.ROOT, " (⚠️ the execution samples hold only %.0f %% and %.0f %% of the measured "
                + "CPU per request: they see threads running Java code, not the kernel, GC or JIT time)",
                100 * base, 100 * candidate);
    }

    /** +1.2 or −0.6 (a minus sign, not a hyphen). */
    static String minusOrPlus(double value) {
        return (value < 0 ? "\u2212" : "+") + num(Math.abs(value));
    }

    /**
     * A stored baseline's runs were taken at another time: whatever changed on the host in between
     * counts as the app's change, so the reader is told when, and how long before this job.
     */
    private void measuredWhen(StringBuilder md, long baselineJobId, java.time.Instant submitted) {
        var baseline = stored.job(baselineJobId);
        if (baseline.finishedAt() == null) {
            return;
        }
        md.append("Mode: **stored**: the baseline's runs were measured at another time (job #").append(baselineJobId)
                .append(" ended ").append(java.time.format.DateTimeFormatter.ISO_INSTANT.format(
                        baseline.finishedAt().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)));
        if (submitted != null && submitted.isAfter(baseline.finishedAt())) {
            md.append(", ").append(ago(java.time.Duration.between(baseline.finishedAt(), submitted)))
                    .append(" before this job was submitted");
        }
        md.append("); a host that changed in between counts as a change of the app.\n\n");
    }

    /**
     * A paired baseline was measured beside the job: the reader is told so, with the pairs each cell
     * rests on, so a verdict is never mistaken for one against runs taken at another time.
     */
    private static void pairedMode(StringBuilder md, Comparisons.View view) {
        int fewest = view.comparisons().stream().flatMap(p -> p.metrics().stream())
                .filter(r -> r.pairs() != null).mapToInt(Comparisons.Row::pairs).min().orElse(0);
        int most = view.comparisons().stream().flatMap(p -> p.metrics().stream())
                .filter(r -> r.pairs() != null).mapToInt(Comparisons.Row::pairs).max().orElse(0);
        md.append("Mode: **paired**: the baseline's cells were measured again in this job, each run beside one of ")
                .append("this job's own in random order, and every ratio is the median of the ratios within pairs (")
                .append(fewest == most ? fewest + "" : fewest + "-" + most).append(" pair").append(most == 1 ? "" : "s")
                .append(" per row), so a host that drifted between pairs cancels out.\n\n");
    }

    private static String ago(java.time.Duration gap) {
        long minutes = gap.toMinutes();
        if (minutes < 1) {
            return gap.toSeconds() + " s";
        }
        if (minutes < 120) {
            return minutes + " min";
        }
        long hours = gap.toHours();
        return hours < 48 ? hours + " h" : gap.toDays() + " days";
    }

    /**
     * Each gate metric's threshold next to this host's minimum detectable effect (the largest over the
     * levels compared), when a noise profile of the job's repetitions exists (docs/statistics.md, Calibration).
     */
    private static void detectableEffects(StringBuilder md, Comparisons.View view) {
        if (view.noiseProfileId() == null) {
            return;
        }
        List<String> parts = new java.util.ArrayList<>();
        for (Metric metric : view.gateMetrics()) {
            var rows = view.comparisons().stream().flatMap(p -> p.metrics().stream())
                    .filter(r -> r.metric() == metric && r.detectablePercent() != null).toList();
            if (!rows.isEmpty()) {
                double detectable = rows.stream().mapToDouble(Comparisons.Row::detectablePercent).max().orElseThrow();
                parts.add(metric.id() + ": threshold " + num(rows.getFirst().thresholdPercent()) + " %, detectable "
                        + String.format(Locale.ROOT, "%.1f %%", detectable));
            }
        }
        if (!parts.isEmpty()) {
            md.append("This host's minimum detectable effect (noise profile ").append(view.noiseProfileId())
                    .append("): ").append(String.join("; ", parts)).append(".\n\n");
        }
    }

    private void withinJob(StringBuilder md, long jobId, JobSpec spec, String levelUnit) {
        if (spec.threadModels().size() > 1) {
            var view = comparisons.compare(Comparisons.Request.threadModels(jobId, null, null, null));
            if (!view.comparisons().isEmpty()) {
                md.append("<details><summary>Thread models against ")
                        .append(view.comparisons().getFirst().baseline().threadModel().wireName()).append(": ")
                        .append(rollUp(view, levelUnit)).append("</summary>\n\n");
                warnings(md, view);
                comparisonTable(md, view, "Base", "Other", false);
                cpuByFrame(md, view);
                md.append("</details>\n\n");
            }
        }
        if (spec.jdks().size() > 1) {
            var view = comparisons.compare(Comparisons.Request.jdks(jobId, null, null, null));
            if (!view.comparisons().isEmpty()) {
                md.append("<details><summary>JDKs against JDK ").append(view.comparisons().getFirst().baseline().jdk())
                        .append(": ").append(rollUp(view, levelUnit)).append("</summary>\n\n");
                warnings(md, view);
                comparisonTable(md, view, "Base", "Other", false);
                cpuByFrame(md, view);
                md.append("</details>\n\n");
            }
        }
    }

    /** A comparison's warnings (rows left out, conditions that differ), one quoted line each. */
    private static void warnings(StringBuilder md, Comparisons.View view) {
        view.warnings().forEach(w -> md.append("> ⚠️ ").append(w).append("\n"));
        if (!view.warnings().isEmpty()) {
            md.append('\n');
        }
    }

    /**
     * What happened where, one clause per compared side instead of the one word its worst row
     * decides: per level, the largest judged gate-metric change with its ratio and verdict, and the
     * levels where nothing was detectable or nothing judged, e.g. "virtual: throughput ×3.96
     * (improved) at 80 users; no detectable change at 20 users".
     */
    static String rollUp(Comparisons.View view, String levelUnit) {
        boolean manyJdks = view.comparisons().stream().map(p -> p.candidate().jdk()).distinct().count() > 1;
        boolean manyModels = view.comparisons().stream().map(p -> p.candidate().threadModel()).distinct().count() > 1;
        List<String> sides = new ArrayList<>();
        for (var pair : view.comparisons()) {
            String name = view.mode() == Comparisons.Mode.THREAD_MODEL
                    ? pair.candidate().threadModel().wireName() + (manyJdks ? " on JDK " + pair.candidate().jdk() : "")
                    : view.mode() == Comparisons.Mode.JDK
                    ? "JDK " + pair.candidate().jdk() + (manyModels ? " " + pair.candidate().threadModel().wireName() : "")
                    : "JDK " + pair.candidate().jdk() + " " + pair.candidate().threadModel().wireName();
            Map<Integer, List<Comparisons.Row>> byLevel = new java.util.TreeMap<>();
            pair.metrics().stream().filter(r -> view.gateMetrics().contains(r.metric()))
                    .forEach(r -> byLevel.computeIfAbsent(r.level(), l -> new ArrayList<>()).add(r));
            // the changes in level order, then the quiet levels, those with the same outcome in one clause
            Map<String, List<Integer>> quiet = new LinkedHashMap<>();
            List<String> clauses = new ArrayList<>();
            byLevel.forEach((level, rows) -> {
                var largest = rows.stream().filter(r -> r.verdict().detectable())
                        .max(Comparator.comparingDouble(SummaryMarkdown::changeSize));
                if (largest.isPresent()) {
                    var row = largest.get();
                    clauses.add(row.metric().label().toLowerCase(Locale.ROOT) + " " + shortRatio(row) + " ("
                            + row.verdict().wire() + ") at " + level + " " + levelUnit);
                } else {
                    boolean notJudged = rows.stream().allMatch(r -> r.verdict() == Verdict.NOT_JUDGED);
                    String what = notJudged ? "not judged (" + runsWord(rows.getFirst()) + ")" : "no detectable change";
                    quiet.computeIfAbsent(what, w -> new ArrayList<>()).add(level);
                }
            });
            quiet.forEach((what, levels) -> clauses.add(what + " at " + levels.stream().map(String::valueOf)
                    .collect(Collectors.joining(", ")) + " " + levelUnit));
            sides.add(name + ": " + (clauses.isEmpty() ? "nothing compared" : String.join("; ", clauses)));
        }
        return String.join(" · ", sides);
    }

    /** How far a row moved, either way: a halving counts as much as a doubling; a change from 0 counts most. */
    private static double changeSize(Comparisons.Row row) {
        return row.ratio() == null ? Double.MAX_VALUE : row.ratio() <= 0 ? Double.MAX_VALUE : Math.abs(Math.log(row.ratio()));
    }

    /** "×3.96", "×0.951": three significant digits; "from 0" where the baseline was 0. */
    private static String shortRatio(Comparisons.Row row) {
        return row.ratio() == null ? "from 0 to " + num(row.candidateMedian())
                : "×" + String.format(Locale.ROOT, "%.3g", row.ratio());
    }

    /** "1 run": the fewer runs of the row's two sides. */
    private static String runsWord(Comparisons.Row row) {
        int runs = Math.min(row.baselineRuns(), row.candidateRuns());
        return runs + (runs == 1 ? " run" : " runs");
    }

    static void comparisonTable(StringBuilder md, Comparisons.View view, String baseName, String otherName,
                                        boolean changesOnly) {
        md.append("| ").append(baseName).append(" → ").append(otherName).append(" | Level | Metric | ").append(baseName)
                .append(" | ").append(otherName).append(" | Ratio [95% CI] | Verdict |\n|---|---:|---|---:|---:|---|---|\n");
        for (var pair : view.comparisons()) {
            String cells = side(pair.baseline(), view.mode()) + " → " + side(pair.candidate(), view.mode());
            for (var row : pair.metrics()) {
                if (!view.gateMetrics().contains(row.metric())
                        || (changesOnly && !row.verdict().detectable())) {
                    continue;
                }
                md.append("| ").append(cells).append(" | ").append(row.level()).append(" | ").append(row.metric().label())
                        .append(" | ").append(num(row.baselineMedian())).append(" | ").append(num(row.candidateMedian()))
                        .append(" | ").append(ratio(row))
                        .append(" | ").append(verdictCell(row)).append(" |\n");
            }
        }
        md.append('\n');
    }

    private static String side(Comparisons.Side side, Comparisons.Mode mode) {
        return switch (mode) {
            case JOBS -> "JDK " + side.jdk() + " " + side.threadModel().wireName();
            case JDK -> "JDK " + side.jdk() + " (" + side.threadModel().wireName() + ")";
            case THREAD_MODEL -> side.threadModel().wireName() + " (JDK " + side.jdk() + ")";
        };
    }

    /**
     * The ratio with its 95% interval to three decimals: at two, a 5% slowdown's x0.951 [0.946,
     * 0.953] would read x0.95 [0.95, 0.95] and hide whether the interval excludes 1. A baseline
     * median of 0 has no ratio: the medians say what appeared.
     */
    static String ratio(Comparisons.Row row) {
        if (row.ratio() == null) {
            return "– (baseline 0)";
        }
        return "×" + fixed(row.ratio()) + " [" + fixed(row.ratioLow()) + ", " + fixed(row.ratioHigh()) + "]";
    }

    /** The verdict with its marker; a row not judged says why: "not judged (1 run)". */
    static String verdictCell(Comparisons.Row row) {
        return icon(row.verdict()) + row.verdict().wire()
                + (row.verdict() == Verdict.NOT_JUDGED ? " (" + runsWord(row) + ")" : "");
    }

    /** A marker per verdict, so that a change within tolerance stands apart from no detectable change at a glance. */
    private static String icon(Verdict verdict) {
        return switch (verdict) {
            case REGRESSED -> "🔴 ";
            case IMPROVED -> "🟢 ";
            case WITHIN_TOLERANCE -> "🟡 ";
            case NO_DETECTABLE_CHANGE -> "⚪ ";
            case NOT_JUDGED -> "➖ ";
        };
    }

    private static String scenario(JobSpec spec) {
        var s = spec.scenario();
        if (s.hasCustomRequest()) {
            return s.name() + " " + s.request().method() + " " + s.request().path();
        }
        return s.params().isEmpty() ? s.name() : s.name() + " " + s.params().entrySet().stream()
                .map(e -> e.getKey() + "=" + num(e.getValue())).collect(Collectors.joining(","));
    }

    private static String estimate(Estimate e) {
        if (e.runs() < 2 || e.low() == e.high()) {
            return num(e.median());
        }
        return num(e.median()) + " [" + num(e.low()) + ", " + num(e.high()) + "]";
    }

    private static String code(String text) {
        return "`" + text.replace("`", "'") + "`";
    }

    private static String fixed(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    /** Three significant digits, no exponent: enough for benchmark figures, short in a table. */
    static String num(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        double magnitude = Math.abs(value);
        if (magnitude >= 100) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (magnitude >= 10) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        if (magnitude >= 1) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return new java.math.BigDecimal(value).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** The load as the job asked for it: listed or searched levels, the measured step and the warm-up. */
    static String load(dev.jvmbench.common.job.LoadProfile load) {
        String levels = load.search() == null ? load.levels().toString()
                : "capacity search from " + load.search().start() + " up to " + load.search().max()
                        + " (at most " + load.search().maxSteps() + " levels, " + num(load.search().resolutionPercent()) + " % resolution)";
        var warmup = load.warmupPolicy();
        String warm = warmup.adaptive()
                ? "adaptive warm-up (" + load.warmupSeconds() + " to " + warmup.maxSeconds() + " s, steady over "
                        + warmup.windowSeconds() + " s"
                        + (warmup.jitCpuPercent() == null ? "" : " with the JIT under " + num(warmup.jitCpuPercent()) + " % CPU")
                        + (Boolean.TRUE.equals(warmup.everyLevel()) ? ", every level" : "") + ")"
                : load.warmupSeconds() + " s warm-up";
        return load.model().wireName() + ' ' + levels + ", " + load.stepSeconds() + " s per level, " + warm;
    }
}
