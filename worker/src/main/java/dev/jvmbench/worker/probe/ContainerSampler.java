package dev.jvmbench.worker.probe;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Samples a running container from the host at a fixed interval: the cgroup's CPU time,
 * throttling and memory, and the JVM process's context switches, its JIT compiler threads' CPU
 * time and OS thread count; about once
 * a second also its open file descriptors and TCP sockets by state ({@link ProcFds}). Start it
 * when the container runs, ask for one {@link #window} per load step (or {@link #seconds} for the
 * per-second series), close it at teardown.
 *
 * <p>Context switches cost one {@code /proc} file per thread (60 ms of CPU for 2,000 platform
 * threads, measured here), and on a small benchmark host that CPU is taken from the load
 * generator. So that walk is spaced out to stay within {@value #SWITCH_WALK_BUDGET_PERCENT}% of
 * one CPU: every sample for a JVM with a few hundred threads, about every 1.3 s for one with
 * 2,000. A window interpolates between walks, and {@link #window} takes a fresh sample (walk
 * included) when the series does not yet reach the window's end, so that a window asked for
 * right after its end is measured up to it. The same walk reads the compiler threads' CPU (a
 * few files more: only those threads' {@code stat}), so it shares that spacing.
 *
 * <p>Descriptors and sockets cost one {@code readlink} per descriptor plus the host's TCP tables
 * (the app shares the host's network namespace), so they are read at most once a second and,
 * for a JVM with thousands of connections or on a host with huge TCP tables, spaced out further
 * to stay within {@value #FD_READ_BUDGET_PERCENT}% of one CPU. When the worker may not read the
 * process's descriptors (no ptrace access), those figures stay null and {@link #fdStopReason()}
 * says why; the rest of the sampling goes on.
 *
 * <p>The first sample is taken in {@link #start}, so a wrong PID, a PID outside the container
 * or an unreadable cgroup fail there. When sampling fails later (the container exited), the
 * sampler stops, keeps what it has and reports why in {@link #stopReason()}.
 *
 * <p>Samples are kept for the sampler's life (about 100 bytes each, 4 per second by default):
 * one sampler per run, not per host.
 */
public final class ContainerSampler implements ContainerProbe {

    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(250);
    static final int SWITCH_WALK_BUDGET_PERCENT = 5;
    static final int FD_READ_BUDGET_PERCENT = 3;
    static final Duration FD_READ_SPACING = Duration.ofSeconds(1);
    private static final ThreadMXBean CPU_TIME = ManagementFactory.getThreadMXBean();

    private final String containerId;
    private final double cpus;
    private final Duration interval;
    private final Cgroup cgroup;
    private final ThreadCounters threads;
    private final ProcFds fds;
    private final Path processDirectory;
    private final Clock clock;
    private final Thread thread;
    /** Guards the readers (ThreadCounters is not thread-safe) and both series, which stay in time order. */
    private final Object lock = new Object();
    private final List<Sample> samples = new ArrayList<>();
    private final List<SwitchCount> switches = new ArrayList<>();
    private final List<FdReading> fdReadings = new ArrayList<>();
    private long nextWalkNanos;
    private long nextFdReadNanos;
    private volatile String fdStopReason;
    private volatile boolean closed;
    private volatile String stopReason;

    private ContainerSampler(String containerId, long hostPid, double cpus, Duration interval) {
        this.containerId = containerId;
        this.cpus = cpus;
        this.interval = interval;
        this.cgroup = Cgroup.of(containerId, hostPid);
        this.threads = new ThreadCounters(Path.of("/proc", Long.toString(hostPid)));
        this.processDirectory = Path.of("/proc", Long.toString(hostPid));
        this.fds = new ProcFds(processDirectory);
        // The system clock on purpose: samples are matched to windows the load generator, another
        // process, time-stamps with the same wall clock; the run flow's tests replace the whole probe.
        this.clock = Clock.systemUTC();
        try {
            takeSample(true, true);
        } catch (IOException e) {
            throw new IllegalStateException("cannot sample container " + containerId + " (pid " + hostPid + ", "
                    + cgroup.describe() + "): " + e, e);
        }
        // a platform thread: its wake-ups should not queue behind virtual threads on busy carriers
        this.thread = Thread.ofPlatform().daemon().name("probe-sampler-" + shortId(containerId)).unstarted(this::run);
    }

    /** {@link #start(String, long, double, Duration)} at the default interval of 250 ms. */
    public static ContainerSampler start(String containerId, long hostPid, double cpus) {
        return start(containerId, hostPid, cpus, DEFAULT_INTERVAL);
    }

    /**
     * @param containerId the engine's full container id (it must appear in the process's cgroup)
     * @param hostPid     the container's JVM in the host's PID namespace; make the JVM the
     *                    container's first process ({@code exec java ...}) so this is it
     * @param cpus        the container's CPU limit ({@code --cpus}), the base of {@link
     *                    ContainerWindow#cpuPercentOfLimit()}; 0 for none, then the host's CPUs
     * @param interval    between samples, at least 10 ms
     */
    public static ContainerSampler start(String containerId, long hostPid, double cpus, Duration interval) {
        Objects.requireNonNull(containerId, "containerId");
        if (containerId.isBlank()) {
            throw new IllegalArgumentException("containerId must not be blank");
        }
        if (hostPid <= 0) {
            throw new IllegalArgumentException("hostPid must be > 0 (0 means the container had exited), was " + hostPid);
        }
        if (!(cpus >= 0) || Double.isInfinite(cpus)) {
            throw new IllegalArgumentException("cpus must be a finite number >= 0, was " + cpus);
        }
        Objects.requireNonNull(interval, "interval");
        if (interval.compareTo(Duration.ofMillis(10)) < 0) {
            throw new IllegalArgumentException("interval must be at least 10 ms, was " + interval);
        }
        double limit = cpus > 0 ? cpus : Runtime.getRuntime().availableProcessors();
        ContainerSampler sampler = new ContainerSampler(containerId, hostPid, limit, interval);
        sampler.thread.start();
        return sampler;
    }

    /**
     * The container over {@code [from, to]}; throws {@link IllegalStateException} when fewer
     * than 2 samples fall inside.
     */
    @Override
    public ContainerWindow window(Instant from, Instant to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        catchUpTo(to);
        List<Sample> sampleCopy;
        List<SwitchCount> switchCopy;
        List<FdReading> fdCopy;
        synchronized (lock) {
            sampleCopy = List.copyOf(samples);
            switchCopy = List.copyOf(switches);
            fdCopy = List.copyOf(fdReadings);
        }
        try {
            return ContainerWindow.of(sampleCopy, switchCopy, fdCopy, from, to, cpus);
        } catch (IllegalStateException e) {
            String reason = stopReason;
            throw reason == null ? e : new IllegalStateException(e.getMessage() + "; sampling stopped: " + reason, e);
        }
    }

    /**
     * One bucket per whole epoch second that {@code [from, to)} touches (see {@link
     * ContainerSecond}); seconds without samples are there with nulls. Like {@link #window}, a
     * fresh sample is taken when the series does not yet reach {@code to}.
     */
    @Override
    public List<ContainerSecond> seconds(Instant from, Instant to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        catchUpTo(to);
        List<Sample> sampleCopy;
        List<SwitchCount> switchCopy;
        List<FdReading> fdCopy;
        synchronized (lock) {
            sampleCopy = List.copyOf(samples);
            switchCopy = List.copyOf(switches);
            fdCopy = List.copyOf(fdReadings);
        }
        return ContainerSeconds.of(sampleCopy, switchCopy, fdCopy, from, to, cpus);
    }

    /** The samples so far, in time order. */
    List<Sample> samples() {
        synchronized (lock) {
            return List.copyOf(samples);
        }
    }

    /** The context-switch readings so far, in time order. */
    List<SwitchCount> switchCounts() {
        synchronized (lock) {
            return List.copyOf(switches);
        }
    }

    /** The descriptor and socket readings so far, in time order. */
    List<FdReading> fdReadings() {
        synchronized (lock) {
            return List.copyOf(fdReadings);
        }
    }

    /** Why descriptors and sockets are not read (no access to the process's descriptors), if so. */
    public Optional<String> fdStopReason() {
        return Optional.ofNullable(fdStopReason);
    }

    @Override
    public Map<String, Integer> threadNames() {
        try {
            return ThreadNames.read(processDirectory);
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    /** CPU time the sampling thread has used: the probe's own cost on the benchmark host. */
    long samplingCpuNanos() {
        return CPU_TIME.getThreadCpuTime(thread.threadId());
    }

    /** How many samples have been taken. */
    public int sampleCount() {
        synchronized (lock) {
            return samples.size();
        }
    }

    /** Why sampling stopped before {@link #close}, e.g. because the container exited. */
    public Optional<String> stopReason() {
        return Optional.ofNullable(stopReason);
    }

    public boolean isSampling() {
        return thread.isAlive();
    }

    /** Stops sampling and waits for the sampling thread; the samples stay readable. */
    @Override
    public void close() {
        closed = true;
        Ticks.stop(thread, Duration.ofSeconds(5));
    }

    private void run() {
        Ticks ticks = new Ticks(interval);
        while (!closed) {
            if (!ticks.awaitNext() || closed) {
                return;
            }
            try {
                takeSample(false, false);
            } catch (IOException | RuntimeException e) {
                stopReason = "container " + containerId + " could not be sampled: " + e;
                return;
            }
        }
    }

    /**
     * A window asked for right after it ended would otherwise end at the last sample before it,
     * and its switch count at a walk up to seconds before it.
     */
    private void catchUpTo(Instant to) {
        if (!thread.isAlive() || to.isAfter(clock.instant())) {
            return;
        }
        boolean behind;
        boolean fdsBehind;
        synchronized (lock) {
            behind = samples.getLast().at().isBefore(to) || switches.getLast().at().isBefore(to);
            fdsBehind = fdStopReason == null && (fdReadings.isEmpty() || fdReadings.getLast().at().isBefore(to));
        }
        if (behind || fdsBehind) {
            try {
                takeSample(behind, fdsBehind);
            } catch (IOException | RuntimeException e) {
                // the container has gone: the window is computed from what was sampled
            }
        }
    }

    /**
     * @param walkThreads walk the threads now, whatever their spacing says
     * @param readFds     read the descriptors and sockets now, likewise
     */
    private void takeSample(boolean walkThreads, boolean readFds) throws IOException {
        synchronized (lock) {
            // CPU first and the timestamp with it: the counter that moves fastest gets the closest time
            Instant at = clock.instant();
            CgroupReading group = cgroup.read();
            samples.add(new Sample(at, group.cpuNanos(), group.throttledPeriods(), group.throttledNanos(),
                    group.memoryBytes(), group.memoryPeakBytes(), threads.threads()));
            long now = System.nanoTime();
            if (walkThreads || now - nextWalkNanos >= 0) {
                long cpuBefore = CPU_TIME.getCurrentThreadCpuTime();
                ThreadCounters.Totals walked = threads.walk();
                switches.add(new SwitchCount(clock.instant(), walked.contextSwitches(), walked.jitCpuMs()));
                // CPU, not wall time: on a loaded host the walk waits for a CPU without costing one
                long cost = CPU_TIME.getCurrentThreadCpuTime() - cpuBefore;
                long spacing = Math.max(interval.toNanos(), cost * 100 / SWITCH_WALK_BUDGET_PERCENT);
                // half an interval early, so that a tick arriving a little before its time still walks
                nextWalkNanos = now + spacing - interval.toNanos() / 2;
            }
            if (fdStopReason == null && (readFds || now - nextFdReadNanos >= 0)) {
                readFds(now);
            }
        }
    }

    private void readFds(long now) throws IOException {
        long cpuBefore = CPU_TIME.getCurrentThreadCpuTime();
        try {
            fdReadings.add(fds.read(clock.instant()));
        } catch (AccessDeniedException e) {
            fdStopReason = "the worker may not read the descriptors of the container's JVM (" + e.getFile()
                    + "): it needs ptrace read access, e.g. root with CAP_SYS_PTRACE";
            return;
        }
        long cost = CPU_TIME.getCurrentThreadCpuTime() - cpuBefore;
        long spacing = Math.max(FD_READ_SPACING.toNanos(), cost * 100 / FD_READ_BUDGET_PERCENT);
        nextFdReadNanos = now + spacing - interval.toNanos() / 2;
    }

    private static String shortId(String containerId) {
        return containerId.length() > 12 ? containerId.substring(0, 12) : containerId;
    }
}
