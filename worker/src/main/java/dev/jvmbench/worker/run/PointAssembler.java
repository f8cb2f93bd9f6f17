package dev.jvmbench.worker.run;

import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.store.Point;
import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.load.LevelResult;
import dev.jvmbench.worker.probe.ContainerWindow;
import dev.jvmbench.worker.probe.CoreSpeed;
import dev.jvmbench.worker.probe.ScrapeWindow;
import dev.jvmbench.worker.probe.TheoreticalCeiling;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Turns what the load generator and the probes saw in one measured window into a point, with
 * the definitions of docs/metrics.md, and flags what makes a number untrustworthy.
 */
@Component
class PointAssembler {

    static final String LOADGEN_SATURATED = "loadgen-saturated";
    static final String RATE_NOT_REACHED = "offered-rate-not-reached";
    static final String SCRAPES_FAILED = "scrapes-failed";
    static final String ERRORS = "errors";
    private final WorkerProperties properties;

    PointAssembler(WorkerProperties properties) {
        this.properties = properties;
    }

    Point assemble(RunContext ctx, int levelIndex, int level, LevelResult load, ContainerWindow container,
                   ScrapeWindow scrape, CoreSpeed.Window coreSpeed, Integer carriers) {
        long requests = load.requests();
        double seconds = load.measuredSeconds();
        double throughput = load.successes() / seconds;
        Double perRequestCpuMs = requests == 0 ? null : container.cpuSeconds() * 1000 / requests;
        Double memoryPerRequest = throughput <= 0 ? null : container.memoryMeanMb() / throughput;
        Double switchesPerRequest = requests == 0 ? null : (double) container.contextSwitches() / requests;
        boolean saturated = load.loadgenCpuPercent() >= properties.saturationCpuShare() * 100 * load.loadgenCpuCores();
        LoadModel model = ctx.loadSettings().model();
        Boolean rateReached = model == LoadModel.OPEN ? load.offeredRateReached() : null;
        Double ceiling = model == LoadModel.CLOSED ? ceiling(ctx, level, carriers) : null;
        List<String> flags = new ArrayList<>();
        if (saturated) {
            flags.add(LOADGEN_SATURATED);
        }
        if (Boolean.FALSE.equals(rateReached)) {
            flags.add(RATE_NOT_REACHED);
        }
        if (scrape != null && scrape.scrapeSuccessShare() < 0.9) {
            flags.add(SCRAPES_FAILED);
        }
        if (load.errors() > 0) {
            flags.add(ERRORS);
        }
        return new Point(ctx.run.runId(), levelIndex, level, seconds, requests, load.successes(), load.errors(),
                load.errorsByCause(), throughput, ms(load.p50Ms()), ms(load.p95Ms()), ms(load.p99Ms()), ms(load.maxMs()),
                perRequestCpuMs, container.cpuPercentOfLimit(), container.throttledPeriods(), container.throttledMs(),
                container.memoryMeanMb(), container.memoryPeakMb(), memoryPerRequest, switchesPerRequest,
                null, null, null, scrape == null ? null : scrape.virtualMountedMean(),
                scrape == null ? null : scrape.virtualQueuedMean(),
                scrape == null || scrape.virtualParallelismMean() == null ? null
                        : (int) Math.round(scrape.virtualParallelismMean()),
                container.threadsPeak(),
                scrape == null || scrape.peakThreadsMax() == null ? null : (int) Math.round(scrape.peakThreadsMax()),
                scrape == null ? null : scrape.scrapeSuccessShare(),
                load.loadgenCpuPercent(), saturated, rateReached, ceiling,
                TheoreticalCeiling.measuredShare(throughput, ceiling), Math.toIntExact(properties.nofileLimit()), flags,
                null, null, null, null, load.latencyHistogram(), null, null, coreSpeed.median(),
                coreSpeed.spreadPercent());
    }

    private static Double ms(Integer millis) {
        return millis == null ? null : millis.doubleValue();
    }

    /** The closed model's ceiling: what the scenario's waits allow at this concurrency (docs/metrics.md). */
    private static Double ceiling(RunContext ctx, int concurrency, Integer carriers) {
        ScenarioPlan plan = ctx.plan();
        var params = plan.params();
        Double waitMs = switch (plan.name()) {
            case "io-http" -> params.get("delayMs");
            case "io-db", "sleep" -> params.get("sleepMs");
            case "pinning" -> params.get("holdMs");
            default -> null;
        };
        if (!plan.stock() || waitMs == null) {
            return null;
        }
        Double pool = params.get("poolSize");
        return TheoreticalCeiling.requestsPerSecond(new TheoreticalCeiling.Cell(plan.name(),
                ctx.run.threadModel().wireName(), concurrency, ctx.run.spec().platform().maxThreads(),
                Duration.ofNanos((long) (waitMs * 1_000_000)), pool == null ? null : pool.intValue(),
                ctx.run.spec().limits().cpus(), ctx.run.jdk(), carriers));
    }
}
