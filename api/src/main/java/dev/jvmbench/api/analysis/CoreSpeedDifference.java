package dev.jvmbench.api.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether the two sides of a comparison ran on cores of different speed (docs/metrics.md, "Core
 * speed"): the core-speed probe's median per run, against stored runs side by side, in pairs half by
 * half. A CPU-bound app's ratio holds such a change of the host as if it were the app's, so the
 * comparison says so beside its rows; it changes no verdict.
 */
final class CoreSpeedDifference {

    private CoreSpeedDifference() {
    }

    /**
     * The warning for one level, or null when the sides' cores ran within {@code thresholdPercent} of
     * each other (or were not measured).
     */
    static String warning(CellSamples base, CellSamples candidate, int level, boolean paired, double thresholdPercent) {
        String label = base.key.label() + " → " + candidate.key.label() + " at level " + level;
        return paired ? pairs(base, candidate, level, thresholdPercent, label)
                : sides(base, candidate, level, thresholdPercent, label);
    }

    private static String sides(CellSamples base, CellSamples candidate, int level, double threshold, String label) {
        Double baseSpeed = median(speeds(base, level).values());
        Double candidateSpeed = median(speeds(candidate, level).values());
        if (baseSpeed == null || candidateSpeed == null || baseSpeed <= 0) {
            return null;
        }
        double percent = 100 * (candidateSpeed / baseSpeed - 1);
        if (Math.abs(percent) < threshold) {
            return null;
        }
        return String.format(Locale.ROOT, "%s: the candidate's runs ran on cores %.1f %% %s than the baseline's (median "
                        + "core speed %s against %s steps per CPU-µs; docs/metrics.md, \"Core speed\"): a CPU-bound app's "
                        + "ratios hold that change of the host as if it were the app's", label, Math.abs(percent),
                percent < 0 ? "slower" : "faster", SummaryMarkdown.speed(candidateSpeed), SummaryMarkdown.speed(baseSpeed));
    }

    private static String pairs(CellSamples base, CellSamples candidate, int level, double threshold, String label) {
        Map<Integer, Double> baseByPair = byPair(base, level);
        Map<Integer, Double> candidateByPair = byPair(candidate, level);
        List<String> apart = new ArrayList<>();
        baseByPair.forEach((pair, baseSpeed) -> {
            Double candidateSpeed = candidateByPair.get(pair);
            if (candidateSpeed != null && baseSpeed > 0) {
                double percent = 100 * (candidateSpeed / baseSpeed - 1);
                if (Math.abs(percent) >= threshold) {
                    apart.add(String.format(Locale.ROOT, "pair %d (%+.1f %%)", pair, percent));
                }
            }
        });
        if (apart.isEmpty()) {
            return null;
        }
        return label + ": the two halves of " + String.join(", ", apart) + " ran on cores of different speed (the "
                + "candidate's core speed against the baseline's; docs/metrics.md, \"Core speed\"): those pairs' ratios "
                + "hold a change of the host that the pairing did not cancel";
    }

    /** run -> its core speed at the level. */
    private static Map<Long, Double> speeds(CellSamples cell, int level) {
        Map<Long, Double> speeds = new TreeMap<>();
        cell.coreSpeedOfRun.forEach((run, byLevel) -> {
            Double speed = byLevel.get(level);
            if (speed != null) {
                speeds.put(run, speed);
            }
        });
        return speeds;
    }

    /** pair -> the core speed of the cell's run in it, at the level. */
    private static Map<Integer, Double> byPair(CellSamples cell, int level) {
        Map<Integer, Double> byPair = new TreeMap<>();
        speeds(cell, level).forEach((run, speed) -> {
            Integer pair = cell.pairOfRun.get(run);
            if (pair != null) {
                byPair.put(pair, speed);
            }
        });
        return byPair;
    }

    private static Double median(java.util.Collection<Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        return Bootstrap.medianOf(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
