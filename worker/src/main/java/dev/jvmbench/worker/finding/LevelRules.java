package dev.jvmbench.worker.finding;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.Severity;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.WarmupPolicy;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesMetric;
import dev.jvmbench.common.stats.Steadiness;
import dev.jvmbench.worker.probe.ThreadNames;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * The findings one measured level shows on its own, each rule a method with its thresholds as
 * constants (docs/findings.md lists them). Pure: the same facts give the same findings.
 */
final class LevelRules {

    /** Seconds in a row without an answer, while requests are in flight, that count as "stopped answering". */
    static final int STOPPED_SECONDS = 3;
    /** Little's law's predicted response time, as a share of the timeout, from which timeouts are queueing. */
    static final double QUEUEING_SHARE_OF_TIMEOUT = 0.8;
    /** Share of the CFS periods (100 ms) in which the container was throttled. */
    static final double THROTTLED_PERIOD_SHARE = 0.25;
    static final double CFS_PERIODS_PER_SECOND = 10;
    /** Measured throughput above the model's ceiling by more than this share. */
    static final double CEILING_EXCEEDED_SHARE = 1.05;
    /** Scrapes answered in time below this share (the points' scrapes-failed flag uses the same). */
    static final double SCRAPES_ANSWERED_SHARE = 0.9;
    /** CPU of the limit from which a reactive app's starved monitoring means a busy event loop. */
    static final double SATURATED_CPU_PERCENT = 85;
    /** Open descriptors as a share of the nofile limit. */
    static final double FD_SHARE = 0.8;
    static final int CLOSE_WAIT_MIN = 20;
    static final int HIDDEN_THREAD_NAMES_SHOWN = 5;
    static final int CLOSE_WAIT_GROWTH_MIN = 10;
    /** Sockets in CLOSE_WAIT at the window's end that are a finding even when they no longer grow. */
    static final int CLOSE_WAIT_HELD_MIN = 200;
    /** Share of the median latency spent waiting for a pooled connection. */
    static final double POOL_WAIT_SHARE = 0.1;
    /** Throughput at this share of the pool's ceiling, with more users than connections, means the pool caps it. */
    static final double POOL_CEILING_SHARE = 0.8;
    /**
     * CPU of the limit under which carriers held by pinned virtual threads starve the others
     * (RunRules, from JFR's pinned time). The scheduler's queued-task gauge is no evidence of it:
     * a healthy io-http run of 20 users on one carrier showed 3.5 and, in another run, 15.2 queued
     * on average at 42-66 % CPU (FindingsEndToEndTest), so it is kept as a figure, not judged.
     */
    static final double CARRIER_CPU_PERCENT = 80;
    /** OS threads above those at readiness, in absolute number and as a share, in a virtual-thread run. */
    static final int HIDDEN_THREADS_MIN = 20;
    static final double HIDDEN_THREADS_SHARE = 0.5;
    /**
     * The JIT's compiler threads' mean CPU over the window, % of the container's CPU limit, from
     * which the JIT was still compiling: the adaptive warm-up's default bound, so a warm-up that
     * ended on it is not flagged by the same figure (docs/statistics.md, "Adaptive warm-up").
     */
    static final double JIT_CPU_PERCENT = WarmupPolicy.DEFAULT_JIT_CPU_PERCENT;
    /**
     * How far the app's core's speed may move within a window (its 5-second means, in % of the
     * median) before it is a finding: twice the steadiness tolerance, so a move that could by itself
     * tilt a CPU-bound window past that tolerance is named, and the probe's own second-to-second
     * noise (about 1-3 % on a quiet core here, docs/metrics.md "Core speed") is not.
     */
    static final double CORE_SPEED_SPREAD_PERCENT = 10;
    /** The app's CPU, % of its limit, from which its throughput follows its core's speed: it computes half of every second. */
    static final double CORE_BOUND_CPU_PERCENT = 50;
    /** Seconds with a core speed a window needs before its spread is judged. */
    static final int CORE_SPEED_MIN_SECONDS = 6;

    private LevelRules() {
    }

    static List<Finding> evaluate(RunFacts run, LevelFacts level) {
        List<Finding> found = new ArrayList<>();
        loadgenSaturated(level, found);
        offeredRateNotReached(run, level, found);
        stoppedAnswering(level, found);
        queueingTimeouts(run, level, found);
        poolExhausted(run, level, found);
        cpuThrottled(level, found);
        monitoringStarved(run, level, found);
        hiddenPlatformThreads(run, level, found);
        fdPressure(run, level, found);
        closeWaitGrowth(level, found);
        ceilingExceeded(run, level, found);
        notSteady(run, level, found);
        jitCompiling(run, level, found);
        coreSpeedVaried(run, level, found);
        requestErrors(level, found);
        return found;
    }

