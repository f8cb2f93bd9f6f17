package dev.jvmbench.worker.run;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.Upstream;
import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.container.ContainerSpec;
import dev.jvmbench.worker.container.ReadinessStrategy;
import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.image.AppSource;
import dev.jvmbench.worker.image.ImageResolutionException;
import dev.jvmbench.worker.image.ImageResolver;
import dev.jvmbench.worker.image.ResolvedImage;
import dev.jvmbench.worker.metrics.WorkerMetrics;
import dev.jvmbench.worker.probe.ContainerProbe;
import dev.jvmbench.worker.probe.ContainerProbes;
import dev.jvmbench.worker.probe.CoreSpeed;
import dev.jvmbench.worker.probe.CoreSpeeds;
import dev.jvmbench.worker.probe.PrometheusScraper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Provision: the run's image (given, stock, or built from the uploaded JAR), its upstreams and
 * the app under its limits, up to the app's readiness. Everything started is known to the
 * context at once, so teardown finds it whatever fails next.
 */
@Component
class ProvisionPhase {

    private static final Logger log = LoggerFactory.getLogger(ProvisionPhase.class);
    private static final Duration NGINX_READY = Duration.ofSeconds(30);
    private static final Duration POSTGRES_READY = Duration.ofSeconds(60);
    private final ContainerEngine engine;
    private final ImageResolver images;
    private final ContainerProbes probes;
    private final CoreSpeeds coreSpeeds;
    private final ScenarioCatalog scenarios;
    private final JdkCatalog jdks;
    private final WorkerProperties properties;
    private final WorkerMetrics metrics;

    ProvisionPhase(ContainerEngine engine, ImageResolver images, ContainerProbes probes, CoreSpeeds coreSpeeds,
                   ScenarioCatalog scenarios, JdkCatalog jdks, WorkerProperties properties, WorkerMetrics metrics) {
        this.engine = engine;
        this.images = images;
        this.probes = probes;
        this.coreSpeeds = coreSpeeds;
        this.scenarios = scenarios;
        this.jdks = jdks;
        this.properties = properties;
        this.metrics = metrics;
    }

    void resolveImage(RunContext ctx) {
        JobSpec spec = ctx.run.spec();
        ctx.plan(ScenarioPlan.of(spec, scenarios));
        if (jdks.find(ctx.run.jdk()).filter(j -> j.available()).isEmpty()) {
            throw new RunFailure("JDK " + ctx.run.jdk() + " is not available in this worker's catalogue");
        }
        AppSource source;
        if (spec.usesStockApps()) {
            source = new AppSource.Stock();
        } else if (spec.app().image() != null) {
            source = new AppSource.Image(spec.app().image());
        } else {
            var jar = ctx.run.jar();
            source = new AppSource.Artifact(Path.of(jar.storagePath()), jar.sha256(), jar.mainClass());
        }
        ResolvedImage resolved;
        try {
            resolved = images.resolve(source, ctx.run.jdk(), ctx.run.threadModel());
        } catch (ImageResolutionException e) {
            // Its message is written as a failure reason (e.g. artifact-corrupt: ... does not match its sha256).
            throw new RunFailure(e.getMessage(), e);
        }
        ctx.image(resolved.reference());
        log.info("{}: image {} ({})", ctx.run.label(), resolved.reference(), resolved.origin());
    }

    void startUpstreams(RunContext ctx) {
        ScenarioPlan plan = ctx.plan();
        if (plan.needs(Upstream.HTTP)) {
            int port = freePort();
            RunningContainer nginx = start(ctx, Upstream.HTTP,
                    AppContainers.nginx(ctx, port, properties, platformImage(AppContainers.NGINX_IMAGE)), port);
            expectReady("the nginx upstream", nginx, ReadinessStrategy.http(port, "/health", NGINX_READY));
        }
        if (plan.needs(Upstream.DB)) {
            int port = freePort();
            RunningContainer postgres = start(ctx, Upstream.DB,
                    AppContainers.postgres(ctx, port, properties, platformImage(AppContainers.POSTGRES_IMAGE)), port);
            expectReady("the PostgreSQL upstream", postgres, ReadinessStrategy.tcp(port, POSTGRES_READY));
        }
    }

