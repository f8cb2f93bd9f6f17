package dev.jvmbench.api.finding;

import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.store.FindingRow;
import dev.jvmbench.common.store.Point;
import dev.jvmbench.common.store.RunRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Findings that only the whole job shows, computed on read from its runs' points and findings
 * (nothing is stored: a fix to a rule applies to every job at once). docs/findings.md.
 */
final class JobWideRules {

    /** The last JDK on which a virtual thread blocked in synchronized pins its carrier. */
    static final int LAST_PINNING_JDK = 23;
    /** JEP 491 (synchronized without pinning) shipped in JDK 24. */
    static final int JEP_491_JDK = 24;

    private JobWideRules() {
    }

    /** What one JDK of one thread model showed of pinning, over all its runs and levels. */
    private static final class Pinning {
        long events;
        long eventsFromFindings;
        boolean counted;
        boolean pinned;

        long pinnedEvents() {
            return counted ? events : eventsFromFindings;
        }
    }

    /**
     * How far apart the runs of one cell at one level may have measured their cores' median speed
     * (in % of the median over the runs) before part of their spread is the host's: the same bound as a
     * core's move within one window (the worker's LevelRules).
     */
    static final double CORE_SPEED_SPREAD_PERCENT = 10;

    static List<FindingView> of(List<RunRow> runs, List<Point> points, Map<Long, List<FindingRow>> findings) {
        List<FindingView> found = new ArrayList<>(pinningFixedByJep491(runs, points, findings));
        found.addAll(coreSpeedDiffered(runs, points));
        return found;
    }

    private record CellLevel(int jdk, ThreadModel threadModel, int levelIndex, int level) {
    }

    /**
     * core-speed-differed: the runs of one cell at one level measured their app's cores (the point's
     * median core speed) further apart than {@link #CORE_SPEED_SPREAD_PERCENT}: part of the spread
     * between those runs is the host's. Says whether the runs' throughput came in the same order as their
     * cores' speed.
     */
    static List<FindingView> coreSpeedDiffered(List<RunRow> runs, List<Point> points) {
        Map<Long, RunRow> byId = new LinkedHashMap<>();
        runs.forEach(run -> byId.put(run.id(), run));
        Map<CellLevel, List<Map.Entry<RunRow, Point>>> cells = new java.util.TreeMap<>(java.util.Comparator
                .comparingInt(CellLevel::jdk).thenComparing(CellLevel::threadModel).thenComparingInt(CellLevel::levelIndex));
        for (Point point : points) {
            RunRow run = byId.get(point.runId());
            if (run != null && point.coreSpeed() != null && point.coreSpeed() > 0) {
                cells.computeIfAbsent(new CellLevel(run.jdk(), run.threadModel(), point.levelIndex(), point.level()),
                        k -> new ArrayList<>()).add(Map.entry(run, point));
            }
        }
        List<FindingView> found = new ArrayList<>();
        cells.forEach((cell, measured) -> {
            if (measured.size() < 2) {
                return;
            }
            measured.sort(java.util.Comparator.comparingInt(e -> e.getKey().repetition()));
            double[] speeds = measured.stream().mapToDouble(e -> e.getValue().coreSpeed()).toArray();
            double median = median(speeds);
            double lowest = java.util.Arrays.stream(speeds).min().orElseThrow();
            double highest = java.util.Arrays.stream(speeds).max().orElseThrow();
            double spread = 100 * (highest - lowest) / median;
            if (spread < CORE_SPEED_SPREAD_PERCENT) {
                return;
            }
            List<Map<String, Object>> perRun = new ArrayList<>();
            for (var e : measured) {
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("repetition", e.getKey().repetition());
                one.put("runId", e.getKey().id());
                one.put("coreSpeed", e.getValue().coreSpeed());
                one.put("throughputRps", e.getValue().throughputRps());
                one.put("cpuMsPerRequest", e.getValue().cpuMsPerRequest());
                perRun.add(one);
            }
            boolean sameOrder = sameOrder(measured);
            Map<String, Object> evidence = new LinkedHashMap<>();
            evidence.put("jdk", cell.jdk());
            evidence.put("threadModel", cell.threadModel().wireName());
            evidence.put("runs", perRun);
            evidence.put("coreSpeedMedian", median);
            evidence.put("spreadPercent", spread);
            evidence.put("throughputInTheSameOrder", sameOrder);
            String speedsText = measured.stream().map(e -> String.format(java.util.Locale.ROOT, "%.1f", e.getValue().coreSpeed()))
                    .collect(Collectors.joining(", "));
            String throughputText = measured.stream().map(e -> num(e.getValue().throughputRps()))
                    .collect(Collectors.joining(", "));
            FindingCode code = FindingCode.CORE_SPEED_DIFFERED;
            found.add(new FindingView(code.code(), code.title(), code.severity(), code.severity(), cell.levelIndex(),
                    cell.level(), null,
                    ("JDK %d %s at level %d: its runs' cores ran at %s steps per CPU-µs (repetitions %s; %s%% apart), "
                            + "their throughput at %s req/s%s.").formatted(cell.jdk(), cell.threadModel().wireName(),
                            cell.level(), speedsText, measured.stream().map(e -> String.valueOf(e.getKey().repetition()))
                                    .collect(Collectors.joining(", ")), num(spread), throughputText,
                            sameOrder ? ", in the same order: part of the spread between the runs is the host's"
                                    : ", not in the same order"),
                    evidence, code.advice(), List.of()));
        });
        return found;
    }

