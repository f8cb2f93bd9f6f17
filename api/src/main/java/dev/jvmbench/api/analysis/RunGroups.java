package dev.jvmbench.api.analysis;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs of one cell at one level that fall into two groups (docs/statistics.md, "Runs that fall into
 * groups"). Each run is a fresh JVM, and what the JIT makes of the same code can differ between JVMs
 * by as much as a change under review (Georges et al., OOPSLA 2007; Kalibera and Jones, ISMM 2013):
 * a cell whose runs split into a fast and a slow group has a wide interval for that reason, and more
 * runs, not a quieter host, are what narrows it. The core speed and CPU per request of the two groups say
 * which it was: the slower runs' cores ran slower (the host, docs/metrics.md "Core speed"; then their CPU
 * per request rises too, so this is read first), they spent more CPU on each request on cores as fast
 * (the same work cost more in those JVMs, as a different compilation does), or the same (they waited: an
 * upstream or the host's other load, not the JIT).
 *
 * <p>The test: of every split of the sorted values into a low and a high group, the one that
 * separates them most, measured as the difference of the group means over the pooled standard
 * deviation within the groups. That statistic is free of scale, so its distribution for runs that
 * are one normal group depends on the number of runs alone; its 99th percentile is drawn once per
 * count by simulation with a fixed seed, and a cell is named only above it: one cell in a hundred
 * of pure noise at most. Below {@value #MIN_RUNS} runs no split can be told from noise. A split
 * smaller than {@value #MIN_APART_PERCENT} % is not named however clean: it would not widen an
 * interval anyone reads.
 */
public final class RunGroups {

    static final int MIN_RUNS = 4;
    static final double MIN_APART_PERCENT = 3.0;
    /** The share of single-group cells named anyway: the test's false-alarm rate. */
    static final double FALSE_ALARM_RATE = 0.01;
    private static final int SIMULATIONS = 20_000;
    private static final Map<Integer, Double> THRESHOLDS = new ConcurrentHashMap<>();

    private RunGroups() {
    }

    /**
     * One run's value of the metric the cell is judged on, its CPU per request and how fast its app's
     * cores ran (each null when not measured).
     */
    record RunValue(int repetition, double value, Double cpuMsPerRequest, Double coreSpeed) {

        RunValue(int repetition, double value, Double cpuMsPerRequest) {
            this(repetition, value, cpuMsPerRequest, null);
        }
    }

    /** What the core speed and the CPU per request say of the slower group. */
    @Schema(name = "RunGroupsReading")
    public enum Reading {
        /**
         * The slower runs' cores ran slower, by at least half of how far apart the groups are: the host's
         * speed, not the JVMs' (their CPU per request rises with it, so it is read first).
         */
        SLOWER_CORES,
        /** The slower runs spent more CPU per request: the same work cost more in those JVMs. */
        MORE_WORK,
        /** The slower runs spent about the same CPU per request: they waited, they did not work more. */
        WAITED;

        @com.fasterxml.jackson.annotation.JsonValue
        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * Two groups of a cell's runs at one level.
     *
     * @param slowRepetitions  the repetitions of the worse group (lower throughput, or higher latency)
     * @param slowMedian       the metric's median in that group
     * @param fastMedian       and in the other
     * @param apartPercent     how far the slower group's median lies from the faster one's, in % of it
     * @param separation       the difference of the group means over the pooled within-group deviation
     * @param threshold        the 99th percentile of that separation for as many runs of one group
     * @param slowCpuMsPerRequest median CPU per request of the slower group, null when not measured
     * @param slowCoreSpeed    median core speed of the slower group's runs, null when not measured in each
     * @param reading          what the core speed and the CPU per request say, null without either
     */
    @Schema(name = "RunGroups", description = "The cell's runs at this level fall into two groups (docs/statistics.md, "
            + "\"Runs that fall into groups\"): named only above the 99th percentile of the separation one group of "
            + "as many runs reaches")
    public record Split(String metric, List<Integer> slowRepetitions, List<Integer> fastRepetitions, double slowMedian,
                        double fastMedian, double apartPercent, double separation, double threshold,
                        Double slowCpuMsPerRequest, Double fastCpuMsPerRequest, Double slowCoreSpeed,
                        Double fastCoreSpeed, Reading reading) {
    }

    /** The split of these runs, when they fall into two groups; the metric's direction says which is slower. */
    static Optional<Split> find(Metric metric, List<RunValue> runs) {
        if (runs.size() < MIN_RUNS) {
            return Optional.empty();
        }
        List<RunValue> sorted = runs.stream().sorted(Comparator.comparingDouble(RunValue::value)).toList();
        double[] values = sorted.stream().mapToDouble(RunValue::value).toArray();
        int split = bestSplit(values);
        if (split < 0) {
            return Optional.empty();
        }
        double separation = separation(values, split);
        double threshold = threshold(values.length);
        List<RunValue> low = sorted.subList(0, split);
        List<RunValue> high = sorted.subList(split, sorted.size());
        boolean higherIsBetter = metric.direction() == Metric.Direction.HIGHER;
        List<RunValue> slow = higherIsBetter ? low : high;
        List<RunValue> fast = higherIsBetter ? high : low;
        double slowMedian = median(slow.stream().mapToDouble(RunValue::value).toArray());
        double fastMedian = median(fast.stream().mapToDouble(RunValue::value).toArray());
        double apart = 100.0 * Math.abs(slowMedian - fastMedian) / Math.abs(fastMedian);
        if (!(separation > threshold) || apart < MIN_APART_PERCENT) {
            return Optional.empty();
        }
        Double slowCpu = medianOf(slow, RunValue::cpuMsPerRequest);
        Double fastCpu = medianOf(fast, RunValue::cpuMsPerRequest);
        Double slowCore = medianOf(slow, RunValue::coreSpeed);
        Double fastCore = medianOf(fast, RunValue::coreSpeed);
        Reading reading = slowerCores(apart, slowCore, fastCore) ? Reading.SLOWER_CORES : reading(apart, slowCpu, fastCpu);
        return Optional.of(new Split(metric.id(), repetitions(slow), repetitions(fast), slowMedian, fastMedian, apart,
                separation, threshold, slowCpu, fastCpu, slowCore, fastCore, reading));
    }

    /**
     * Slower cores when the slower group's cores ran slower by at least half of how far apart the groups
     * are: the same share the CPU per request must rise by to read as more work.
     */
    static boolean slowerCores(double apartPercent, Double slowCore, Double fastCore) {
        return slowCore != null && fastCore != null && fastCore > 0
                && 100.0 * (fastCore - slowCore) / fastCore >= apartPercent / 2;
    }

    /**
     * More work when the slower group's CPU per request is higher by at least half of how far apart
     * the groups are: a JVM that compiled worse spends more CPU on the same request, in proportion.
     */
    static Reading reading(double apartPercent, Double slowCpu, Double fastCpu) {
        if (slowCpu == null || fastCpu == null || fastCpu <= 0) {
            return null;
        }
        double morePercent = 100.0 * (slowCpu - fastCpu) / fastCpu;
        return morePercent >= apartPercent / 2 ? Reading.MORE_WORK : Reading.WAITED;
    }

    /** The split (the index of the high group's first value) that separates the groups most; -1 for none. */
    static int bestSplit(double[] sorted) {
        int best = -1;
        double most = Double.NEGATIVE_INFINITY;
        for (int i = 1; i < sorted.length; i++) {
            double s = separation(sorted, i);
            if (s > most) {
                most = s;
                best = i;
            }
        }
        return best;
    }

    /** (mean of the high group - mean of the low) / pooled within-group standard deviation. */
    static double separation(double[] sorted, int split) {
        double lowMean = mean(sorted, 0, split);
        double highMean = mean(sorted, split, sorted.length);
        double squares = 0;
        for (int i = 0; i < sorted.length; i++) {
            double d = sorted[i] - (i < split ? lowMean : highMean);
            squares += d * d;
        }
        double within = Math.sqrt(squares / (sorted.length - 2));
        double between = highMean - lowMean;
        if (within == 0) {
            return between == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        return between / within;
    }

    /** The (1 - {@link #FALSE_ALARM_RATE}) quantile of the best split's separation for {@code n} normal values. */
    static double threshold(int n) {
        return THRESHOLDS.computeIfAbsent(n, RunGroups::simulate);
    }

    private static double simulate(int n) {
        SplittableRandom random = new SplittableRandom(0x5EED_0000L + n);
        double[] best = new double[SIMULATIONS];
        double[] values = new double[n];
        for (int s = 0; s < SIMULATIONS; s++) {
            for (int i = 0; i < n; i++) {
                values[i] = random.nextGaussian();
            }
            Arrays.sort(values);
            best[s] = separation(values, bestSplit(values));
        }
        Arrays.sort(best);
        return best[(int) Math.ceil((1 - FALSE_ALARM_RATE) * SIMULATIONS) - 1];
    }

    private static double mean(double[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return sum / (to - from);
    }

    /** The median of a figure over runs that all have it; null when one does not. */
    private static Double medianOf(List<RunValue> runs, java.util.function.Function<RunValue, Double> figure) {
        double[] values = runs.stream().map(figure).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
        return values.length < runs.size() || values.length == 0 ? null : median(values);
    }

    private static double median(double[] values) {
        return Bootstrap.medianOf(values.clone());
    }

    private static List<Integer> repetitions(List<RunValue> runs) {
        List<Integer> repetitions = new ArrayList<>(runs.stream().map(RunValue::repetition).toList());
        repetitions.sort(null);
        return List.copyOf(repetitions);
    }
}
