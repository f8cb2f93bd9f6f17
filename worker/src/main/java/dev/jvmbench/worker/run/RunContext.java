package dev.jvmbench.worker.run;

import dev.jvmbench.worker.cores.Placement;

import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.queue.ClaimedRun;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One run across its Batch steps: who runs it, the typed result each phase hands to the next
 * (each set once, by the phase that produces it), and the outcome once decided. Teardown reads
 * what was started from here whatever happened before.
 */
final class RunContext {

    final ClaimedRun run;
    final String workerId;
    final String platformId;
    final Path workDir;

    private Placement placement = Placement.none("not placed yet");
    private ScenarioPlan plan;
    private String image;
    private Upstreams upstreams = Upstreams.NONE;
    private RunningContainer appContainer;
    private StartedApp app;
    private volatile boolean appStoppedByWorker;
    private Integer osThreadsAtReady;
    private Map<String, Integer> threadNamesAtReady = Map.of();
    private LoadSettings loadSettings;
    private CapacitySearcher search;
    private LoadSession load;
    private final List<MeasuredLevel> measured = new ArrayList<>();
    /** What teardown closes, in reverse order of start: probes, scraper, load generator. */
    private final Deque<Started> toClose = new ArrayDeque<>();

    record Started(String what, AutoCloseable resource) {
    }

    private volatile RunOutcome outcome;
    /** The Batch step whose failure decided the run, for the failures metric; null otherwise. */
    private String failedStep;
    private volatile String releaseReason;

    RunContext(ClaimedRun run, String workerId, String platformId, Path workDir) {
        this.run = run;
        this.workerId = workerId;
        this.platformId = platformId;
        this.workDir = workDir;
    }

    /** Which cores the run's app, generator and upstreams run on. */
    Placement placement() {
        return placement;
    }

    void placement(Placement value) {
        placement = value;
    }

    ScenarioPlan plan() {
        return required(plan, "the scenario plan");
    }

    void plan(ScenarioPlan value) {
        plan = once(plan, value, "the scenario plan");
    }

    String image() {
        return required(image, "the image");
    }

    void image(String value) {
        image = once(image, value, "the image");
    }

    Upstreams upstreams() {
        return upstreams;
    }

    /** Upstreams are added one by one, so that teardown knows each as soon as it started. */
    void upstreams(Upstreams value) {
        upstreams = value;
    }

    /** The app's container from the moment the engine started it (ready or not): its logs explain a failure. */
    Optional<RunningContainer> appContainer() {
        return Optional.ofNullable(appContainer);
    }

    void appContainer(RunningContainer value) {
        appContainer = once(appContainer, value, "the app container");
    }

    /** From now on the app's end is the worker's doing (collect stops it), not a cause of anything. */
    void appStoppedByWorker() {
        appStoppedByWorker = true;
    }

    boolean isAppStoppedByWorker() {
        return appStoppedByWorker;
    }

    /** The job's load settings, read from its spec on first use. */
    LoadSettings loadSettings() {
        if (loadSettings == null) {
            loadSettings = LoadSettings.of(run.spec().load());
        }
        return loadSettings;
    }

    /** The run's capacity search, when its job searches instead of listing levels. */
    CapacitySearcher search() {
        if (search == null) {
            search = new CapacitySearcher(loadSettings().search());
        }
        return search;
    }

    /** Whether a shutdown asked the run to stop at its next step boundary. */
    boolean releaseRequested() {
        return releaseReason != null;
    }

    /** The JVM's OS threads once ready, before any load; null when not measured. */
    Integer osThreadsAtReady() {
        return osThreadsAtReady;
    }

    void osThreadsAtReady(Integer threads) {
        osThreadsAtReady = threads;
    }

    /** The JVM's OS threads by name once ready; empty when not read. */
    Map<String, Integer> threadNamesAtReady() {
        return threadNamesAtReady;
    }

    void threadNamesAtReady(Map<String, Integer> names) {
        threadNamesAtReady = Map.copyOf(names);
    }

    /** The app once it answered its readiness probe. */
    StartedApp app() {
        return required(app, "the app");
    }

    void app(StartedApp value) {
        app = once(app, value, "the app");
    }

    LoadSession load() {
        return required(load, "the load generator");
    }

    void load(LoadSession value) {
        load = once(load, value, "the load generator");
    }

    /** The levels measured so far, in order. */
    List<MeasuredLevel> measured() {
        return List.copyOf(measured);
    }

    void measured(MeasuredLevel level) {
        measured.add(level);
    }

    /** Registers something teardown must close whatever happens. */
    <T extends AutoCloseable> T closeAtTeardown(String what, T resource) {
        toClose.push(new Started(what, resource));
        return resource;
    }

    /** What teardown closes, the last started first. */
    List<Started> toClose() {
        return List.copyOf(toClose);
    }

    boolean decided() {
        return outcome != null;
    }

    RunOutcome outcome() {
        return outcome == null ? new RunOutcome.Succeeded() : outcome;
    }

    String failedStep() {
        return failedStep;
    }

    /** The first decision wins: what fails after it is a consequence, and its step is the one the metric counts. */
    void fail(String reason, String step) {
        if (outcome == null) {
            failedStep = step;
            outcome = new RunOutcome.Failed(reason);
        }
    }

    void cancel() {
        if (outcome == null) {
            outcome = new RunOutcome.Cancelled();
        }
    }

    /** Asked from another thread (worker shutdown): honoured at the next step boundary. */
    void requestRelease(String reason) {
        releaseReason = reason;
    }

    /** At a step boundary: turns a pending release into the outcome. */
    void checkRelease() {
        if (releaseReason != null && outcome == null) {
            outcome = new RunOutcome.Released(releaseReason);
        }
    }

    private static <T> T required(T value, String what) {
        if (value == null) {
            throw new IllegalStateException(what + " is not there yet: a step ran before the one that provides it");
        }
        return value;
    }

    private static <T> T once(T current, T value, String what) {
        if (current != null) {
            throw new IllegalStateException(what + " was already set");
        }
        return java.util.Objects.requireNonNull(value, what);
    }
}