    private static void loadgenSaturated(LevelFacts l, List<Finding> found) {
        if (!l.loadgenSaturated()) {
            return;
        }
        found.add(finding(FindingCode.LOADGEN_SATURATED, l, l.start(),
                "The load generator used %s%% CPU of its %d cores: %s req/s measures the generator, not the app."
                        .formatted(n(l.loadgenCpuPercent()), l.loadgenCpuCores(), n(l.throughputRps())),
                evidence("loadgenCpuPercent", l.loadgenCpuPercent(), "loadgenCpuCores", l.loadgenCpuCores(),
                        "throughputRps", l.throughputRps()), null));
    }

    private static void offeredRateNotReached(RunFacts run, LevelFacts l, List<Finding> found) {
        if (run.loadModel() != LoadModel.OPEN || !Boolean.FALSE.equals(l.offeredRateReached())) {
            return;
        }
        double started = l.series() == null ? Double.NaN : mean(l.series().column(SeriesMetric.STARTED));
        found.add(finding(FindingCode.OFFERED_RATE_NOT_REACHED, l, l.start(),
                "The generator started %s requests per second of the %d asked: this level did not happen as specified."
                        .formatted(n(started), l.level()),
                evidence("offeredRps", l.level(), "startedRps", started), null));
    }

    /** The longest stretch of seconds that completed nothing while requests were in flight. */
    private static void stoppedAnswering(LevelFacts l, List<Finding> found) {
        PointSeries s = l.series();
        if (s == null || !s.has(SeriesMetric.THROUGHPUT)) {
            return;
        }
        List<Double> ok = s.column(SeriesMetric.THROUGHPUT);
        List<Double> errors = s.column(SeriesMetric.ERRORS);
        List<Double> timeouts = s.column(SeriesMetric.errorsOf("timeout"));
        List<Double> inFlight = s.column(SeriesMetric.IN_FLIGHT);
        int bestStart = -1;
        int bestLength = 0;
        int runStart = -1;
        for (int i = 0; i <= s.seconds(); i++) {
            boolean silent = i < s.seconds() && zero(ok.get(i))
                    && zero(minus(errors.get(i), timeouts.get(i)))
                    && (inFlight.get(i) == null || inFlight.get(i) > 0);
            if (silent && runStart < 0) {
                runStart = i;
            } else if (!silent && runStart >= 0) {
                if (i - runStart > bestLength) {
                    bestLength = i - runStart;
                    bestStart = runStart;
                }
                runStart = -1;
            }
        }
        if (bestLength < STOPPED_SECONDS) {
            return;
        }
        Instant from = s.at(bestStart);
        double inFlightMean = mean(inFlight.subList(bestStart, bestStart + bestLength));
        found.add(finding(FindingCode.STOPPED_ANSWERING, l, from,
                "The app answered no request for %d s from %s while %s requests were in flight; it answered %s req/s over the window."
                        .formatted(bestLength, from, n(inFlightMean), n(l.throughputRps())),
                evidence("silentSeconds", bestLength, "from", from.toString(),
                        "to", from.plusSeconds(bestLength).toString(), "inFlightMean", inFlightMean,
                        "windowSeconds", s.seconds()), null));
    }

    /**
     * Little's law: N users each holding one request, served at capacity C, wait N / C each. When
     * that passes the timeout, the timeouts are queueing for the pool, not slow work.
     */
    private static void queueingTimeouts(RunFacts run, LevelFacts l, List<Finding> found) {
        long timeouts = l.errorsOf("timeout");
        if (run.loadModel() != LoadModel.CLOSED || timeouts == 0) {
            return;
        }
        // The capacity: the scenario's model where it has one, else the best second the app showed
        // (its mean would count the seconds lost to timeouts against it).
        boolean modelled = l.ceilingRps() != null && l.ceilingRps() > 0;
        double capacity = modelled ? l.ceilingRps() : bestSecond(l);
        if (capacity <= 0) {
            return;
        }
        double timeoutSeconds = run.requestTimeoutMs() / 1000.0;
        double predicted = l.level() / capacity;
        if (predicted < QUEUEING_SHARE_OF_TIMEOUT * timeoutSeconds) {
            return;
        }
        long usersThatFit = (long) Math.floor(capacity * timeoutSeconds * QUEUEING_SHARE_OF_TIMEOUT);
        String advice;
        if (run.threadModel() == ThreadModel.PLATFORM && run.maxThreads() != null) {
            double serviceSeconds = run.maxThreads() / capacity;
            long threads = (long) Math.ceil(l.level() * 1.0);
            advice = ("The pool of %d threads serves %s req/s (one request every %s ms per thread): raise "
                    + "server.tomcat.threads.max towards %d (one per user), switch to virtual threads, or stay at or below "
                    + "%d users for the %s s timeout.").formatted(run.maxThreads(), n(capacity), n(serviceSeconds * 1000),
                    threads, usersThatFit, n(timeoutSeconds));
        } else {
            advice = "Stay at or below %d users for the %s s timeout, or raise what caps the app at %s req/s."
                    .formatted(usersThatFit, n(timeoutSeconds), n(capacity));
        }
        found.add(finding(FindingCode.QUEUEING_TIMEOUTS, l, firstSecondWith(l, SeriesMetric.errorsOf("timeout")),
                ("%d users against a capacity of %s req/s (%s): Little's law predicts %s s per request, past the %s s "
                        + "timeout, so the %d timeouts are requests queued for a thread, not slow work.")
                        .formatted(l.level(), n(capacity), modelled ? "the scenario's ceiling" : "its best second",
                                n(predicted), n(timeoutSeconds), timeouts),
                evidence("users", l.level(), "capacityRps", capacity, "capacityFrom", modelled ? "model" : "measured",
                        "predictedResponseSeconds", predicted, "timeoutSeconds", timeoutSeconds, "timeouts", timeouts,
                        "maxThreads", run.maxThreads()), advice));
    }

