package dev.jvmbench.api.analysis;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.jvmbench.api.changepoint.EDivisive;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Where a history series changed: E-Divisive means over the jobs' values, as Apache Otava does it
 * ({@link EDivisive}), each change point with the job where it entered, the medians before and
 * after it, their ratio with a bootstrap interval and which way it went for the metric
 * (docs/statistics.md, "Change points"). A series' points are the jobs' values (what
 * GET /api/v1/history shows); each carries its runs, which the t-test sees as well.
 */
public final class ChangePoints {

    private ChangePoints() {
    }

    /**
     * Which Student t-test decides whether a split is a change: on the jobs' values (Otava's, one
     * sample per job), on every run of the jobs on each side, or both (the larger p-value).
     */
    public enum Significance {
        JOBS_AND_RUNS(EDivisive.Significance.BOTH), JOBS(EDivisive.Significance.VALUES), RUNS(EDivisive.Significance.SAMPLES);

        private final EDivisive.Significance algorithm;

        Significance(EDivisive.Significance algorithm) {
            this.algorithm = algorithm;
        }

        @JsonValue
        public String wire() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static List<String> wireNames() {
            return Arrays.stream(values()).map(Significance::wire).toList();
        }
    }

    @Schema(name = "ChangeDetection", description = "The parameters of the change-point detection (Otava's names in brackets)")
    public record Detection(
            @Schema(description = "Jobs per window of the split step [window_len]") int window,
            @Schema(description = "The significance level of the Student t-test [max_pvalue]") double maxPValue,
            @Schema(description = "The smallest relative change of the jobs' means kept, 0.05 for 5% [min_magnitude]")
            double minMagnitude,
            @Schema(description = "Which t-test decides: jobs-and-runs (both must be significant), jobs (Otava's: "
                    + "each job's value), runs (every run of the jobs on each side)")
            Significance significance) {

        static Detection defaults() {
            return new Detection(EDivisive.Options.DEFAULT_WINDOW, EDivisive.Options.DEFAULT_MAX_P_VALUE,
                    EDivisive.Options.DEFAULT_MIN_MAGNITUDE, Significance.JOBS_AND_RUNS);
        }

        EDivisive.Options options() {
            return new EDivisive.Options(window, maxPValue, minMagnitude, significance.algorithm);
        }
    }

    /** The job where a change point entered, or the last job before it. */
    @Schema(name = "ChangePointJob", description = "A job of the series: GET /api/v1/jobs/{id}")
    public record JobRef(long id, @Schema(description = "When it was submitted") Instant createdAt,
                         @Schema(description = "Its labels, e.g. the commit") Map<String, String> labels) {

        static JobRef of(History.Entry entry) {
            return new JobRef(entry.jobId(), entry.createdAt(), entry.labels());
        }
    }

    /** better or worse, by the metric's direction. */
    public enum Direction {
        BETTER, WORSE;

        @JsonValue
        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Schema(name = "ChangePoint")
    public record Change(
            @Schema(description = "The first job after the change") JobRef job,
            @Schema(description = "The last job before it") JobRef previousJob,
            @Schema(description = "The median of the runs since the previous change point (or the first job)")
            double medianBefore,
            @Schema(description = "The median of the runs from this job up to the next change point (or the last job)")
            double medianAfter,
            @Schema(description = "medianAfter / medianBefore; absent when medianBefore is 0") Double ratio,
            @Schema(description = "The ratio's 95% bootstrap interval (jobs resampled, then runs within each job)")
            Double ratioLow,
            @Schema(description = "The upper end of the ratio's interval") Double ratioHigh,
            @Schema(description = "better or worse for this metric (its direction: GET /api/v1/catalog/metrics)")
            Direction direction,
            @Schema(description = "The p-value that decided (by changeDetection.significance)") double pValue,
            @Schema(description = "The two-sided Student t-test's p-value of the jobs' values before against after")
            double pValueJobs,
            @Schema(description = "The same over every run of those jobs") double pValueRuns,
            @Schema(description = "Jobs since the previous change point (or the first job)") int jobsBefore,
            @Schema(description = "Jobs from this one up to the next change point (or the last job)") int jobsAfter,
            @Schema(description = "Runs of the jobs before") int runsBefore,
            @Schema(description = "Runs of the jobs after") int runsAfter) {
    }

