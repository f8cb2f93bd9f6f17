package dev.jvmbench.common.finding;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/**
 * The catalogue of findings: what the platform can explain about a run, each with its default
 * severity, what it means and the usual remedy. A finding stored on a run carries its own
 * sentence with the run's numbers; this is the general text (GET /api/v1/catalog/findings,
 * docs/findings.md, which a test keeps in step with this list).
 */
public enum FindingCode {

    JAVA_OOM("java-oom", Severity.CRITICAL, "The JVM ran out of memory",
            "A java.lang.OutOfMemoryError was thrown inside the app (heap, metaspace, direct buffers or native "
                    + "threads), seen in its log or its JFR recording. The process may live on with a dead thread "
                    + "(e.g. Tomcat's acceptor): what follows measures a broken app. Distinct from the container's "
                    + "OOM kill, which fails the run with its own reason.",
            "Give the heap more room (-Xmx or -XX:MaxRAMPercentage against the container limit), bound the "
                    + "work in flight (virtual threads start every request at once: limit concurrency with a "
                    + "semaphore or max-connections), or find what the heap holds (heap dump)."),
    STOPPED_ANSWERING("stopped-answering", Severity.CRITICAL, "The app stopped answering",
            "For seconds in a row the app completed no request while requests were in flight and its process was "
                    + "alive: a dead acceptor, a deadlock, an exhausted pool that never frees.",
            "Read the app's log at the time given, take a thread dump in that state, and look for the finding "
                    + "that came just before (often java-oom)."),
    QUEUEING_TIMEOUTS("queueing-timeouts", Severity.WARNING, "Timeouts are queueing, not slow work",
            "Little's law (users = throughput x response time) predicts that at this concurrency a request waits "
                    + "longer for a thread (or connection) than the request timeout: the timeouts are requests "
                    + "queued behind a fixed pool, not a slow upstream.",
            "Raise the pool to at least users x service time / 1 s, switch to virtual threads or WebFlux, or "
                    + "lower the concurrency; the throughput is the pool's ceiling."),
    POOL_EXHAUSTED("pool-exhausted", Severity.WARNING, "The connection pool is the bottleneck",
            "Requests wait for a pooled database connection (HikariCP's pending threads and acquire time, when "
                    + "the app exposes them; else the throughput sits at pool size / query time while users exceed "
                    + "the pool): the pool, not the threads, caps throughput.",
            "Size the pool for the concurrency the database can serve, or bound the app's concurrency to the pool "
                    + "(more virtual threads only queue longer for the same connections)."),
    PINNING("pinning", Severity.WARNING, "Virtual threads pinned their carriers",
            "A virtual thread blocked while pinned (inside synchronized on JDK 23 and older, or in native code), "
                    + "holding one of the few carrier threads: the JFR events name the frames that pin.",
            "Replace synchronized around blocking calls with a ReentrantLock, or move to JDK 24+ where JEP 491 "
                    + "lets virtual threads unmount inside synchronized."),
    PINNING_FIXED_BY_JEP_491("pinning-fixed-by-jep-491", Severity.INFO, "JDK 24+ does not pin here (JEP 491)",
            "The same job pinned carriers on JDK 23 or older and not on JDK 24 or newer: JEP 491 (synchronized "
                    + "without pinning) explains the difference between the JDKs.",
            "Upgrade to JDK 24+ or remove the synchronized blocks around blocking calls."),
    CARRIER_STARVATION("carrier-starvation", Severity.WARNING, "Virtual threads waited for carriers",
            "Runnable virtual threads queued for a carrier thread while the CPU was not saturated: the carriers "
                    + "were held (pinned, or blocked in native code), not busy computing.",
            "Find what holds the carriers (the pinning finding names frames); raising "
                    + "jdk.virtualThreadScheduler.parallelism only hides it."),
    GC_PRESSURE("gc-pressure", Severity.WARNING, "Garbage collection takes a large share of the time",
            "GC pauses took a large share of each second, or the heap stayed near its maximum after collections: "
                    + "the app spends its CPU and latency on memory management.",
            "Give the heap more room, reduce allocation per request, or check the GC in use against the heap size."),
    CPU_THROTTLED("cpu-throttled", Severity.WARNING, "The container hit its CPU quota",
            "The kernel throttled the container (its CFS quota ran out) in many scheduling periods: latency includes "
                    + "time spent waiting for the next period, and the throughput is the quota's.",
            "This is the limit the job set; compare per-request CPU, or give the app more CPUs."),
    HIDDEN_PLATFORM_THREADS("hidden-platform-threads", Severity.WARNING, "Platform threads grow with load in a virtual-thread run",
            "The app's OS threads rose with the load level although requests run on virtual threads: a library "
                    + "(typically an HTTP client's default executor) starts platform threads per concurrent call.",
            "Give the client a virtual-thread executor (e.g. HttpClient.newBuilder().executor("
                    + "Executors.newVirtualThreadPerTaskExecutor())), or bound its pool."),
    FD_PRESSURE("fd-pressure", Severity.WARNING, "Open files near the limit",
            "The JVM's open file descriptors came close to its nofile limit: more connections or files will fail "
                    + "with 'Too many open files'.",
            "Close what the app opens (connections, streams), or raise the limit."),
    CLOSE_WAIT_GROWTH("close-wait-growth", Severity.WARNING, "Sockets left in CLOSE_WAIT",
            "The peer closed connections the app never closed: its sockets pile up in CLOSE_WAIT and its open file "
                    + "descriptors grow with the requests.",
            "Close responses and connections (try-with-resources, read bodies to the end), or use a pooled client."),
    MONITORING_STARVED("monitoring-starved", Severity.WARNING, "The app stopped answering its monitoring",
            "The 1-second Prometheus scrapes of the app were not answered in time while load ran: a saturated app "
                    + "also starves its metrics endpoint, so its dashboards go blank exactly when they matter.",
            "Leave CPU headroom, keep CPU work off the request threads' event loop, or serve metrics on a separate "
                    + "port or thread pool."),
    EVENT_LOOP_BLOCKED("event-loop-blocked", Severity.WARNING, "CPU work on the event loop",
            "A reactive app's event loop was busy computing while the CPU was saturated: every other request on "
                    + "that loop, the metrics scrape included, waited.",
            "Move CPU work off the event loop (publishOn/subscribeOn Schedulers.parallel() or boundedElastic())."),
    CLIENT_POOL_EXHAUSTED("client-pool-exhausted", Severity.WARNING, "The HTTP client's connection pool refused requests",
            "The app's HTTP client had no free connection and its queue of pending acquisitions was full "
                    + "(Reactor Netty: 'Pending acquire queue has reached its maximum size'): requests failed in the "
                    + "app, not in the upstream.",
            "Size the client's pool (maxConnections, pendingAcquireMaxCount) for the concurrency, or bound the "
                    + "app's concurrency."),
    REQUEST_ERRORS("request-errors", Severity.WARNING, "Requests failed",
            "Requests of the measured window failed: the error counts by cause say how (timeouts, statuses, "
                    + "refused or reset connections).",
            "Read the app's log at the time of the first errors; other findings of the level often name the cause."),
    LOADGEN_SATURATED("loadgen-saturated", Severity.CRITICAL, "The load generator was the limit",
            "The load generator used nearly all the CPU it may use during the window: the throughput measures the "
                    + "generator, not the app.",
            "Run fewer levels per host, give the generator more cores, or lower the level."),
    OFFERED_RATE_NOT_REACHED("offered-rate-not-reached", Severity.CRITICAL, "The arrival rate asked was not offered",
            "In an open-model level the generator started fewer requests per second than asked: the level did not "
                    + "happen as specified.",
            "Lower the rate or give the generator more CPU."),
    CEILING_EXCEEDED("ceiling-exceeded", Severity.INFO, "Measured above the theoretical ceiling",
            "The throughput beat the scenario's model (concurrency, threads or pool / wait time): the model is "
                    + "wrong for this app, e.g. carriers were not the limit the model assumed.",
            "Trust the measurement; read the model's assumptions in docs/metrics.md."),
    NOT_STEADY("not-steady", Severity.WARNING, "The window was not steady",
            "The per-second throughput (latency, for an open model) trended over the measured window by more than "
                    + "the tolerance: still warming up (rising) or degrading (falling). Its median is not the app's "
                    + "steady state; the point is left out of gate verdicts unless the job includes it.",
            "Warming up: lengthen the warm-up or use adaptive warm-up. Degrading: look at the heap, GC and error "
                    + "series of the level."),
    JIT_COMPILING("jit-compiling", Severity.WARNING, "The JIT was still compiling",
            "The JVM's JIT compiler threads used a noticeable share of the container's CPU during the measured "
                    + "window: the app's code was still being compiled, so the window measured a JVM on its way to "
                    + "its steady state (under a CPU limit the compiler also takes its CPU from the app). Read from "
                    + "the compiler threads' CPU time in /proc on the host.",
            "Lengthen the warm-up or use adaptive warm-up, which also waits for the JIT; when adaptive warm-up "
                    + "reached its maximum, raise load.warmup.maxSeconds."),
    JVM_CPU_MISMATCH("jvm-cpu-mismatch", Severity.WARNING, "The JVM sizes itself for more CPUs than it has",
            "The JVM's available processors exceed the container's CPU limit: GC threads, the common pool and "
                    + "carrier threads are sized for CPUs the app cannot use.",
            "Set -XX:ActiveProcessorCount to the limit, or check the JVM's container support."),
    SMALL_DEFAULT_HEAP("small-default-heap", Severity.WARNING, "The default heap is small for the container",
            "The JVM took its default max heap (a quarter of the container's memory) while heap was the pressure "
                    + "(GC pressure or an OutOfMemoryError) and the container had room.",
            "Set -Xmx so the heap can use the memory the container has beside what the JVM needs besides it "
                    + "(metaspace, code cache, thread stacks): the finding computes it from the run's peak memory."),
    ERGONOMIC_SERIAL_GC("ergonomic-serial-gc", Severity.INFO, "The JVM chose the Serial collector on its own",
            "No option chose a collector and the JVM's ergonomics picked Serial, as HotSpot does when it counts fewer "
                    + "than 2 CPUs or less than 1792 MB: a single-threaded, stop-the-world collector under a server's "
                    + "load. The same app with more CPUs or memory gets G1, so a change of limits changes the collector "
                    + "too, and a comparison across them measures both.",
            "Choose the collector in the job's jvmOptions: -XX:+UseG1GC (what the app gets on a larger machine) or "
                    + "-XX:+UseSerialGC to keep Serial on purpose; or give the container 2 CPUs and 2 GB."),
    CORE_SPEED_VARIED("core-speed-varied", Severity.WARNING, "The app's core changed speed during the window",
            "The core-speed probe (a fixed piece of work timed by its own CPU clock on the app's cores, ten times a "
                    + "second) found the cores' speed moving within the measured window while the app computed most of "
                    + "each second: the same requests cost more CPU in some seconds than in others. The window measured "
                    + "the host as well as the app, and runs taken at different times differ by the host's speed too.",
            "Compare the app in pairs (a paired baseline meets the same host on both sides) rather than against "
                    + "stored runs; keep neighbours off the app's cores (bench.worker.shield-cores); on a virtual "
                    + "machine whose core speed moves with nothing else running, the host's other tenants share its "
                    + "physical cores, and only another host (or a dedicated one) removes that."),
    CORE_SPEED_DIFFERED("core-speed-differed", Severity.WARNING, "Runs of a cell ran on cores of different speed",
            "The runs of one cell at one level measured their app's cores at median speeds further apart than the "
                    + "tolerance: part of the spread between those runs is the host's, not the app's, and a median "
                    + "over them mixes host states.",
            "Compare in pairs (a paired baseline), add repetitions (gate.maxPairs) so that the host's states even out, "
                    + "or run on a host whose cores keep their speed."),
    CORES_SHARED("cores-shared", Severity.INFO, "The app had no cores of its own",
            "The cell's CPU limit is a whole number of cores, but this worker has too few cores to give the app that "
                    + "many of its own and keep one for the load generator and the upstreams: the app ran on a quota of CPU "
                    + "time on cores it shared with them, as on any host before pinning, so the measurement's own "
                    + "processes and the app's JIT and GC bursts against the quota add to its noise.",
            "Run the worker on a host with at least one core more than the largest whole-number CPU limit of its cells "
                    + "(docs/metrics.md, \"Pinned cores\"), or compare such cells in pairs (a paired baseline) so that the "
                    + "shared noise falls on both sides."),
    JFR_LOST("jfr-lost", Severity.INFO, "The JFR recording was lost",
            "No readable JFR recording came out of the app's container: GC, heap, pinning and the JVM's settings "
                    + "are missing from this run (the points keep what was measured from outside the JVM).",
            "Check that the app keeps the JAVA_TOOL_OPTIONS the platform sets and has a writable /tmp.");

    private final String code;
    private final Severity severity;
    private final String title;
    private final String meaning;
    private final String advice;

    FindingCode(String code, Severity severity, String title, String meaning, String advice) {
        this.code = code;
        this.severity = severity;
        this.title = title;
        this.meaning = meaning;
        this.advice = advice;
    }

    @JsonValue
    public String code() {
        return code;
    }

    public Severity severity() {
        return severity;
    }

    public String title() {
        return title;
    }

    public String meaning() {
        return meaning;
    }

    public String advice() {
        return advice;
    }

    public static Optional<FindingCode> of(String code) {
        return Arrays.stream(values()).filter(c -> c.code.equals(code)).findFirst();
    }
}