    private static void poolExhausted(RunFacts run, LevelFacts l, List<Finding> found) {
        if (l.poolPendingMax() != null && l.poolAcquireMeanMs() != null && l.latencyP50Ms() != null
                && l.poolPendingMax() >= 1 && l.poolAcquireMeanMs() >= POOL_WAIT_SHARE * l.latencyP50Ms()) {
            double share = l.poolAcquireMeanMs() / l.latencyP50Ms();
            found.add(finding(FindingCode.POOL_EXHAUSTED, l, l.start(),
                    ("Up to %s requests waited for a database connection, %s ms on average: %s%% of the median latency "
                            + "(%s ms) is waiting for the pool%s.").formatted(n(l.poolPendingMax()), n(l.poolAcquireMeanMs()),
                            n(Math.min(100, share * 100)), n(l.latencyP50Ms()),
                            l.poolMax() == null ? "" : " of " + n(l.poolMax()) + " connections"),
                    evidence("poolPendingMax", l.poolPendingMax(), "poolAcquireMeanMs", l.poolAcquireMeanMs(),
                            "latencyP50Ms", l.latencyP50Ms(), "waitShareOfLatency", share, "poolMax", l.poolMax(),
                            "source", "HikariCP metrics"), null));
            return;
        }
        Double poolSize = run.param("poolSize");
        Double sleepMs = run.param("sleepMs");
        if (!run.stock() || !"io-db".equals(run.scenario()) || poolSize == null || sleepMs == null
                || l.level() <= poolSize) {
            return;
        }
        boolean threadsAreTheLimit = run.threadModel() == ThreadModel.PLATFORM && run.maxThreads() != null
                && run.maxThreads() <= poolSize;
        double poolCeiling = poolSize / (sleepMs / 1000);
        if (threadsAreTheLimit || l.throughputRps() < POOL_CEILING_SHARE * poolCeiling) {
            return;
        }
        found.add(finding(FindingCode.POOL_EXHAUSTED, l, l.start(),
                ("%d users share %s pooled connections: at %s ms per query the pool serves at most %s req/s, and the app "
                        + "ran at %s req/s (%s%% of that): the pool, not the threads, caps throughput.")
                        .formatted(l.level(), n(poolSize), n(sleepMs), n(poolCeiling), n(l.throughputRps()),
                                n(100 * l.throughputRps() / poolCeiling)),
                evidence("users", l.level(), "poolSize", poolSize, "queryMs", sleepMs, "poolCeilingRps", poolCeiling,
                        "throughputRps", l.throughputRps(), "source", "inferred from the ceiling"), null));
    }

    private static void cpuThrottled(LevelFacts l, List<Finding> found) {
        if (l.throttledPeriods() == null || l.measuredSeconds() <= 0) {
            return;
        }
        double share = l.throttledPeriods() / (l.measuredSeconds() * CFS_PERIODS_PER_SECOND);
        if (share < THROTTLED_PERIOD_SHARE) {
            return;
        }
        found.add(finding(FindingCode.CPU_THROTTLED, l, l.start(),
                "The kernel throttled the container in %s%% of its 100 ms CPU periods (%s ms throttled) at %s%% of its CPU limit."
                        .formatted(n(Math.min(100, share * 100)), n(l.throttledMs()), n(l.cpuPercentOfLimit())),
                evidence("throttledPeriods", l.throttledPeriods(), "throttledShare", share, "throttledMs", l.throttledMs(),
                        "cpuPercentOfLimit", l.cpuPercentOfLimit()), null));
    }