    /** An upstream's image where the run's images are (the local engine, or the registry the node pulls from). */
    private String platformImage(String name) {
        try {
            return images.platformImage(name);
        } catch (ImageResolutionException e) {
            throw new RunFailure(e.getMessage(), e);
        }
    }

    private RunningContainer start(RunContext ctx, Upstream upstream, ContainerSpec spec, int port) {
        RunningContainer container = engine.start(spec);
        metrics.containerStarted(WorkerMetrics.UPSTREAM);
        ctx.upstreams(ctx.upstreams().with(upstream, container, port));
        return container;
    }

    void startApp(RunContext ctx) {
        JobSpec spec = ctx.run.spec();
        ScenarioPlan plan = ctx.plan();
        int port = spec.usesStockApps() || spec.app().port() == null ? freePort() : spec.app().port();
        AppPorts ports = spec.usesStockApps() ? new AppPorts(port, freePortOtherThan(port)) : AppPorts.shared(port);
        // before the app, so that its cores' speed is known from its first second on
        CoreSpeed coreSpeed = ctx.closeAtTeardown("core-speed probe", coreSpeeds.start(ctx.placement()));
        coreSpeed.unmeasured().ifPresent(why -> log.debug("{}: core speed not measured: {}", ctx.run.label(), why));
        RunningContainer container = engine.start(AppContainers.app(ctx, ports, properties));
        metrics.containerStarted(WorkerMetrics.APP);
        ctx.appContainer(container);
        ContainerProbe probe = ctx.closeAtTeardown("container probe",
                probes.start(container.id(), container.hostPid(), spec.limits().cpus()));
        // Probing the benchmarked request itself is only safe for a GET: then its status is the answer.
        boolean probesTheRequest = plan.readinessPath().equals(plan.pathAndQuery()) && plan.method().equals("GET");
        int expected = probesTheRequest ? plan.expectedStatus() : 200;
        // the built-in scenarios' readiness is an actuator endpoint: where the actuator is
        int readinessPort = plan.readinessPath().startsWith("/actuator/") ? ports.management() : port;
        ContainerOutcome outcome = engine.awaitReady(container, ReadinessStrategy.http(readinessPort, plan.readinessPath(),
                expected, properties.readinessTimeout()));
        switch (outcome) {
            case ContainerOutcome.Ready ready -> log.info("{}: app ready after {} ms", ctx.run.label(), ready.after().toMillis());
            case ContainerOutcome.OomKilled oom -> throw new RunFailure("app OOMKilled before it was ready (memory limit "
                    + spec.limits().memoryMb() + " MB)" + AppEnd.tail(oom.logTail()));
            case ContainerOutcome.Exited exited -> throw new RunFailure("app exited " + exited.exitCode()
                    + " before it was ready" + AppEnd.tail(exited.logTail()));
            case ContainerOutcome.TimedOut timedOut -> throw new RunFailure("readiness timeout: the app did not answer "
                    + plan.readinessPath() + " within " + timedOut.after().toSeconds() + " s");
        }
        URI prometheus = URI.create("http://127.0.0.1:" + ports.management() + "/actuator/prometheus");
        PrometheusScraper scraper = AppHttp.answers(prometheus)
                ? ctx.closeAtTeardown("Prometheus scraper", PrometheusScraper.start(prometheus)) : null;
        ctx.app(new StartedApp(container, port, probe, scraper, coreSpeed));
    }

    private void expectReady(String what, RunningContainer container, ReadinessStrategy readiness) {
        ContainerOutcome outcome = engine.awaitReady(container, readiness);
        if (!(outcome instanceof ContainerOutcome.Ready)) {
            throw new RunFailure(what + " failed to start: " + outcome.reason()
                    + (outcome instanceof ContainerOutcome.Exited e ? AppEnd.tail(e.logTail()) : ""));
        }
    }

    private static int freePortOtherThan(int taken) {
        int port = freePort();
        while (port == taken) {
            port = freePort();
        }
        return port;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new RunFailure("no free port on 127.0.0.1: " + e.getMessage());
        }
    }
}
