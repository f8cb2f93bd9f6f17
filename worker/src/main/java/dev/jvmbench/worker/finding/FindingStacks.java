package dev.jvmbench.worker.finding;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.EventLoopThreads;
import dev.jvmbench.common.profile.ProfileKind;
import dev.jvmbench.worker.probe.ApplicationFrames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stacks that carry a finding, from the level's profiles (docs/findings.md, "Stacks behind a
 * finding"): allocation stacks by bytes for {@code gc-pressure}, lock stacks (monitor enters and
 * parks, by blocked time) for {@code pool-exhausted}, pinned stacks for {@code pinning}, and the
 * event-loop threads' CPU stacks (and their lock stacks, when they blocked) for {@code
 * event-loop-blocked}. The findings are computed where they always were (a level's as it ends, the
 * run's from its recording); this adds to their evidence, once the run's profiles are cut, a list
 * {@code stacks} of one entry per profile read:
 *
 * <ul>
 *   <li>{@code kind} (cpu, alloc, lock, pinned), {@code threads} ({@code all} or {@code event-loop}),
 *       {@code unit} of the values, {@code total} (the level's whole profile, every thread),
 *       {@code requests} and {@code perRequestUnit} (ms for cpu with a known sampling period, lock
 *       and pinned; bytes for alloc; samples for cpu without a period);</li>
 *   <li>for {@code event-loop}, {@code selected} and {@code selectedShare}: the event-loop threads'
 *       value and its share of {@code total};</li>
 *   <li>{@code top}: the {@value #TOP_STACKS} largest stacks, each with {@code frame} (its first
 *       application frame from the top, {@link ApplicationFrames}, else its leaf), {@code frames}
 *       (methods from the leaf down to two callers of that frame, at most {@value #FRAMES_SHOWN}; eight
 *       without an application frame), {@code
 *       value}, {@code share} of {@code total} (the width it has in the flame graph) and {@code
 *       perRequest};</li>
 *   <li>{@code note}: why {@code top} is empty, or what the kind cannot see (virtual threads' parks);</li>
 *   <li>or, instead of all that, {@code missing}: why the level has no profile (no recording, a
 *       recording that ends before the level did).</li>
 * </ul>
 */
final class FindingStacks {

    static final int TOP_STACKS = 3;
    static final int FRAMES_SHOWN = 12;
    /** Frames shown below a stack's application frame: who called it. */
    static final int CALLERS_SHOWN = 2;
    /** Frames shown of a stack without an application frame. */
    static final int FRAMES_WITHOUT_APPLICATION = 8;
    static final String ALL = "all";
    static final String EVENT_LOOP = "event-loop";
    /** Checked on JDK 25 (docs/findings.md, "Stacks behind a finding"). */
    static final String VIRTUAL_PARKS = "a virtual thread that parks (waiting for a pooled connection, a lock, a queue) "
            + "records no jdk.ThreadPark event, nor a jdk.JavaMonitorEnter when it blocks on a monitor (JDK 25): these "
            + "are platform threads' waits only";

    private FindingStacks() {
    }

    /** The findings with the stacks that carry them added to their evidence; the others as they are. */
    static List<Finding> attach(List<Finding> findings, RunFacts run, RunObservations.Profiles profiles) {
        return findings.stream().map(finding -> attach(finding, run, profiles)).toList();
    }

    private static Finding attach(Finding finding, RunFacts run, RunObservations.Profiles profiles) {
        if (finding.levelIndex() == null) {
            return finding;
        }
        LevelStacks level = profiles.level(finding.levelIndex());
        List<Map<String, Object>> stacks = switch (finding.code()) {
            case GC_PRESSURE -> List.of(extract(ProfileKind.ALLOC, false, level, run));
            case POOL_EXHAUSTED -> List.of(extract(ProfileKind.LOCK, false, level, run));
            case PINNING -> List.of(extract(ProfileKind.PINNED, false, level, run));
            case EVENT_LOOP_BLOCKED -> eventLoop(level, run);
            default -> null;
        };
        if (stacks == null) {
            return finding;
        }
        Map<String, Object> evidence = new LinkedHashMap<>(finding.evidence());
        evidence.put("stacks", stacks);
        return new Finding(finding.code(), finding.severity(), finding.levelIndex(), finding.level(), finding.at(),
                finding.summary(), evidence, finding.advice());
    }

    /** The loops' CPU, and their blocking when they blocked at all. */
    private static List<Map<String, Object>> eventLoop(LevelStacks level, RunFacts run) {
        Map<String, Object> cpu = extract(ProfileKind.CPU, true, level, run);
        if (level.missing() != null || level.profile(ProfileKind.LOCK).onEventLoops() == 0) {
            return List.of(cpu);
        }
        return List.of(cpu, extract(ProfileKind.LOCK, true, level, run));
    }

    static Map<String, Object> extract(ProfileKind kind, boolean eventLoopsOnly, LevelStacks level, RunFacts run) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kind", kind.wireName());
        out.put("threads", eventLoopsOnly ? EVENT_LOOP : ALL);
        if (level.missing() != null) {
            out.put("missing", level.missing());
            return out;
        }
        LevelStacks.Profile profile = level.profile(kind);
        PerRequest perRequest = PerRequest.of(kind, level);
        out.put("unit", kind.unit());
        out.put("total", profile.total());
        out.put("requests", level.requests());
        out.put("perRequestUnit", perRequest.unit());
        if (eventLoopsOnly) {
            out.put("selected", profile.onEventLoops());
            out.put("selectedShare", profile.total() == 0 ? 0.0 : (double) profile.onEventLoops() / profile.total());
        }
        List<Map<String, Object>> top = new ArrayList<>();
        for (Map.Entry<String, Long> stack : profile.stacks().stacks().entrySet()) {
            if (top.size() == TOP_STACKS) {
                break;
            }
            if (eventLoopsOnly && !EventLoopThreads.onEventLoop(stack.getKey())) {
                continue;
            }
            top.add(stack(stack.getKey(), stack.getValue(), profile.total(), perRequest));
        }
        out.put("top", top);
        String note = note(kind, eventLoopsOnly, profile, top.isEmpty(), run);
        if (note != null) {
            out.put("note", note);
        }
        return out;
    }

    private static Map<String, Object> stack(String stack, long value, long total, PerRequest perRequest) {
        // the methods only: an event loop's root says no more than "threads" does
        List<String> leafFirst = CollapsedStacks.frames(stack).reversed().stream()
                .filter(frame -> !EventLoopThreads.isRoot(frame)).toList();
        int application = -1;
        for (int i = 0; i < leafFirst.size() && application < 0; i++) {
            if (isApplication(leafFirst.get(i))) {
                application = i;
            }
        }
        int shown = application < 0 ? FRAMES_WITHOUT_APPLICATION : application + 1 + CALLERS_SHOWN;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("frame", leafFirst.get(Math.max(0, application)));
        out.put("frames", List.copyOf(leafFirst.subList(0, Math.min(leafFirst.size(), Math.min(shown, FRAMES_SHOWN)))));
        out.put("value", value);
        out.put("share", total == 0 ? 0.0 : (double) value / total);
        if (perRequest.divisor() > 0) {
            out.put("perRequest", (double) value * perRequest.multiplier() / perRequest.divisor());
        }
        return out;
    }

    /** A frame of the application: {@code pkg.Class.method} of a class no framework's ({@link ApplicationFrames}). */
    static boolean isApplication(String frame) {
        int dot = frame.lastIndexOf('.');
        return dot > 0 && ApplicationFrames.isApplicationClass(frame.substring(0, dot));
    }

    private static String note(ProfileKind kind, boolean eventLoopsOnly, LevelStacks.Profile profile, boolean none,
                               RunFacts run) {
        boolean virtualLock = kind == ProfileKind.LOCK && run.threadModel() == ThreadModel.VIRTUAL;
        if (!none) {
            return virtualLock ? VIRTUAL_PARKS + "." : null;
        }
        String empty = switch (kind) {
            case CPU -> "no execution sample";
            case ALLOC -> "no allocation sample";
            case LOCK -> "no monitor enter or park of 20 ms or more (JFR's threshold)";
            case PINNED -> "no pinned virtual thread (20 ms or more)";
        };
        if (profile.total() == 0) {
            return empty + " in the level's window" + (virtualLock ? ": " + VIRTUAL_PARKS : "") + ".";
        }
        if (eventLoopsOnly && profile.onEventLoops() == 0) {
            return "none of the level's " + profile.total() + " " + kind.unit() + " was on an event-loop thread (named "
                    + "webflux-http-*, reactor-http-*, *EventLoopGroup-* or vert.x-eventloop-thread-*, or running a Netty "
                    + "event loop).";
        }
        // some value, but every stack of it too small to be kept
        return "every stack" + (eventLoopsOnly ? " on an event-loop thread" : "")
                + " carries less than 0.1 % of the profile: none is kept.";
    }

    /**
     * A stack's value per request in {@code unit}: value x {@code multiplier} / {@code divisor}
     * (a divisor of 0: the level had no request, no figure).
     */
    record PerRequest(String unit, long multiplier, double divisor) {

        static PerRequest of(ProfileKind kind, LevelStacks level) {
            double requests = level.requests();
            return switch (kind) {
                case CPU -> level.samplingPeriodNs() == null ? new PerRequest("samples", 1, requests)
                        : new PerRequest("ms", level.samplingPeriodNs(), 1e6 * requests);
                case ALLOC -> new PerRequest("bytes", 1, requests);
                case LOCK, PINNED -> new PerRequest("ms", 1, 1e6 * requests);
            };
        }
    }
}