    private static void monitoringStarved(RunFacts run, LevelFacts l, List<Finding> found) {
        if (l.scrapeSuccessShare() == null || l.scrapeSuccessShare() >= SCRAPES_ANSWERED_SHARE) {
            return;
        }
        Instant first = firstSecondWhere(l, SeriesMetric.SCRAPE_ANSWERED, value -> value == 0);
        found.add(finding(FindingCode.MONITORING_STARVED, l, first,
                "Only %s%% of the 1-second metrics scrapes were answered in time while the app ran at %s%% of its CPU limit."
                        .formatted(n(100 * l.scrapeSuccessShare()), n(l.cpuPercentOfLimit())),
                evidence("scrapeSuccessShare", l.scrapeSuccessShare(), "cpuPercentOfLimit", l.cpuPercentOfLimit()),
                null));
        if (run.threadModel() == ThreadModel.WEBFLUX && l.cpuPercentOfLimit() != null
                && l.cpuPercentOfLimit() >= SATURATED_CPU_PERCENT) {
            found.add(finding(FindingCode.EVENT_LOOP_BLOCKED, l, first,
                    ("The reactive app used %s%% of its CPU limit and answered only %s%% of its metrics scrapes: the event "
                            + "loop was busy computing, so every request on it waited, the scrape included.")
                            .formatted(n(l.cpuPercentOfLimit()), n(100 * l.scrapeSuccessShare())),
                    evidence("cpuPercentOfLimit", l.cpuPercentOfLimit(), "scrapeSuccessShare", l.scrapeSuccessShare()),
                    null));
        }
    }

    private static void hiddenPlatformThreads(RunFacts run, LevelFacts l, List<Finding> found) {
        if (run.threadModel() != ThreadModel.VIRTUAL || l.osThreadsAtReady() == null || l.osThreadsPeak() == null) {
            return;
        }
        int grown = l.osThreadsPeak() - l.osThreadsAtReady();
        if (grown < HIDDEN_THREADS_MIN || grown < HIDDEN_THREADS_SHARE * l.osThreadsAtReady()) {
            return;
        }
        found.add(finding(FindingCode.HIDDEN_PLATFORM_THREADS, l, firstSecondWhere(l, SeriesMetric.OS_THREADS,
                        value -> value >= l.osThreadsAtReady() + HIDDEN_THREADS_MIN),
                ("The JVM ran %d OS threads at %d users, %d more than the %d it had when ready, although requests run on "
                        + "virtual threads: %s").formatted(l.osThreadsPeak(), l.level(), grown, l.osThreadsAtReady(),
                        whoStartedThem(l.threadsGrownByName(), grown)),
                evidence("osThreadsPeak", l.osThreadsPeak(), "osThreadsAtReady", l.osThreadsAtReady(), "grown", grown,
                        "users", l.level(), "grownByName", l.threadsGrownByName().isEmpty() ? null
                                : top(l.threadsGrownByName(), HIDDEN_THREAD_NAMES_SHOWN)), null));
    }

    /**
     * What the threads' names say of who started them. The scheduler's carriers are {@code
     * ForkJoinPool-N-worker-M} ({@code ForkJoinPool-#-} once the kernel cut and the digits folded;
     * the common pool is {@code ForkJoinPool.commonPool-worker-M}): more of them than the scheduler's
     * parallelism are the carriers it adds while others are held in {@code Object.wait()} (pinned
     * there before JDK 24) or in blocking file I/O, not a pool of the app's.
     */
    private static String whoStartedThem(Map<String, Integer> grownByName, int grown) {
        if (grownByName.isEmpty()) {
            return "something starts platform threads per concurrent call.";
        }
        int carriers = grownByName.getOrDefault(ThreadNames.CARRIERS, 0);
        String names = top(grownByName, HIDDEN_THREAD_NAMES_SHOWN).entrySet().stream()
                .map(entry -> entry.getKey() + " +" + entry.getValue()).collect(Collectors.joining(", "));
        if (carriers * 2 >= grown) {
            return ("%d of them are %s threads, carriers the virtual-thread scheduler added beyond its parallelism to stand "
                    + "in for carriers held in Object.wait() (pinned there before JDK 24) or in blocking file I/O, not a pool "
                    + "of the app's; the pinning finding names the frames. Grown by name: %s.")
                    .formatted(carriers, ThreadNames.CARRIERS, names);
        }
        return "something starts platform threads per concurrent call. Grown by name (the kernel keeps 15 characters, "
                + "digits as #): " + names + ".";
    }