    /**
     * The change points of one series, oldest first; {@code runs} holds, per point, the job's runs at
     * that level (one value each; for capacity, where a run has no value of its own, the job's value).
     */
    static List<Change> of(List<History.Entry> points, List<double[]> runs, Metric.Direction better,
                           Detection detection) {
        List<EDivisive.Point> series = new ArrayList<>(points.size());
        for (int i = 0; i < points.size(); i++) {
            series.add(new EDivisive.Point(points.get(i).median(), runs.get(i)));
        }
        List<EDivisive.ChangePoint> found = EDivisive.detect(series, detection.options());
        List<Change> changes = new ArrayList<>(found.size());
        for (int c = 0; c < found.size(); c++) {
            EDivisive.ChangePoint cp = found.get(c);
            int at = cp.index();
            int from = c == 0 ? 0 : found.get(c - 1).index();
            int to = c == found.size() - 1 ? series.size() : found.get(c + 1).index();
            List<double[]> before = runs.subList(from, at);
            List<double[]> after = runs.subList(at, to);
            double medianBefore = Bootstrap.medianOf(flat(before));
            double medianAfter = Bootstrap.medianOf(flat(after));
            double[] interval = medianBefore == 0 ? null : ratioInterval(before, after);
            double moved = medianAfter != medianBefore ? medianAfter - medianBefore
                    : cp.test().meanAfter() - cp.test().meanBefore();
            Direction direction = (moved > 0) == (better == Metric.Direction.HIGHER) ? Direction.BETTER : Direction.WORSE;
            changes.add(new Change(JobRef.of(points.get(at)), JobRef.of(points.get(at - 1)), medianBefore, medianAfter,
                    medianBefore == 0 ? null : medianAfter / medianBefore, interval == null ? null : interval[0],
                    interval == null ? null : interval[1], direction, cp.pValue(), cp.test().pValue(),
                    cp.samplesTest().pValue(), at - from, to - at, cp.samplesTest().nBefore(), cp.samplesTest().nAfter()));
        }
        return changes;
    }

    /**
     * The 95% percentile interval of median(after) / median(before), resampling each side in two
     * stages: its jobs with replacement, then each drawn job's runs with replacement, so that both
     * the jobs' differences and their runs' show in the interval. Seeded from the data, like
     * {@link Bootstrap}: the same series gives the same interval. Null when no resample had a
     * median before other than 0.
     */
    static double[] ratioInterval(List<double[]> before, List<double[]> after) {
        long seed = 0x9E3779B97F4A7C15L;
        for (double[] job : before) {
            seed = seed * 31 + Arrays.hashCode(job);
        }
        for (double[] job : after) {
            seed = seed * 31 + Arrays.hashCode(job);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[Bootstrap.RESAMPLES];
        int defined = 0;
        for (int i = 0; i < Bootstrap.RESAMPLES; i++) {
            double denominator = Bootstrap.medianOf(resample(before, random));
            double numerator = Bootstrap.medianOf(resample(after, random));
            if (denominator != 0) {
                ratios[defined++] = numerator / denominator;
            }
        }
        if (defined == 0) {
            return null;
        }
        double[] used = Arrays.copyOf(ratios, defined);
        return new double[] {Bootstrap.percentile(used, (1 - Bootstrap.CONFIDENCE) / 2),
                Bootstrap.percentile(used, 1 - (1 - Bootstrap.CONFIDENCE) / 2)};
    }

    private static double[] resample(List<double[]> jobs, SplittableRandom random) {
        List<double[]> drawn = new ArrayList<>(jobs.size());
        int n = 0;
        for (int j = 0; j < jobs.size(); j++) {
            double[] job = jobs.get(random.nextInt(jobs.size()));
            drawn.add(job);
            n += job.length;
        }
        double[] values = new double[n];
        int at = 0;
        for (double[] job : drawn) {
            for (int r = 0; r < job.length; r++) {
                values[at++] = job[random.nextInt(job.length)];
            }
        }
        return values;
    }

    private static double[] flat(List<double[]> jobs) {
        return jobs.stream().flatMapToDouble(Arrays::stream).toArray();
    }
}
