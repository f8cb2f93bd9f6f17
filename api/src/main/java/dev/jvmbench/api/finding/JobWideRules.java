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

    static List<FindingView> of(List<RunRow> runs, List<Point> points, Map<Long, List<FindingRow>> findings) {
        return pinningFixedByJep491(runs, points, findings);
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