    private static Map<String, Integer> top(Map<String, Integer> ordered, int count) {
        Map<String, Integer> top = new LinkedHashMap<>();
        ordered.entrySet().stream().limit(count).forEach(entry -> top.put(entry.getKey(), entry.getValue()));
        return top;
    }

    private static void fdPressure(RunFacts run, LevelFacts l, List<Finding> found) {
        if (l.openFdsPeak() == null || run.nofileLimit() <= 0 || l.openFdsPeak() < FD_SHARE * run.nofileLimit()) {
            return;
        }
        found.add(finding(FindingCode.FD_PRESSURE, l, firstSecondWhere(l, SeriesMetric.OPEN_FDS,
                        value -> value >= FD_SHARE * run.nofileLimit()),
                "The JVM held up to %d open file descriptors of its limit of %d (%s%%)."
                        .formatted(l.openFdsPeak(), run.nofileLimit(), n(100.0 * l.openFdsPeak() / run.nofileLimit())),
                evidence("openFdsPeak", l.openFdsPeak(), "nofileLimit", run.nofileLimit()), null));
    }

    private static void closeWaitGrowth(LevelFacts l, List<Finding> found) {
        if (l.closeWaitEnd() == null || l.closeWaitGrowth() == null || l.closeWaitEnd() < CLOSE_WAIT_MIN) {
            return;
        }
        // A generator that gives up on a request closes its connection; until the app gets to that
        // request its socket waits in CLOSE_WAIT: each timeout can leave one socket there. Behind a
        // pool's queue or an app that stopped answering, so can each request still in flight when the
        // window ended (given up on just after it, when the count is read). Sockets beyond that echo
        // were left by the app: a leak that ran out of descriptors stops the app answering too.
        boolean stalled = found.stream().anyMatch(f -> f.code() == FindingCode.QUEUEING_TIMEOUTS
                || f.code() == FindingCode.STOPPED_ANSWERING);
        long echo = l.errorsOf("timeout") + (stalled ? inFlightPeak(l) : 0);
        // Growing inside the window beyond that echo, or so many held that they were left there
        // before it: a leak that ran out of descriptors during the warm-up no longer grows, it stays,
        // and the timeouts of one window cannot account for sockets older than the window.
        boolean growing = l.closeWaitGrowth() >= CLOSE_WAIT_GROWTH_MIN && l.closeWaitGrowth() > echo;
        boolean held = l.closeWaitEnd() >= CLOSE_WAIT_HELD_MIN && l.closeWaitEnd() > echo;
        if (!growing && !held) {
            return;
        }
        found.add(finding(FindingCode.CLOSE_WAIT_GROWTH, l, l.start(),
                ("%d of the app's sockets were in CLOSE_WAIT at the end of the window, %d more than at its start: the peer "
                        + "closed them and the app did not close its side (a connection or stream never closed).").formatted(l.closeWaitEnd(), l.closeWaitGrowth()),
                evidence("closeWaitEnd", l.closeWaitEnd(), "closeWaitGrowth", l.closeWaitGrowth(),
                        "openFdsPeak", l.openFdsPeak()), null));
    }

    /** The most requests in flight in one second of the window; the level's users when not measured. */
    private static long inFlightPeak(LevelFacts l) {
        PointSeries s = l.series();
        if (s != null && s.has(SeriesMetric.IN_FLIGHT)) {
            OptionalDouble peak = s.column(SeriesMetric.IN_FLIGHT).stream()
                    .filter(Objects::nonNull).mapToDouble(Double::doubleValue).max();
            if (peak.isPresent()) {
                return (long) Math.ceil(peak.getAsDouble());
            }
        }
        return l.level();
    }

    private static void ceilingExceeded(RunFacts run, LevelFacts l, List<Finding> found) {
        if (l.ceilingShare() == null || l.ceilingShare() <= CEILING_EXCEEDED_SHARE) {
            return;
        }
        found.add(finding(FindingCode.CEILING_EXCEEDED, l, null,
                ("%s req/s measured against a modelled ceiling of %s req/s (%sx): the %s model does not hold for this "
                        + "run.").formatted(n(l.throughputRps()), n(l.ceilingRps()), n(l.ceilingShare()), run.scenario()),
                evidence("throughputRps", l.throughputRps(), "ceilingRps", l.ceilingRps(), "ceilingShare", l.ceilingShare()),
                null));
    }

