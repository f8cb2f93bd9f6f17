package dev.jvmbench.worker.container;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStateWaiting;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ContainerEngine} on the Kubernetes API (fabric8 client on the JDK's HttpClient): each
 * container is a pod of its own on this worker's node ({@link PodSpecs} says what the pod holds).
 *
 * <p>What Docker does in one call takes a few here:
 * <ul>
 *   <li><b>start</b> creates the pod and waits until its main container runs (image pulled, the
 *       volumes seeded), then finds the host PID of the container's first process in the node's
 *       process table ({@link HostProcesses}): the probes read its /proc and cgroup files.</li>
 *   <li><b>stop</b>: Kubernetes stops a container only by deleting its pod, which would take the
 *       files with it. So the engine signals the main container's PID 1 with {@code kill -TERM 1}
 *       through exec (the JVM writes its JFR recording on SIGTERM), and the pod, its volumes and
 *       the {@code files} helper stay until {@link #remove}. Past the timeout it sends SIGKILL to
 *       the container's host PID itself (no process inside may kill a PID namespace's init; the
 *       worker may, running as the app's user); only when that is not possible is the pod deleted.</li>
 *   <li><b>copyFile</b> and <b>copyDirectory</b> are an exec of {@code tar cf -} (what {@code
 *       kubectl cp} does), in the {@code files} helper for a path under one of the spec's volumes
 *       (it runs after the main container stopped), in the main container otherwise; a directory
 *       is unpacked by {@link TarExtraction}, as the Docker engine's archive is. The image needs
 *       {@code tar}.</li>
 *   <li><b>logLines</b> reads the pod log API with {@code timestamps=true} (the kubelet's RFC
 *       3339 stamps, parsed by {@link StampedLogLines} like Docker's).</li>
 *   <li><b>remove</b> deletes the pod with a 1 s grace period and waits until it is gone, so the
 *       node's CPUs are free for the next pod (an exclusive core is released with its container).</li>
 *   <li><b>images</b> are not this engine's: pods pull from a registry, and the worker resolves
 *       and builds images there ({@code bench.worker.registry}). {@link #imageExists} and
 *       {@link #findImages} refuse.</li>
 * </ul>
 * Waiting polls the pod's status every {@code poll-interval}, like the Docker engine polls inspect.
 */
final class KubernetesContainerEngine extends AbstractContainerEngine<KubernetesContainerEngine.Connection> {

    private static final Logger log = LoggerFactory.getLogger(KubernetesContainerEngine.class);
    /** A container waiting for one of these will not start by waiting longer. */
    private static final Set<String> FATAL_WAITING = Set.of("ErrImagePull", "ImagePullBackOff", "InvalidImageName",
            "ErrImageNeverPull", "CreateContainerConfigError", "CreateContainerError", "RunContainerError");
    private static final Duration REMOVE_WAIT = Duration.ofSeconds(60);
    private static final Duration SIGNAL_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration FIND_PID_WAIT = Duration.ofSeconds(5);

    private final KubernetesEngineProperties properties;
    private final HostProcesses processes;

    record Connection(KubernetesClient client, String namespace, PodSpecs.Owner owner, EngineVersion version) {
    }

    KubernetesContainerEngine(KubernetesEngineProperties properties, HostProcesses processes) {
        super("pod");
        this.properties = Objects.requireNonNull(properties, "properties");
        this.processes = Objects.requireNonNull(processes, "processes");
        if (properties.nodeName() == null) {
            throw new IllegalArgumentException("bench.kubernetes.node-name is required with the Kubernetes engine:"
                    + " the node this worker owns (the chart sets it from spec.nodeName)");
        }
    }

    // ---------------------------------------------------------------- engine

    @Override
    public void ping() {
        Connection c = connection();
        // a list the worker's Role allows: proves the address, the credentials and the permission
        call("list pods in " + c.namespace(), () -> c.client().pods().inNamespace(c.namespace()).list());
    }

    @Override
    public EngineVersion version() {
        return connection().version();
    }

    // ---------------------------------------------------------------- images

    @Override
    public boolean imageExists(String imageReference) {
        throw new ContainerEngineException("the Kubernetes engine has no local images: pods pull from the registry"
                + " (bench.worker.registry), where the worker resolves " + imageReference);
    }

    @Override
    public List<ImageSummary> findImages(Map<String, String> labels) {
        throw new ContainerEngineException("the Kubernetes engine has no local images: pods pull from the registry"
                + " (bench.worker.registry), where the worker finds images by label");
    }

    // ---------------------------------------------------------------- lifecycle

    @Override
    public RunningContainer start(ContainerSpec spec) {
        Objects.requireNonNull(spec, "spec");
        Connection c = connection();
        String name = PodSpecs.podName(spec.namePrefix(), randomSuffix());
        Pod pod = PodSpecs.pod(spec, name, placement(c));
        call("create pod " + name + " from " + spec.image(),
                () -> c.client().pods().inNamespace(c.namespace()).resource(pod).create());
        try {
            RunningContainer running = awaitStarted(c, name, spec.image());
            log.debug("started pod {} (container {}) from {}, host pid {}", name, running.id(), spec.image(),
                    running.hostPid());
            return running;
        } catch (RuntimeException e) {
            // a pod that never started would only be found by the next label sweep
            try {
                deletePod(c, name, 0);
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private PodSpecs.Placement placement(Connection c) {
        return new PodSpecs.Placement(c.namespace(), properties.nodeName(), c.owner(), properties.defaultCpu(),
                properties.defaultMemory(), properties.volumeSizeLimit(), properties.imagePullPolicy());
    }

    /** Until the main container runs or has run; fails on what waiting cannot cure. */
    private RunningContainer awaitStarted(Connection c, String name, String image) {
        long deadline = System.nanoTime() + properties.startTimeout().toNanos();
        while (true) {
            Pod pod = getPod(c, name);
            if (pod == null) {
                throw new ContainerEngineException("pod " + name + " was deleted before it started");
            }
            String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
            ContainerStatus main = status(pod, PodSpecs.MAIN);
            if (main != null && main.getState() != null) {
                if (main.getState().getRunning() != null) {
                    String id = containerId(main);
                    return new RunningContainer(id, name, hostPid(id, c, name));
                }
                if (main.getState().getTerminated() != null) {
                    return new RunningContainer(containerId(main), name, 0);
                }
                failIfStuck(main.getState().getWaiting(), name, "its main container", image);
            }
            if (pod.getStatus() != null && pod.getStatus().getInitContainerStatuses() != null) {
                for (ContainerStatus init : pod.getStatus().getInitContainerStatuses()) {
                    ContainerStateTerminated ended = init.getState() == null ? null : init.getState().getTerminated();
                    if (ended != null && ended.getExitCode() != null && ended.getExitCode() != 0) {
                        throw new ContainerEngineException("pod " + name + ": seeding a volume (" + init.getName()
                                + ", cp -a in " + image + ") exited " + ended.getExitCode() + tail(logs(c, name,
                                init.getName(), properties.logTailLines())));
                    }
                    if (init.getState() != null) {
                        failIfStuck(init.getState().getWaiting(), name, init.getName(), image);
                    }
                }
            }
            if ("Failed".equals(phase) || "Succeeded".equals(phase)) {
                // rejected by the kubelet (OutOfcpu, OutOfmemory, ...) or evicted before the main container ran
                throw new ContainerEngineException("pod " + name + " " + phase.toLowerCase() + " before it started: "
                        + pod.getStatus().getReason() + " " + Objects.requireNonNullElse(pod.getStatus().getMessage(), ""));
            }
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                throw new ContainerEngineException("pod " + name + " did not start within " + properties.startTimeout()
                        + " (phase " + phase + describe(main) + "); bench.kubernetes.start-timeout");
            }
            pause(Math.min(properties.pollInterval().toNanos(), deadline - now));
        }
    }

    private static void failIfStuck(ContainerStateWaiting waiting, String pod, String what, String image) {
        if (waiting != null && FATAL_WAITING.contains(waiting.getReason())) {
            throw new ContainerEngineException("pod " + pod + ": " + what + " cannot start: " + waiting.getReason()
                    + " (" + Objects.requireNonNullElse(waiting.getMessage(), image) + ")");
        }
    }

    private long hostPid(String containerId, Connection c, String name) {
        long deadline = System.nanoTime() + FIND_PID_WAIT.toNanos();
        while (true) {
            OptionalLong pid = processes.firstProcess(containerId);
            if (pid.isPresent()) {
                return pid.getAsLong();
            }
            ContainerStatus main = status(getPod(c, name), PodSpecs.MAIN);
            if (main != null && main.getState() != null && main.getState().getTerminated() != null) {
                return 0;
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new ContainerEngineException("pod " + name + " runs, but no process of its container "
                        + containerId + " is visible here: the worker needs the node's PID namespace (hostPID: true)"
                        + " and must run on the pod's node (" + properties.nodeName() + ")");
            }
            pause(Duration.ofMillis(50).toNanos());
        }
    }

    @Override
    public Optional<ContainerOutcome> exitOutcome(RunningContainer container) {
        Connection c = connection();
        Pod pod = getPod(c, container.name());
        if (pod == null) {
            throw new ContainerEngineException("pod " + container.name() + " is gone");
        }
        ContainerStatus main = status(pod, PodSpecs.MAIN);
        ContainerStateTerminated ended = main == null || main.getState() == null ? null : main.getState().getTerminated();
        if (ended == null) {
            String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
            if ("Failed".equals(phase)) {
                // evicted (ephemeral storage past its limit, node pressure) without a container status
                return Optional.of(new ContainerOutcome.Exited(-1, "pod " + pod.getStatus().getReason() + ": "
                        + Objects.requireNonNullElse(pod.getStatus().getMessage(), "")));
            }
            return Optional.empty();
        }
        String tail = logs(container, properties.logTailLines());
        if ("OOMKilled".equals(ended.getReason())) {
            return Optional.of(new ContainerOutcome.OomKilled(tail));
        }
        return Optional.of(new ContainerOutcome.Exited(ended.getExitCode() == null ? -1 : ended.getExitCode(), tail));
    }

    @Override
    public void stop(RunningContainer container, Duration timeout) {
        Objects.requireNonNull(container, "container");
        Connection c = connection();
        Pod pod = getPod(c, container.name());
        ContainerStatus main = status(pod, PodSpecs.MAIN);
        if (main == null || main.getState() == null || main.getState().getRunning() == null) {
            return; // gone, or not running: nothing to stop
        }
        // The stop signal through the API: PID 1 of the container's own PID namespace is the
        // image's process (the JVM), and as the namespace's init it gets SIGTERM because it
        // handles it. Without a shell in the image, the same signal from this process.
        boolean signalled;
        try {
            signalled = exec(container, List.of("sh", "-c", "kill -TERM 1"), SIGNAL_TIMEOUT).succeeded();
        } catch (ContainerEngineUnavailableException e) {
            throw e;
        } catch (ContainerEngineException e) {
            signalled = false;
        }
        if (!signalled) {
            signalled = processes.signal(container.hostPid(), container.id(), false);
        }
        if (signalled && !(awaitExit(container, timeout) instanceof ContainerOutcome.TimedOut)) {
            return;
        }
        // Docker kills after the timeout, and keeps the container's files. Only a signal from
        // outside the container's PID namespace can SIGKILL its init: from here, when this worker
        // may signal it (same user), else the pod goes, and its files with it.
        if (processes.signal(container.hostPid(), container.id(), true)
                && !(awaitExit(container, SIGNAL_TIMEOUT) instanceof ContainerOutcome.TimedOut)) {
            return;
        }
        log.warn("pod {}: the main container {} within {} and cannot be killed from here; deleting the pod",
                container.name(), signalled ? "did not stop" : "could not be signalled", timeout);
        deletePod(c, container.name(), 0);
        awaitGone(c, container.name());
    }

    @Override
    public void remove(RunningContainer container) {
        Objects.requireNonNull(container, "container");
        Connection c = connection();
        deletePod(c, container.name(), 1);
        awaitGone(c, container.name());
    }

    private void deletePod(Connection c, String name, long graceSeconds) {
        call("delete pod " + name, () -> c.client().pods().inNamespace(c.namespace()).withName(name)
                .withPropagationPolicy(DeletionPropagation.BACKGROUND)
                .withGracePeriod(graceSeconds)
                .delete());
    }

    private void awaitGone(Connection c, String name) {
        long deadline = System.nanoTime() + REMOVE_WAIT.toNanos();
        while (getPod(c, name) != null) {
            if (System.nanoTime() - deadline >= 0) {
                throw new ContainerEngineException("pod " + name + " still there " + REMOVE_WAIT.toSeconds()
                        + " s after its deletion (is the kubelet of " + properties.nodeName() + " running?)");
            }
            pause(properties.pollInterval().toNanos());
        }
    }

    @Override
    public List<ContainerSummary> findManaged(Map<String, String> labels) {
        Connection c = connection();
        Map<String, String> selector = new LinkedHashMap<>();
        managedFilter(labels).forEach((key, value) -> selector.put(key, PodSpecs.labelValue(value)));
        List<Pod> pods = call("list pods " + selector,
                () -> c.client().pods().inNamespace(c.namespace()).withLabels(selector).list().getItems());
        return pods.stream().map(KubernetesContainerEngine::toSummary).toList();
    }

    @Override
    public int removeManaged(Map<String, String> labels) {
        Connection c = connection();
        List<ContainerSummary> pods = findManaged(labels);
        for (ContainerSummary pod : pods) {
            deletePod(c, pod.name(), 1);
        }
        for (ContainerSummary pod : pods) {
            awaitGone(c, pod.name());
        }
        if (!pods.isEmpty()) {
            log.debug("removed {} managed pod(s) labelled {}", pods.size(), labels);
        }
        return pods.size();
    }

    private static ContainerSummary toSummary(Pod pod) {
        ContainerStatus main = status(pod, PodSpecs.MAIN);
        String id = main != null && main.getContainerID() != null ? containerId(main) : pod.getMetadata().getUid();
        String image = pod.getSpec().getContainers().stream().filter(co -> co.getName().equals(PodSpecs.MAIN))
                .map(co -> co.getImage()).findFirst().orElse("");
        return new ContainerSummary(id, pod.getMetadata().getName(), image, state(pod, main),
                PodSpecs.specLabels(pod.getMetadata().getAnnotations(), pod.getMetadata().getLabels()));
    }

    /** Docker's words for the states: created, running, exited. */
    private static String state(Pod pod, ContainerStatus main) {
        if (main != null && main.getState() != null) {
            if (main.getState().getRunning() != null) {
                return "running";
            }
            if (main.getState().getTerminated() != null) {
                return "exited";
            }
        }
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        return "Failed".equals(phase) || "Succeeded".equals(phase) ? "exited" : "created";
    }

    // ---------------------------------------------------------------- logs, exec, files

    @Override
    String readLogs(RunningContainer container, int lines) {
        return logs(connection(), container.name(), PodSpecs.MAIN, lines);
    }

    /**
     * The pod log API with {@code timestamps=true}: the kubelet writes each line of the CRI log
     * file (stdout and stderr in the order the runtime logged them) after its RFC 3339 time
     * stamp and a space, the same shape as Docker's, so {@link StampedLogLines} reads both.
     */
    @Override
    public List<LogLine> logLines(RunningContainer container) {
        Objects.requireNonNull(container, "container");
        Connection c = connection();
        String what = "read logs of " + container.name();
        return call(what, () -> {
            StampedLogLines lines = new StampedLogLines();
            try (InputStream in = c.client().pods().inNamespace(c.namespace()).withName(container.name())
                    .inContainer(PodSpecs.MAIN).usingTimestamps().getLogInputStream()) {
                if (in == null) {
                    return List.<LogLine>of();
                }
                byte[] buffer = new byte[64 * 1024];
                int n;
                while ((n = in.read(buffer)) > 0) {
                    // one stream: the API merges stdout and stderr
                    lines.accept(PodSpecs.MAIN, buffer, 0, n);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(what + " failed: " + rootMessage(e), e);
            }
            return lines.lines();
        });
    }

    /**
     * One container's log ({@code lines < 0}: all of it). The API interleaves stdout and stderr
     * as written, like Docker's; {@code usingTimestamps()} on the same call gives the kubelet's
     * RFC 3339 time of each line.
     */
    private String logs(Connection c, String pod, String containerName, int lines) {
        if (lines == 0) {
            return "";
        }
        return call("read logs of " + pod, () -> {
            var log = c.client().pods().inNamespace(c.namespace()).withName(pod).inContainer(containerName);
            String text = lines > 0 ? log.tailingLines(lines).getLog() : log.getLog();
            return text == null ? "" : text;
        });
    }

    @Override
    ExecResult execChecked(RunningContainer container, List<String> cmd, Duration timeout) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exitCode = execInto(connection(), container.name(), PodSpecs.MAIN, cmd, stdout, stderr, timeout);
        return new ExecResult(exitCode, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
    }

    private int execInto(Connection c, String pod, String containerName, List<String> cmd, OutputStream stdout,
                         OutputStream stderr, Duration timeout) {
        String what = "exec " + cmd + " in " + pod + "/" + containerName;
        ExecWatch watch = call(what, () -> c.client().pods().inNamespace(c.namespace()).withName(pod)
                .inContainer(containerName)
                .writingOutput(stdout)
                .writingError(stderr)
                .exec(cmd.toArray(String[]::new)));
        try (watch) {
            Integer code = watch.exitCode().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (code == null || code < 0) {
                throw new ContainerEngineException(what + ": the API gave no exit code (" + stderrText(stderr) + ")");
            }
            return code;
        } catch (TimeoutException e) {
            throw new ContainerEngineException(what + ": no end within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ContainerEngineException(what + ": interrupted", e);
        } catch (ExecutionException e) {
            throw new ContainerEngineException(what + " failed: " + rootMessage(e), e);
        }
    }

    private static String stderrText(OutputStream stderr) {
        return stderr instanceof ByteArrayOutputStream bytes ? bytes.toString(StandardCharsets.UTF_8).strip() : "";
    }

    /**
     * {@code tar cf - -C <dir> <name>} in the container that can read the path, the archive
     * read as it streams: a single regular file is its only entry.
     */
    @Override
    void readFile(RunningContainer container, String pathInContainer, EntryReader reader) {
        if (!pathInContainer.startsWith("/") || pathInContainer.endsWith("/")) {
            throw new IllegalArgumentException("pathInContainer must be an absolute file path, was " + pathInContainer);
        }
        String what = "copy " + pathInContainer + " out of " + container.name();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        ExecWatch watch = startTar(connection(), container.name(), pathInContainer, what, stderr);
        InputStream raw = watch.getOutput();
        try (watch; TarArchiveInputStream archive = new TarArchiveInputStream(raw)) {
            TarArchiveEntry entry;
            IOException unreadable = null;
            try {
                entry = archive.getNextEntry();
            } catch (IOException e) {
                // no archive at all (tar wrote nothing: the file is not there), or a broken one
                entry = null;
                unreadable = e;
            }
            if (entry == null) {
                drain(raw);
                Integer code = watch.exitCode().get(properties.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
                throw new ContainerEngineException(what + ": tar exited " + code + ": " + stderrText(stderr)
                        + (unreadable == null ? "" : " (" + rootMessage(unreadable) + ")"), unreadable);
            }
            if (!entry.isFile()) {
                throw new ContainerEngineException(what + ": not a regular file ("
                        + (entry.isDirectory() ? "a directory" : "a link or special file") + ")");
            }
            reader.read(archive);
            // to the end of the stream, not of the archive: tar pads its output to whole 10 kB
            // records, and an exec whose output is not read to its end never reports its exit
            drain(raw);
            Integer code = watch.exitCode().get(properties.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
            if (code == null || code != 0) {
                throw new ContainerEngineException(what + ": tar exited " + code + ": " + stderrText(stderr));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(what + " failed: " + rootMessage(e), e);
        } catch (TimeoutException e) {
            throw new ContainerEngineException(what + ": tar did not end within " + properties.requestTimeout(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ContainerEngineException(what + ": interrupted", e);
        } catch (ExecutionException e) {
            throw new ContainerEngineException(what + " failed: " + rootMessage(e), e);
        }
    }

    /**
     * {@code tar cf - -C <parent> <name>} in the container that can read the path (as for a
     * file), unpacked by {@link TarExtraction}, the Docker engine's unpacking with its checks: the
     * archive's first entry is the directory, links and special files are skipped, nothing lands
     * outside the target, at most {@code maxBytes}. tar does not follow links, so a link in the
     * tree arrives as a link and is skipped, as with Docker.
     */
    @Override
    List<Path> copyDirectoryChecked(RunningContainer container, String pathInContainer, Path targetDirectory,
                                    long maxBytes) {
        String path = pathInContainer.length() > 1 && pathInContainer.endsWith("/")
                ? pathInContainer.substring(0, pathInContainer.length() - 1) : pathInContainer;
        if (!path.startsWith("/") || path.equals("/") || path.endsWith("/")) {
            throw new IllegalArgumentException("pathInContainer must be an absolute directory path below /, was "
                    + pathInContainer);
        }
        String what = "copy directory " + path + " out of " + container.name();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        ExecWatch watch = startTar(connection(), container.name(), path, what, stderr);
        InputStream raw = watch.getOutput();
        try (watch) {
            TarExtraction.Result result;
            try {
                // reads the stream to its end when it succeeds: the exit code comes after the output
                result = TarExtraction.extract(raw, targetDirectory, maxBytes);
            } catch (ContainerEngineException | IOException refused) {
                // a missing path gives an empty archive and tar's reason on stderr; a refused archive is
                // not read further, so its exit code may never come: wait briefly for what tar said
                throw new ContainerEngineException(what + ": " + refused.getMessage() + tarSaid(watch, stderr), refused);
            }
            Integer code = watch.exitCode().get(properties.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
            if (code == null || code != 0) {
                throw new ContainerEngineException(what + ": tar exited " + code + ": " + stderrText(stderr));
            }
            return filesOf(result, what);
        } catch (TimeoutException e) {
            throw new ContainerEngineException(what + ": tar did not end within " + properties.requestTimeout(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ContainerEngineException(what + ": interrupted", e);
        } catch (ExecutionException e) {
            throw new ContainerEngineException(what + " failed: " + rootMessage(e), e);
        }
    }

    /** {@code tar cf -} of one absolute path, in the pod's container that can read it. */
    private ExecWatch startTar(Connection c, String pod, String path, String what, OutputStream stderr) {
        String from = readerOf(c, pod, path);
        int slash = path.lastIndexOf('/');
        String dir = slash == 0 ? "/" : path.substring(0, slash);
        List<String> tar = List.of("tar", "cf", "-", "-C", dir, path.substring(slash + 1));
        return call(what, () -> c.client().pods().inNamespace(c.namespace()).withName(pod)
                .inContainer(from)
                .redirectingOutput()
                .writingError(stderr)
                .exec(tar.toArray(String[]::new)));
    }

    /** " (tar exited N: its stderr)" if the exec ends within a second, else what it wrote so far. */
    private static String tarSaid(ExecWatch watch, ByteArrayOutputStream stderr) {
        Integer code = null;
        try {
            code = watch.exitCode().get(1, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException stillRunning) {
            // the exit code stays unknown
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String said = stderrText(stderr);
        if (code == null && said.isEmpty()) {
            return "";
        }
        return " (tar " + (code == null ? "" : "exited " + code + ": ") + said + ")";
    }

    /**
     * Reads an exec's output to its end. The client stops taking the exec's frames while its
     * output is not read (flow control), and its exit code comes after the output: a reader that
     * stops at the end of a tar archive (tar pads to whole 10 kB records) would wait for the code
     * for ever. The stream may already be closed when the exec ended with the archive.
     */
    private static void drain(InputStream output) {
        try {
            output.transferTo(OutputStream.nullOutputStream());
        } catch (IOException endedWithTheExec) {
            // nothing left to read; the exit code says how it ended
        }
    }

    /**
     * The helper for a path under one of the spec's volumes (it still runs after the main
     * container stopped), the main container otherwise.
     */
    private String readerOf(Connection c, String pod, String path) {
        Pod current = getPod(c, pod);
        if (current == null) {
            throw new ContainerEngineException("pod " + pod + " is gone");
        }
        return current.getSpec().getContainers().stream()
                .filter(co -> co.getName().equals(PodSpecs.FILES))
                .filter(co -> co.getVolumeMounts().stream().map(VolumeMount::getMountPath)
                        .anyMatch(mount -> path.equals(mount) || path.startsWith(mount.endsWith("/") ? mount : mount + "/")))
                .map(co -> co.getName())
                .findFirst()
                .orElse(PodSpecs.MAIN);
    }

    // ---------------------------------------------------------------- connection

    @Override
    Connection connect() {
        Config config = config();
        KubernetesClient client = new KubernetesClientBuilder()
                .withConfig(config)
                .withHttpClientFactory(new JdkHttpClientFactory())
                .build();
        try {
            String namespace = properties.namespace() != null ? properties.namespace()
                    : Objects.requireNonNullElse(client.getNamespace(), "default");
            var server = call("read the API server's version", client::getKubernetesVersion);
            PodSpecs.Owner owner = owner(client, namespace);
            EngineVersion version = new EngineVersion("Kubernetes " + server.getGitVersion(), "v1", "v1");
            log.info("container engine {} at {}: {}, namespace {}, node {}, pods owned by {}", "kubernetes",
                    config.getMasterUrl(), version.engineVersion(), namespace, properties.nodeName(),
                    owner == null ? "nobody (no bench.kubernetes.owner-pod-name)" : "pod " + owner.name());
            return new Connection(client, namespace, owner, version);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    private Config config() {
        // The client's own discovery (service account in a pod, KUBECONFIG outside), with the
        // API server given explicitly where the Service address must not be used.
        ConfigBuilder builder = new ConfigBuilder(Config.autoConfigure(null))
                .withRequestTimeout((int) properties.requestTimeout().toMillis())
                .withConnectionTimeout((int) Math.min(properties.requestTimeout().toMillis(), 10_000))
                // a refused connection fails the call instead of being retried for a minute
                .withRequestRetryBackoffLimit(1);
        if (properties.apiServer() != null) {
            builder.withMasterUrl(properties.apiServer().toString());
        }
        Config config = builder.build();
        // The client reads a PKCS#8 key as RSA unless told (KUBERNETES_CERTS_CLIENT_KEY_ALGO): a
        // kubeconfig with an EC key, as kubeadm and helm/cluster.sh make them, would not load.
        if (System.getenv("KUBERNETES_CERTS_CLIENT_KEY_ALGO") == null && isEcKey(config)) {
            config.setClientKeyAlgo("EC");
        }
        return config;
    }

    static boolean isEcKey(Config config) {
        try {
            String pem;
            if (config.getClientKeyData() != null) {
                pem = new String(java.util.Base64.getDecoder().decode(config.getClientKeyData().strip()),
                        StandardCharsets.US_ASCII);
            } else if (config.getClientKeyFile() != null) {
                pem = Files.readString(Path.of(config.getClientKeyFile()), StandardCharsets.US_ASCII);
            } else {
                return false;
            }
            if (pem.contains("BEGIN EC PRIVATE KEY")) {
                return true;
            }
            if (!pem.contains("BEGIN PRIVATE KEY")) {
                return false;
            }
            String body = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
            java.security.KeyFactory.getInstance("EC")
                    .generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(java.util.Base64.getDecoder().decode(body)));
            return true;
        } catch (IOException | IllegalArgumentException | java.security.GeneralSecurityException notEc) {
            return false;
        }
    }

    private PodSpecs.Owner owner(KubernetesClient client, String namespace) {
        if (properties.ownerPodName() == null) {
            return null;
        }
        if (properties.ownerPodUid() != null) {
            return new PodSpecs.Owner(properties.ownerPodName(), properties.ownerPodUid());
        }
        Pod self = call("read the worker's pod " + properties.ownerPodName(),
                () -> client.pods().inNamespace(namespace).withName(properties.ownerPodName()).get());
        if (self == null) {
            throw new ContainerEngineException("the worker's pod " + properties.ownerPodName() + " (bench.kubernetes."
                    + "owner-pod-name) is not in namespace " + namespace);
        }
        return new PodSpecs.Owner(properties.ownerPodName(), self.getMetadata().getUid());
    }

    @Override
    void disconnect(Connection connection) {
        connection.client().close();
    }

    @Override
    Duration pollInterval() {
        return properties.pollInterval();
    }

    // ---------------------------------------------------------------- helpers

    private Pod getPod(Connection c, String name) {
        return call("read pod " + name, () -> c.client().pods().inNamespace(c.namespace()).withName(name).get());
    }

    private static ContainerStatus status(Pod pod, String containerName) {
        if (pod == null || pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
            return null;
        }
        return pod.getStatus().getContainerStatuses().stream()
                .filter(s -> containerName.equals(s.getName()))
                .findFirst()
                .orElse(null);
    }

    /** {@code containerd://<64 hex>} as the id the runtime and the cgroup path use. */
    static String containerId(ContainerStatus status) {
        String id = status.getContainerID();
        if (id == null || id.isBlank()) {
            throw new ContainerEngineException("container " + status.getName() + " has no container id yet");
        }
        int scheme = id.indexOf("://");
        return scheme >= 0 ? id.substring(scheme + 3) : id;
    }

    private static String describe(ContainerStatus main) {
        if (main == null || main.getState() == null || main.getState().getWaiting() == null) {
            return "";
        }
        ContainerStateWaiting waiting = main.getState().getWaiting();
        return ", main container waiting: " + waiting.getReason()
                + (waiting.getMessage() == null ? "" : " " + waiting.getMessage());
    }

    private static String tail(String logs) {
        return logs == null || logs.isBlank() ? "" : "; output: " + logs.strip();
    }

    @Override
    RuntimeException clientFailure(String what, RuntimeException e) {
        if (!(e instanceof KubernetesClientException api)) {
            return null;
        }
        IOException io = ioCause(api);
        if (api.getCode() == 0 && io != null) {
            return unavailable(io, api);
        }
        String message = api.getStatus() != null && api.getStatus().getMessage() != null
                ? api.getStatus().getMessage() : rootMessage(api);
        return new ContainerEngineException(what + ": the API answered " + api.getCode() + " " + message, api);
    }

    @Override
    ContainerEngineUnavailableException unavailable(IOException io, RuntimeException wrapper) {
        return new ContainerEngineUnavailableException("the Kubernetes API at " + apiServerText()
                + " is unavailable: " + rootMessage(io), wrapper);
    }

    private String apiServerText() {
        Connection current = connectionIfAny();
        if (current != null) {
            return current.client().getConfiguration().getMasterUrl();
        }
        URI server = properties.apiServer();
        return server == null ? "(the client's configuration)" : server.toString();
    }
}
