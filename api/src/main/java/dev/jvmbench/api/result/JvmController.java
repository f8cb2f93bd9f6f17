package dev.jvmbench.api.result;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.jvm.JvmChoices;
import dev.jvmbench.common.jvm.JvmFacts;
import dev.jvmbench.common.jvm.Recording;
import dev.jvmbench.common.store.JvmRow;
import dev.jvmbench.common.store.Jobs;
import dev.jvmbench.common.store.RunJvm;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.store.Runs;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What a run's JVM saw and chose (docs/metrics.md, "What the JVM saw"), as the worker stored it
 * from the run's JFR recording, with who chose the collector, the max heap and each non-default
 * flag: the job's options or the JVM's ergonomics (JvmChoices).
 */
@RestController
@Tag(name = "results")
@RequestMapping("/api/v1/runs")
class JvmController {

    private final Runs runs;
    private final Jobs jobs;
    private final RunJvm jvms;

    JvmController(Runs runs, Jobs jobs, RunJvm jvms) {
        this.runs = runs;
        this.jobs = jobs;
        this.jvms = jvms;
    }

    @Operation(operationId = "getRunJvm", summary = "What the run's JVM saw: version, GC, heap, CPUs, container, flags",
            description = "Read from the run's JFR recording once the run ended (docs/metrics.md, \"What the JVM saw\"): the "
                    + "JVM's vendor and version, the collector and max heap it used and whether its ergonomics chose them "
                    + "(for the CPUs and memory it counted) or the options did, the processors it counted "
                    + "(availableProcessors), the container limits it detected, and every flag whose value is not the JDK's "
                    + "default with its origin and who set it (setBy: job, launch, ergonomics, runtime, jvm). 404 for an "
                    + "unknown run, a run whose JVM has not been read yet (it has not ended), a run whose recording was "
                    + "lost (nothing readable came out of the app) and a run of a job that ran without it (recording off).")
    @GetMapping("/{id}/jvm")
    @Transactional(readOnly = true)
    JvmView jvm(@PathVariable long id) {
        RunRow run = runs.find(id).orElseThrow(() -> ApiException.notFound("run", id));
        JvmRow row = jvms.ofRun(id).orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "Not Found",
                "run " + id + " has no JVM facts yet: they are read from its JFR recording once it ends (status "
                        + run.status().name() + ")"));
        if (row.recording() == Recording.OFF) {
            throw new ApiException(HttpStatus.NOT_FOUND, "Not Found", "run " + id + " has no JVM facts: its job ran "
                    + "without the JFR recording they are read from (\"recording\": \"off\")");
        }
        if (row.facts() == null) {
            throw new ApiException(HttpStatus.NOT_FOUND, "Not Found", "run " + id + " has no JVM facts: its JFR recording "
                    + "was lost (recording " + row.recording().wireName() + ")");
        }
        List<String> options = jobs.find(run.jobId()).map(job -> JvmChoices.jobOptions(job.spec(), run.threadModel()))
                .orElse(List.of());
        return JvmView.of(run, row.recording(), row.facts(), options);
    }

    @Schema(name = "RunJvm")
    record JvmView(long runId, long jobId, int jdk, ThreadModel threadModel,
                   @Schema(description = "How much of the JFR recording could be read: complete, or partial (the chunks of "
                           + "a JVM that ran out of memory or was killed)") Recording recording,
                   @Schema(description = "java.vendor where recorded, else java.vm.vendor") String vendor,
                   @Schema(description = "java.runtime.version where recorded, else the version in the build string")
                   String version,
                   @Schema(description = "The feature release: 21, 25, ...") Integer featureVersion,
                   @Schema(description = "e.g. OpenJDK 64-Bit Server VM") String jvmName,
                   @Schema(description = "java.vm.version") String vmVersion,
                   @Schema(description = "The VM's full build string") String build,
                   Gc gc, Heap heap, Cpus cpus,
                   @Schema(description = "The container as the JVM detected it; null outside a container")
                   Container container,
                   @Schema(description = "The ThreadStackSize flag (-Xss), in KB") Long threadStackSizeKb,
                   @Schema(description = "The options as the JVM received them, JAVA_TOOL_OPTIONS included (the "
                           + "platform's own, then the job's)") String jvmArguments,
                   @Schema(description = "The main class or JAR and its arguments") String javaArguments,
                   Instant jvmStartTime,
                   @Schema(description = "The options the job gave this run's JVM: its jvmOptions, and for a platform-thread "
                           + "run the -Xss of platform.stackSizeKb") List<String> jobOptions,
                   @Schema(description = "Every flag whose value is not the JDK's default, by name") List<Flag> flags,
                   @Schema(description = "The system properties the VM set at start (java.vm.*, java.home, ...)")
                   Map<String, String> systemProperties) {

        static JvmView of(RunRow run, Recording recording, JvmFacts facts, List<String> options) {
            return new JvmView(run.id(), run.jobId(), run.jdk(), run.threadModel(), recording, facts.vendor(),
                    facts.runtimeVersion(), facts.featureVersion(), facts.jvmName(), facts.vmVersion(), facts.jvmVersion(),
                    new Gc(JvmChoices.gc(facts), facts.youngCollector(), facts.oldCollector(),
                            JvmChoices.gcByErgonomics(facts)),
                    new Heap(facts.heapMaxBytes(), facts.heapInitialBytes(), facts.heapMinBytes(),
                            JvmChoices.maxHeapByErgonomics(facts)),
                    new Cpus(facts.cpuCount(), facts.containerCpuCount(), facts.hardwareThreads(),
                            facts.activeProcessorCount()),
                    facts.containerType() == null ? null
                            : new Container(facts.containerType(), facts.containerMemoryLimitBytes()),
                    facts.threadStackSizeKb(), facts.jvmArguments(), facts.javaArguments(), facts.jvmStartTime(), options,
                    facts.nonDefaultFlags().stream().map(flag -> new Flag(flag.name(), flag.value(), flag.origin(),
                            JvmChoices.setBy(flag, options))).toList(),
                    new java.util.TreeMap<>(facts.systemProperties()));
        }
    }

    @Schema(name = "RunJvmGc")
    record Gc(@Schema(description = "Serial, G1, Parallel, ZGC, Shenandoah, Epsilon; else the collector's JFR name")
              String name,
              @Schema(description = "jdk.GCConfiguration.youngCollector, e.g. G1New, DefNew (Serial)") String youngCollector,
              @Schema(description = "jdk.GCConfiguration.oldCollector, e.g. G1Old, SerialOld") String oldCollector,
              @Schema(description = "true: the JVM's ergonomics chose the collector for the CPUs and memory it counted "
                      + "(Serial under 2 CPUs or 1792 MB, else G1); false: an option chose it; null: the recording cannot tell")
              Boolean chosenByErgonomics) {
    }

    @Schema(name = "RunJvmHeap")
    record Heap(@Schema(description = "The most the heap can grow to") Long maxBytes, Long initialBytes, Long minBytes,
                @Schema(description = "true: the JVM's default max heap (no -Xmx, MaxRAMPercentage, MaxRAM or "
                        + "MinRAMPercentage); false: an option sized it; null: the recording has no flags")
                Boolean maxChosenByErgonomics) {
    }

    @Schema(name = "RunJvmCpus")
    record Cpus(@Schema(description = "What Runtime.availableProcessors() returned: it sizes GC threads, the ForkJoin and "
                        + "virtual-thread schedulers, Reactor's pools") Integer availableProcessors,
                @Schema(description = "The JVM's reading of the container's CPU quota, rounded up") Long containerCpuCount,
                @Schema(description = "The host's hardware threads") Integer hardwareThreads,
                @Schema(description = "The ActiveProcessorCount flag; -1 when not set") Integer activeProcessorCount) {
    }

    @Schema(name = "RunJvmContainer")
    record Container(@Schema(description = "cgroupv1 or cgroupv2") String type,
                     @Schema(description = "The container's memory limit as the JVM sees it; -1 for none")
                     Long memoryLimitBytes) {
    }

    @Schema(name = "RunJvmFlag")
    record Flag(String name, @Schema(description = "The value as text") String value,
                @Schema(description = "JFR's origin: Command line, Environment variable (JAVA_TOOL_OPTIONS), Ergonomic, "
                        + "Config file, Management, Attach on demand, Internal") String origin,
                @Schema(description = "job: named by the job's options; launch: given at launch by the platform or the image; "
                        + "ergonomics: chosen by the JVM for the machine it counted; runtime: changed while it ran; jvm: "
                        + "another origin") JvmChoices.SetBy setBy) {
    }
}