    private static void notSteady(RunFacts run, LevelFacts l, List<Finding> found) {
        Steadiness.Result s = l.steadiness();
        if (s == null || s.verdict() != Steadiness.Verdict.NOT_STEADY) {
            return;
        }
        String what = run.loadModel() == LoadModel.OPEN ? "median latency" : "throughput";
        boolean warmingUp = run.loadModel() == LoadModel.OPEN ? !s.rising() : s.rising();
        String advice = warmingUp
                ? stillWarmingUpAdvice(run, l, s)
                : "Degrading during the window: look at the level's heap, GC and error series for a leak or a queue building up.";
        var core = l.coreSpeed();
        // a core that held its speed clears the host; one that moved is core-speed-varied's to say
        boolean coreHeld = core.measured() && core.seconds() >= CORE_SPEED_MIN_SECONDS
                && core.spreadPercent() < CORE_SPEED_SPREAD_PERCENT / 2;
        found.add(finding(FindingCode.NOT_STEADY, l, null,
                "The %s %s by %s%% over the measured window (95%% interval %s%% to %s%%), more than the %s%% tolerance.%s"
                        .formatted(what, s.rising() ? "rose" : "fell", n(100 * Math.abs(s.drift())),
                                n(100 * s.driftLow()), n(100 * s.driftHigh()), n(100 * s.tolerance()),
                                coreHeld ? " The app's core held its speed meanwhile (its 5-s means within %s%%): the trend is the app's, not the host's."
                                        .formatted(n(core.spreadPercent())) : ""),
                evidence("drift", s.drift(), "driftLow", s.driftLow(), "driftHigh", s.driftHigh(),
                        "tolerance", s.tolerance(), "seconds", s.seconds(), "series", what,
                        "warmingUp", warmingUp, "coreSpeedSpreadPercent", core.spreadPercent()), advice));
    }

    /** What to change when a window still rose (or, open, fell) like a warm-up: it depends on how this level warmed up. */
    private static String stillWarmingUpAdvice(RunFacts run, LevelFacts l, Steadiness.Result s) {
        WarmupPolicy warmup = run.warmup();
        if (warmup.adaptiveAt(l.levelIndex())) {
            // the adaptive warm-up judged its own last window steady: a drift too slow to show in it shows in a longer one
            return ("Still warming up after the adaptive warm-up ended (it judged its last %s s steady within %s%%, or "
                    + "reached its maximum of %s s): the drift is too slow to show in that window. Lengthen "
                    + "load.warmup.windowSeconds towards the %d s measured here, or raise load.warmup.maxSeconds.")
                    .formatted(warmup.windowSeconds(), n(warmup.tolerancePercent()), warmup.maxSeconds(), s.seconds());
        }
        if (warmup.adaptive()) {
            return ("Still warming up: only the first level warms up adaptively and this one had its %d s. Set "
                    + "load.warmup.everyLevel, or lengthen load.warmupSeconds.").formatted(run.warmupSeconds());
        }
        return ("Still warming up: the %d s warm-up was not enough. Lengthen it (e.g. %d s) or use adaptive warm-up "
                + "(load.warmup.mode \"adaptive\").").formatted(run.warmupSeconds(), Math.max(30, run.warmupSeconds() * 3));
    }

    /**
     * The app's own core changed speed within the window while the app computed most of each second:
     * the same requests cost more CPU in some seconds than in others, so the window measured the host
     * as well as the app. The per-second correlation of the window's series (throughput, or for an
     * open model the median latency) with the core's speed says how closely the app followed it.
     */
    private static void coreSpeedVaried(RunFacts run, LevelFacts l, List<Finding> found) {
        var speed = l.coreSpeed();
        if (!speed.measured() || speed.seconds() < CORE_SPEED_MIN_SECONDS
                || speed.spreadPercent() < CORE_SPEED_SPREAD_PERCENT || l.cpuPercentOfLimit() == null
                || l.cpuPercentOfLimit() < CORE_BOUND_CPU_PERCENT) {
            return;
        }
        boolean open = run.loadModel() == LoadModel.OPEN;
        String what = open ? "median latency" : "throughput";
        Double r = l.series() == null ? null
                : correlation(l.series().column(SeriesMetric.CORE_SPEED),
                        l.series().column(open ? SeriesMetric.LATENCY_P50 : SeriesMetric.THROUGHPUT));
        String followed = r == null ? ""
                : " Per second, the %s %s the core's speed (correlation %s).".formatted(what,
                        Math.abs(r) >= 0.5 ? "followed" : "did not follow", String.format(Locale.ROOT, "%.2f", r));
        boolean notSteady = l.steadiness() != null && l.steadiness().verdict() == Steadiness.Verdict.NOT_STEADY;
        found.add(finding(FindingCode.CORE_SPEED_VARIED, l, null,
                ("The app's core ran at %s to %s steps per CPU-µs over the window's %d-s blocks (median %s): its speed "
                        + "moved %s%% while the app used %s%% of its CPU limit, so the same work cost more CPU in some "
                        + "seconds than in others.%s%s")
                        .formatted(oneDecimal(speed.lowest()), oneDecimal(speed.highest()), speed.blockSeconds(),
                                oneDecimal(speed.median()),
                                n(speed.spreadPercent()), n(l.cpuPercentOfLimit()), followed,
                                notSteady ? " The window's trend (not-steady) may be the host's rather than the app's." : ""),
                evidence("coreSpeedMedian", speed.median(), "coreSpeedLowest", speed.lowest(),
                        "coreSpeedHighest", speed.highest(), "spreadPercent", speed.spreadPercent(),
                        "blockSeconds", speed.blockSeconds(), "cpuPercentOfLimit", l.cpuPercentOfLimit(),
                        "correlation", r, "series", what, "notSteady", notSteady),
                "A window on a core whose speed moves measures the host as well as the app: compare this app in pairs "
                        + "(a paired baseline, whose runs meet the same host beside the job's), and do not read a "
                        + "run-to-run spread of this size as the app's own. The speed of a core moves with what else runs "
                        + "on it: a neighbour that floats onto it (bench.worker.shield-cores keeps other processes off) "
                        + "or, on a virtual machine, another tenant on the same physical core, which no setting of the "
                        + "guest can stop."));
    }