    /** Whether the faster cores gave the higher throughput, run for run (Spearman's rank correlation of at least 0.5). */
    private static boolean sameOrder(List<Map.Entry<RunRow, Point>> measured) {
        int n = measured.size();
        double[] speedRanks = ranks(measured.stream().mapToDouble(e -> e.getValue().coreSpeed()).toArray());
        double[] throughputRanks = ranks(measured.stream().mapToDouble(e -> e.getValue().throughputRps()).toArray());
        double squares = 0;
        for (int i = 0; i < n; i++) {
            squares += (speedRanks[i] - throughputRanks[i]) * (speedRanks[i] - throughputRanks[i]);
        }
        return 1 - 6 * squares / (n * ((double) n * n - 1)) >= 0.5;
    }

    private static double[] ranks(double[] values) {
        double[] ranks = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            int below = 0;
            int equal = 0;
            for (double other : values) {
                below += other < values[i] ? 1 : 0;
                equal += other == values[i] ? 1 : 0;
            }
            ranks[i] = below + (equal + 1) / 2.0;
        }
        return ranks;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** A figure as people read it: no decimals from 100 up, one from 10, two below. */
    private static String num(Double value) {
        if (value == null) {
            return "-";
        }
        double abs = Math.abs(value);
        return String.format(java.util.Locale.ROOT, abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : "%.2f", value);
    }

    /**
     * pinning-fixed-by-jep-491: for a thread model, a JDK up to 23 pinned (a pinning finding, or
     * points with pinned events) and a JDK from 24 on was measured (pinned events counted, from
     * its JFR recording) without pinning. A JDK 24+ whose recording was lost proves nothing, so
     * it does not count as "not pinned".
     */
    static List<FindingView> pinningFixedByJep491(List<RunRow> runs, List<Point> points,
                                                  Map<Long, List<FindingRow>> findings) {
        Map<Long, RunRow> byId = new LinkedHashMap<>();
        runs.forEach(run -> byId.put(run.id(), run));
        Map<ThreadModel, TreeMap<Integer, Pinning>> seen = new TreeMap<>();
        for (Point point : points) {
            RunRow run = byId.get(point.runId());
            if (run == null || point.vtPinnedEvents() == null) {
                continue;
            }
            Pinning p = pinning(seen, run);
            p.counted = true;
            p.events += point.vtPinnedEvents();
            p.pinned |= point.vtPinnedEvents() > 0;
        }
        findings.forEach((runId, rows) -> {
            RunRow run = byId.get(runId);
            if (run == null) {
                return;
            }
            for (FindingRow row : rows) {
                if (row.code().equals(FindingCode.PINNING.code())) {
                    Pinning p = pinning(seen, run);
                    p.pinned = true;
                    if (row.evidence().get("events") instanceof Number n) {
                        p.eventsFromFindings += n.longValue();
                    }
                }
            }
        });
        List<FindingView> found = new ArrayList<>();
        seen.forEach((model, byJdk) -> {
            List<Integer> pinnedOld = byJdk.entrySet().stream()
                    .filter(e -> e.getKey() <= LAST_PINNING_JDK && e.getValue().pinned).map(Map.Entry::getKey).toList();
            List<Integer> newer = byJdk.entrySet().stream()
                    .filter(e -> e.getKey() >= JEP_491_JDK && (e.getValue().counted || e.getValue().pinned))
                    .map(Map.Entry::getKey).toList();
            boolean newerPinned = newer.stream().anyMatch(jdk -> byJdk.get(jdk).pinned);
            if (pinnedOld.isEmpty() || newer.isEmpty() || newerPinned) {
                return;
            }
            Map<String, Object> perJdk = new LinkedHashMap<>();
            byJdk.forEach((jdk, p) -> perJdk.put(String.valueOf(jdk), p.pinnedEvents()));
            Map<String, Object> evidence = new LinkedHashMap<>();
            evidence.put("threadModel", model.wireName());
            evidence.put("pinnedEventsByJdk", perJdk);
            evidence.put("pinnedOn", pinnedOld);
            evidence.put("notPinnedOn", newer);
            evidence.put("jep", 491);
            String summary = "With %s threads, %s pinned carrier threads (%s) and %s did not (%s): JEP 491, in JDK 24, lets a "
                    + "virtual thread blocked inside synchronized unmount from its carrier.";
            FindingCode code = FindingCode.PINNING_FIXED_BY_JEP_491;
            found.add(new FindingView(code.code(), code.title(), code.severity(), code.severity(), null, null, null,
                    summary.formatted(model.wireName(), jdks(pinnedOld), events(pinnedOld, byJdk), jdks(newer),
                            events(newer, byJdk)),
                    evidence, code.advice(), List.of()));
        });
        return found;
    }

    private static Pinning pinning(Map<ThreadModel, TreeMap<Integer, Pinning>> seen, RunRow run) {
        return seen.computeIfAbsent(run.threadModel(), m -> new TreeMap<>()).computeIfAbsent(run.jdk(), j -> new Pinning());
    }

    private static String jdks(List<Integer> jdks) {
        return "JDK " + jdks.stream().map(String::valueOf).collect(Collectors.joining(" and "));
    }

    private static String events(List<Integer> jdks, Map<Integer, Pinning> byJdk) {
        return jdks.stream().map(jdk -> byJdk.get(jdk).pinnedEvents() + " pinned events"
                        + (jdks.size() > 1 ? " on " + jdk : ""))
                .collect(Collectors.joining(", "));
    }
}
