package dev.jvmbench.worker.run;

import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.job.ScenarioSpec;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.worker.WorkerProperties;
import dev.jvmbench.worker.image.ImageProperties;
import dev.jvmbench.worker.image.ImageResolver;
import dev.jvmbench.worker.metrics.WorkerMetrics;
import dev.jvmbench.worker.queue.ClaimedRun;
import dev.jvmbench.worker.testing.fakes.FakeContainerEngine;
import dev.jvmbench.worker.testing.fakes.FakeContainerProbes;
import dev.jvmbench.worker.testing.fakes.FakeCoreSpeeds;
import dev.jvmbench.worker.testing.fakes.FakeLoadGenerators;
import dev.jvmbench.worker.testing.fakes.InMemoryResults;
import dev.jvmbench.worker.testing.fakes.InMemoryRunControl;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.batch.core.configuration.support.MapJobRegistry;
import org.springframework.batch.core.launch.support.TaskExecutorJobOperator;
import org.springframework.batch.core.repository.support.ResourcelessJobRepository;
import org.springframework.core.task.SyncTaskExecutor;
import tools.jackson.databind.json.JsonMapper;

/**
 * The real run flow (its Batch job, phases and executor) wired to in-memory fakes of the engine,
 * the load generator, the probes, the run-state store and the results, with an in-memory Batch
 * job repository: a run executes in milliseconds, with no Docker and no database.
 */
final class RunFlowHarness {

    static final ScenarioCatalog SCENARIOS = ScenarioCatalog.load(ScenarioCatalog.DEFAULT_LOCATION);
    static final JdkCatalog JDKS = JdkCatalog.load(JdkCatalog.DEFAULT_LOCATION);

    final FakeContainerEngine engine = new FakeContainerEngine().withImages("jvmbench/target-mvc:jdk25",
            "jvmbench/target-webflux:jdk25", AppContainers.NGINX_IMAGE,
            AppContainers.POSTGRES_IMAGE);
    final FakeLoadGenerators generators = new FakeLoadGenerators();
    final FakeContainerProbes probes = new FakeContainerProbes();
    final FakeCoreSpeeds coreSpeeds = new FakeCoreSpeeds();
    final InMemoryRunControl control = new InMemoryRunControl();
    final InMemoryResults results = new InMemoryResults();
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final Path workRoot;
    private final RunExecutor executor;

    RunFlowHarness(Path workRoot) throws Exception {
        this.workRoot = workRoot;
        WorkerProperties properties = new WorkerProperties(true, "worker-1", Duration.ofSeconds(2),
                Duration.ofSeconds(5), Duration.ofSeconds(60), 2, workRoot, workRoot.resolve("data"),
                Duration.ofSeconds(180), Duration.ofSeconds(5), 4096, 16384, 0.9);
        WorkerMetrics metrics = new WorkerMetrics(registry);
        JsonMapper json = JsonMapper.builder().build();
        ImageResolver images = new ImageResolver(engine, JDKS, ImageProperties.defaults().withWorkDir(workRoot.resolve("jib")),
                URI.create("unix:///var/run/docker.sock"));
        RunLogs logs = new RunLogs(engine, results, json);
        RunDiagnosis diagnosis = new RunDiagnosis(results, properties);
        TeardownPhase teardown = new TeardownPhase(engine, logs, metrics, diagnosis);
        ResourcelessJobRepository repository = new ResourcelessJobRepository();
        BenchmarkJobFactory jobs = new BenchmarkJobFactory(repository,
                new ProvisionPhase(engine, images, probes, coreSpeeds, SCENARIOS, JDKS, properties, metrics),
                new VerifyPhase(json),
                new LoadPhase(generators, engine, new PointAssembler(properties), results, control, properties, metrics,
                        Clock.systemUTC()),
                new CollectPhase(engine, results, logs, diagnosis), teardown, engine, control, metrics);
        TaskExecutorJobOperator operator = new TaskExecutorJobOperator();
        operator.setJobRepository(repository);
        operator.setTaskExecutor(new SyncTaskExecutor());
        // runs are started with their Job object, never looked up by name: an empty registry does
        operator.setJobRegistry(new MapJobRegistry());
        operator.afterPropertiesSet();
        this.executor = new RunExecutor(jobs, teardown, operator, control, properties, metrics, Clock.systemUTC(),
                dev.jvmbench.worker.cores.CorePinning.off("the run flow's tests place nothing"));
    }

    RunExecutor executor() {
        return executor;
    }

    /** Executes one run of {@code spec} to its end, as the worker loop would. */
    void execute(ClaimedRun run) {
        executor.execute(run);
    }

    /** io-http (nginx upstream) on JDK 25 at the given levels, one repetition. */
    static JobSpec ioHttp(ThreadModel model, Integer... levels) {
        return spec("io-http", model, levels);
    }

    static JobSpec spec(String scenario, ThreadModel model, Integer... levels) {
        return new JobSpec(null, List.of(model), List.of(25), new ScenarioSpec(scenario, Map.of(), null),
                new LoadProfile(null, List.of(levels), 5, 1, null), null, 1, null, List.of(), Map.of(), null, null,
                null, null, null).normalized();
    }

    static ClaimedRun claimed(JobSpec spec) {
        return new ClaimedRun(7, 3, 1, spec.jdks().getFirst(), spec.threadModels().getFirst(), 1, 1, spec, null);
    }
}