    /** A core speed: one decimal whatever its size, so that close speeds read apart. */
    private static String oneDecimal(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    /** Pearson's correlation over the rows both columns have; null with fewer than 6 or no variance. */
    static Double correlation(List<Double> a, List<Double> b) {
        List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (a.get(i) != null && b.get(i) != null) {
                rows.add(new double[] {a.get(i), b.get(i)});
            }
        }
        if (rows.size() < CORE_SPEED_MIN_SECONDS) {
            return null;
        }
        double meanA = rows.stream().mapToDouble(r -> r[0]).average().orElseThrow();
        double meanB = rows.stream().mapToDouble(r -> r[1]).average().orElseThrow();
        double ab = 0;
        double aa = 0;
        double bb = 0;
        for (double[] row : rows) {
            ab += (row[0] - meanA) * (row[1] - meanB);
            aa += (row[0] - meanA) * (row[0] - meanA);
            bb += (row[1] - meanB) * (row[1] - meanB);
        }
        return aa == 0 || bb == 0 ? null : ab / Math.sqrt(aa * bb);
    }

    /** The compiler threads' CPU over the window's seconds that have it (at least half of them). */
    private static void jitCompiling(RunFacts run, LevelFacts l, List<Finding> found) {
        PointSeries s = l.series();
        if (s == null || !s.has(SeriesMetric.JIT_CPU_MS) || !(run.cpus() > 0)) {
            return;
        }
        List<Double> column = s.column(SeriesMetric.JIT_CPU_MS);
        // a last row shorter than a second is still a second of compiler CPU: the probe scales it
        long known = column.stream().filter(v -> v != null).count();
        if (known == 0 || known * 2 < column.size()) {
            return;
        }
        double meanMs = mean(column);
        double percent = meanMs / (run.cpus() * 1000) * 100;
        if (percent < JIT_CPU_PERCENT) {
            return;
        }
        int busiest = 0;
        for (int i = 0; i < column.size(); i++) {
            if (column.get(i) != null && (column.get(busiest) == null || column.get(i) > column.get(busiest))) {
                busiest = i;
            }
        }
        double peakMs = column.get(busiest);
        // with room beside the app the compiler did not take its CPU: only CPU per request carries it (info)
        boolean roomBeside = WarmupPolicy.roomBesideTheApp(l.cpuPercentOfLimit());
        Finding jit = finding(FindingCode.JIT_COMPILING, l, s.at(busiest),
                ("The JIT's compiler threads used %s ms of CPU per second over the measured window (%s%% of the "
                        + "%s-CPU limit, up to %s ms in one second): the code was still being compiled, so the "
                        + "window measured the JVM warming up.").formatted(n(meanMs), n(percent), n(run.cpus()), n(peakMs)),
                evidence("jitCpuMsPerSecond", meanMs, "jitCpuPercentOfLimit", percent, "jitCpuMsMax", peakMs,
                        "busiestSecond", s.at(busiest).toString(), "secondsMeasured", known,
                        "thresholdPercent", JIT_CPU_PERCENT, "warmupSeconds", run.warmupSeconds()),
                jitAdvice(run, l, meanMs));
        found.add(roomBeside ? new Finding(jit.code(), Severity.INFO, jit.levelIndex(), jit.level(), jit.at(), jit.summary(),
                jit.evidence(), jit.advice()) : jit);
    }

    private static String jitAdvice(RunFacts run, LevelFacts l, double jitMsPerSecond) {
        WarmupPolicy warmup = run.warmup();
        if (WarmupPolicy.roomBesideTheApp(l.cpuPercentOfLimit())) {
            double containerMsPerSecond = l.cpuPercentOfLimit() / 100 * run.cpus() * 1000;
            String perRequest = l.throughputRps() > 0
                    ? " (%s of each request's %s CPU-ms)".formatted(n(jitMsPerSecond / l.throughputRps()),
                    n(containerMsPerSecond / l.throughputRps())) : "";
            return ("The container used %s%% of its CPU limit: the compiler had room beside the app and did not take "
                    + "its CPU, so throughput and latency are the app's own, but CPU per request includes the "
                    + "compiler's %s ms/s%s. Before comparing CPU per request (e.g. between JDKs), lengthen "
                    + "load.warmupSeconds (the least any warm-up takes) until this finding goes.")
                    .formatted(n(l.cpuPercentOfLimit()), n(jitMsPerSecond), perRequest);
        }
        if (warmup.adaptiveAt(l.levelIndex())) {
            return ("The adaptive warm-up ended with the JIT still at work (a JIT burst after it, or its maximum of "
                    + "%s s reached): raise load.warmup.maxSeconds, or lengthen load.warmup.windowSeconds so that "
                    + "a quiet spell between two bursts does not end it.").formatted(warmup.maxSeconds());
        }
        if (warmup.adaptive()) {
            return ("Only the first level warms up adaptively and this one still compiled after its %d s: set "
                    + "load.warmup.everyLevel, or lengthen load.warmupSeconds.").formatted(run.warmupSeconds());
        }
        return ("Lengthen the %d s warm-up (e.g. %d s) or use adaptive warm-up (load.warmup.mode \"adaptive\"), "
                + "which also waits for the JIT.").formatted(run.warmupSeconds(), Math.max(30, run.warmupSeconds() * 3));
    }

    private static void requestErrors(LevelFacts l, List<Finding> found) {
        if (l.errors() == 0) {
            return;
        }
        String causes = l.errorsByCause().entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
        found.add(finding(FindingCode.REQUEST_ERRORS, l, firstSecondWhere(l, SeriesMetric.ERRORS, value -> value > 0),
                "%d of %d requests failed (%s%%): %s.".formatted(l.errors(), l.requests(),
                        n(100.0 * l.errors() / Math.max(1, l.requests())), causes),
                evidence("errors", l.errors(), "requests", l.requests(), "errorsByCause", l.errorsByCause()), null));
    }

    // ---------------------------------------------------------------------------------------

    static Finding finding(FindingCode code, LevelFacts l, Instant at, String summary, Map<String, Object> evidence,
                           String advice) {
        return Finding.of(code, l.levelIndex(), l.level(), at, summary, evidence, advice);
    }

    /** Name-value pairs, nulls left out. */
    static Map<String, Object> evidence(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            if (pairs[i + 1] != null) {
                map.put((String) pairs[i], pairs[i + 1]);
            }
        }
        return map;
    }

    /** The most successes completed in one second of the window, or the window's mean without a series. */
    private static double bestSecond(LevelFacts l) {
        if (l.series() == null || !l.series().has(SeriesMetric.THROUGHPUT)) {
            return l.throughputRps();
        }
        return l.series().column(SeriesMetric.THROUGHPUT).stream().filter(v -> v != null)
                .mapToDouble(Double::doubleValue).max().orElse(l.throughputRps());
    }

    private static Instant firstSecondWith(LevelFacts l, String metric) {
        return firstSecondWhere(l, metric, value -> value > 0);
    }

    private static Instant firstSecondWhere(LevelFacts l, String metric, java.util.function.DoublePredicate test) {
        PointSeries s = l.series();
        if (s == null || !s.has(metric)) {
            return null;
        }
        List<Double> column = s.column(metric);
        for (int i = 0; i < column.size(); i++) {
            if (column.get(i) != null && test.test(column.get(i))) {
                return s.at(i);
            }
        }
        return null;
    }

    private static boolean zero(Double value) {
        return value == null || value == 0;
    }

    private static Double minus(Double a, Double b) {
        return a == null ? null : a - (b == null ? 0 : b);
    }

    private static double mean(List<Double> values) {
        return values.stream().filter(v -> v != null).mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** A figure as people read it: whole numbers as such, else no decimals from 100 up, one from 10, two below. */
    static String n(Double value) {
        if (value == null || value.isNaN()) {
            return "-";
        }
        double abs = Math.abs(value);
        boolean whole = abs < 1e12 && value == Math.rint(value);
        String pattern = whole || abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, value);
    }

    static String n(double value) {
        return n(Double.valueOf(value));
    }
}
