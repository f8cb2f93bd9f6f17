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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.InspectExecResponse;
import com.github.dockerjava.api.command.LogContainerCmd;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.DockerClientException;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.exception.NotModifiedException;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Image;
import com.github.dockerjava.api.model.StreamType;
import com.github.dockerjava.api.model.Ulimit;
import com.github.dockerjava.api.model.Version;
import com.github.dockerjava.api.model.Volume;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.core.RemoteApiVersion;
import com.github.dockerjava.httpclient5.ApacheDockerHttpClient;
import com.github.dockerjava.transport.DockerHttpClient;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ContainerEngine} on docker-java with the Apache httpclient5 transport.
 *
 * <p>The API version is negotiated the way the docker CLI does it: one unversioned {@code GET
 * /version}, then every request goes to {@code /v<min(engine, client)>/...}. docker-java on its
 * own either sends no version (the engine then picks its newest, which works but is not what
 * this client was written against) or a fixed one that an older engine such as Debian's
 * docker.io 20.10 (API 1.41) rejects.
 *
 * <p>Waiting is done by polling {@code inspect} rather than with the engine's blocking wait
 * endpoint: a blocking call would have to outlive the response timeout, and polling sees the
 * OOM flag and the readiness probe in the same loop.
 */
final class DockerContainerEngine extends AbstractContainerEngine<DockerContainerEngine.Connection> {

    /** The newest API version docker-java 3.7 knows; a newer engine is spoken to at this one. */
    static final RemoteApiVersion NEWEST_CLIENT_API = RemoteApiVersion.VERSION_1_44;

    private static final Logger log = LoggerFactory.getLogger(DockerContainerEngine.class);
    private static final Pattern ENGINE_MESSAGE = Pattern.compile("\"message\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final int OOM_FLAG_SETTLE_CHECKS = 5;

    private final ContainerEngineProperties properties;

    record Connection(DockerHttpClient http, DockerClient client, EngineVersion version) {
    }

    DockerContainerEngine(ContainerEngineProperties properties) {
        super("container");
        this.properties = Objects.requireNonNull(properties, "properties");
    }

    // ---------------------------------------------------------------- engine

    @Override
    public void ping() {
        DockerClient client = client();
        call("ping", () -> client.pingCmd().exec());
    }

    @Override
    public EngineVersion version() {
        return connection().version();
    }

    // ---------------------------------------------------------------- images

    @Override
    public boolean imageExists(String imageReference) {
        Objects.requireNonNull(imageReference, "imageReference");
        DockerClient client = client();
        return call("inspect image " + imageReference, () -> {
            try {
                client.inspectImageCmd(imageReference).exec();
                return true;
            } catch (NotFoundException e) {
                return false;
            }
        });
    }

    @Override
    public List<ImageSummary> findImages(Map<String, String> labels) {
        Objects.requireNonNull(labels, "labels");
        DockerClient client = client();
        List<Image> images = call("list images " + labels, () -> client.listImagesCmd().withLabelFilter(labels).exec());
        return images.stream().map(DockerContainerEngine::toSummary).toList();
    }

    private static ImageSummary toSummary(Image image) {
        List<String> tags = image.getRepoTags() == null ? List.of()
                : Arrays.stream(image.getRepoTags()).filter(tag -> !tag.equals("<none>:<none>")).toList();
        return new ImageSummary(image.getId(), tags, image.getLabels() == null ? Map.of() : image.getLabels(),
                image.getSize() == null ? 0 : image.getSize());
    }

    // ---------------------------------------------------------------- lifecycle

    @Override
    public RunningContainer start(ContainerSpec spec) {
        Objects.requireNonNull(spec, "spec");
        DockerClient client = client();
        String name = spec.namePrefix() + "-" + randomSuffix();
        String id = call("create container " + name + " from " + spec.image(),
                () -> createCommand(client, spec, name).exec().getId());
        try {
            call("start container " + name, () -> client.startContainerCmd(id).exec());
            InspectContainerResponse inspected = inspect(client, id, name);
            Integer pid = inspected.getState().getPid();
            RunningContainer running = new RunningContainer(id, name, pid == null ? 0 : pid);
            log.debug("started {} ({}) from {}, host pid {}", name, id, spec.image(), running.hostPid());
            return running;
        } catch (RuntimeException e) {
            // a created-but-not-started container would only be found by the next label sweep
            removeQuietly(client, id, e);
            throw e;
        }
    }

    static CreateContainerCmd createCommand(DockerClient client, ContainerSpec spec, String name) {
        HostConfig host = HostConfig.newHostConfig()
                .withNetworkMode("host")
                .withReadonlyRootfs(spec.readOnlyRootfs());
        if (spec.nofileLimit() > 0) {
            host.withUlimits(List.of(new Ulimit("nofile", spec.nofileLimit(), spec.nofileLimit())));
        }
        if (spec.nanoCpus() > 0) {
            host.withNanoCPUs(spec.nanoCpus());
        }
        if (spec.cpuset() != null) {
            host.withCpusetCpus(spec.cpuset());
        }
        if (spec.memoryBytes() > 0) {
            host.withMemory(spec.memoryBytes()).withMemorySwap(spec.memoryBytes());
        }
        if (spec.pidsLimit() > 0) {
            host.withPidsLimit(spec.pidsLimit());
        }
        if (!spec.tmpfs().isEmpty()) {
            host.withTmpFs(spec.tmpfs());
        }
        // Binds, mounts, devices and volumes-from are never set: the spec has no way to name a
        // host path, so neither the engine's socket nor any host directory can reach a container.
        if (spec.dropAllCapabilities()) {
            host.withCapDrop(Capability.ALL);
        }
        if (spec.noNewPrivileges()) {
            host.withSecurityOpts(List.of("no-new-privileges"));
        }
        List<String> env = new ArrayList<>();
        spec.env().forEach((key, value) -> env.add(key + "=" + value));
        CreateContainerCmd create = client.createContainerCmd(spec.image())
                .withName(name)
                .withLabels(spec.labels())
                .withEnv(env)
                .withHostConfig(host);
        if (!spec.volumes().isEmpty()) {
            create.withVolumes(spec.volumes().stream().map(Volume::new).toList());
        }
        if (!spec.entrypoint().isEmpty()) {
            create.withEntrypoint(spec.entrypoint());
        }
        if (!spec.command().isEmpty()) {
            create.withCmd(spec.command());
        }
        if (spec.user() != null) {
            create.withUser(spec.user());
        }
        return create;
    }

    @Override
    public Optional<ContainerOutcome> exitOutcome(RunningContainer container) {
        DockerClient client = client();
        InspectContainerResponse.ContainerState state = inspect(client, container.id(), container.name()).getState();
        if (isAlive(state)) {
            return Optional.empty();
        }
        boolean oomKilled = Boolean.TRUE.equals(state.getOOMKilled());
        long exitCode = state.getExitCodeLong() == null ? -1 : state.getExitCodeLong();
        // 137 is SIGKILL. The engine records the OOM event and the exit from two separate
        // kernel notifications; if we look between them, give the flag a moment to arrive
        // before calling it a plain kill.
        for (int i = 0; !oomKilled && exitCode == 137 && i < OOM_FLAG_SETTLE_CHECKS; i++) {
            pause(properties.pollInterval().toNanos());
            oomKilled = Boolean.TRUE.equals(inspect(client, container.id(), container.name()).getState().getOOMKilled());
        }
        String tail = logs(container, properties.logTailLines());
        return Optional.of(oomKilled
                ? new ContainerOutcome.OomKilled(tail)
                : new ContainerOutcome.Exited((int) exitCode, tail));
    }

    private static boolean isAlive(InspectContainerResponse.ContainerState state) {
        // "restarting" and "paused" still hold the process; "created" never ran and counts as exited
        return Boolean.TRUE.equals(state.getRunning()) || Boolean.TRUE.equals(state.getRestarting())
                || Boolean.TRUE.equals(state.getPaused());
    }

    @Override
    public void stop(RunningContainer container, Duration timeout) {
        Objects.requireNonNull(container, "container");
        long seconds = Math.max(0, ceilSeconds(timeout));
        // The engine answers the stop call only after the grace period, so the call must be
        // allowed to last that long.
        if (Duration.ofSeconds(seconds + 5).compareTo(properties.responseTimeout()) > 0) {
            throw new IllegalArgumentException("stop timeout " + timeout + " needs a response timeout above "
                    + Duration.ofSeconds(seconds + 5) + "; bench.container-engine.response-timeout is "
                    + properties.responseTimeout());
        }
        DockerClient client = client();
        call("stop container " + container.name(), () -> {
            try {
                client.stopContainerCmd(container.id()).withTimeout((int) seconds).exec();
            } catch (NotModifiedException alreadyStopped) {
                // nothing to do
            } catch (NotFoundException alreadyGone) {
                // nothing to do
            }
            return null;
        });
    }

    @Override
    public void remove(RunningContainer container) {
        Objects.requireNonNull(container, "container");
        remove(client(), container.id(), container.name());
    }

    private void remove(DockerClient client, String id, String name) {
        call("remove container " + name, () -> {
            try {
                client.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
            } catch (NotFoundException alreadyGone) {
                // nothing to do
            } catch (ConflictException e) {
                if (e.getMessage() == null || !e.getMessage().contains("already in progress")) {
                    throw e;
                }
            }
            return null;
        });
    }

    private void removeQuietly(DockerClient client, String id, RuntimeException cause) {
        try {
            remove(client, id, id);
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    @Override
    public List<ContainerSummary> findManaged(Map<String, String> labels) {
        Map<String, String> filter = managedFilter(labels);
        DockerClient client = client();
        List<Container> containers = call("list containers " + filter,
                () -> client.listContainersCmd().withShowAll(true).withLabelFilter(filter).exec());
        return containers.stream().map(DockerContainerEngine::toSummary).toList();
    }

    @Override
    public int removeManaged(Map<String, String> labels) {
        DockerClient client = client();
        int removed = 0;
        for (ContainerSummary container : findManaged(labels)) {
            remove(client, container.id(), container.name());
            removed++;
        }
        if (removed > 0) {
            log.debug("removed {} managed container(s) labelled {}", removed, labels);
        }
        return removed;
    }

    private static ContainerSummary toSummary(Container container) {
        String name = container.getNames() == null || container.getNames().length == 0 ? container.getId()
                : container.getNames()[0].replaceFirst("^/", "");
        return new ContainerSummary(container.getId(), name, container.getImage(), container.getState(),
                container.getLabels() == null ? Map.of() : container.getLabels());
    }

    // ---------------------------------------------------------------- logs, exec, files

    @Override
    String readLogs(RunningContainer container, int lines) {
        DockerClient client = client();
        LogContainerCmd command = client.logContainerCmd(container.id()).withStdOut(true).withStdErr(true);
        if (lines >= 0) {
            command.withTail(lines);
        } else {
            command.withTailAll();
        }
        FrameCollector collector = new FrameCollector();
        call("read logs of " + container.name(), () -> awaitCompletion(command.exec(collector),
                properties.responseTimeout(), "read logs of " + container.name()));
        return collector.all();
    }

    @Override
    public List<LogLine> logLines(RunningContainer container) {
        Objects.requireNonNull(container, "container");
        DockerClient client = client();
        LogContainerCmd command = client.logContainerCmd(container.id())
                .withStdOut(true)
                .withStdErr(true)
                .withTimestamps(true)
                .withTailAll();
        TimestampedLines collector = new TimestampedLines();
        call("read logs of " + container.name(), () -> awaitCompletion(command.exec(collector),
                properties.responseTimeout(), "read logs of " + container.name()));
        return collector.lines();
    }

    @Override
    ExecResult execChecked(RunningContainer container, List<String> cmd, Duration timeout) {
        DockerClient client = client();
        String what = "exec " + cmd + " in " + container.name();
        String execId = call(what, () -> client.execCreateCmd(container.id())
                .withCmd(cmd.toArray(String[]::new))
                .withAttachStdout(true)
                .withAttachStderr(true)
                .exec()
                .getId());
        FrameCollector collector = new FrameCollector();
        call(what, () -> awaitCompletion(client.execStartCmd(execId).exec(collector), timeout, what));
        // The output stream can close a moment before the engine records the exit code.
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (true) {
            InspectExecResponse inspected = call(what, () -> client.inspectExecCmd(execId).exec());
            if (!Boolean.TRUE.equals(inspected.isRunning()) && inspected.getExitCodeLong() != null) {
                return new ExecResult(inspected.getExitCodeLong().intValue(), collector.stdout(), collector.stderr());
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new ContainerEngineException(what + ": output ended but the engine reports no exit code");
            }
            pause(Duration.ofMillis(20).toNanos());
        }
    }

    @Override
    List<Path> copyDirectoryChecked(RunningContainer container, String pathInContainer, Path targetDirectory,
                                    long maxBytes) {
        DockerClient client = client();
        String what = "copy directory " + pathInContainer + " out of " + container.name();
        return call(what, () -> {
            try (InputStream archive = client.copyArchiveFromContainerCmd(container.id(), pathInContainer).exec()) {
                return filesOf(TarExtraction.extract(archive, targetDirectory, maxBytes), what);
            } catch (ContainerEngineException e) {
                throw new ContainerEngineException(what + ": " + e.getMessage(), e);
            } catch (IOException e) {
                throw new UncheckedIOException(what + " failed", e);
            }
        });
    }

    @Override
    void readFile(RunningContainer container, String pathInContainer, EntryReader reader) {
        DockerClient client = client();
        String what = "copy " + pathInContainer + " out of " + container.name();
        call(what, () -> {
            // The engine sends a tar archive of the path; a single file is its only entry.
            try (InputStream archive = client.copyArchiveFromContainerCmd(container.id(), pathInContainer).exec();
                 TarArchiveInputStream tar = new TarArchiveInputStream(archive)) {
                TarArchiveEntry entry = tar.getNextEntry();
                if (entry == null || !entry.isFile()) {
                    throw new ContainerEngineException(what + ": not a regular file"
                            + (entry == null ? "" : " (" + (entry.isDirectory() ? "a directory" : "a link or special file") + ")"));
                }
                reader.read(tar);
                // drain, so the connection goes back to the pool in a clean state
                tar.transferTo(OutputStream.nullOutputStream());
                return null;
            } catch (IOException e) {
                throw new UncheckedIOException(what + " failed", e);
            }
        });
    }

    /** Collects the stdout/stderr frames of a log or exec stream; bytes first, decoded at the end. */
    private static final class FrameCollector extends ResultCallback.Adapter<Frame> {
        private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        private final ByteArrayOutputStream all = new ByteArrayOutputStream();

        @Override
        public synchronized void onNext(Frame frame) {
            byte[] payload = frame.getPayload();
            if (payload == null) {
                return;
            }
            (frame.getStreamType() == StreamType.STDERR ? stderr : stdout).writeBytes(payload);
            all.writeBytes(payload);
        }

        synchronized String stdout() {
            return stdout.toString(StandardCharsets.UTF_8);
        }

        synchronized String stderr() {
            return stderr.toString(StandardCharsets.UTF_8);
        }

        synchronized String all() {
            return all.toString(StandardCharsets.UTF_8);
        }
    }

    /**
     * A log read with {@code timestamps=true}, frame by frame as docker-java hands it over: the
     * bytes go to {@link StampedLogLines} per stream (stdout and stderr come in frames of their own).
     */
    static final class TimestampedLines extends ResultCallback.Adapter<Frame> {
        static final int PART_BYTES = StampedLogLines.PART_BYTES;

        private final StampedLogLines lines = new StampedLogLines();

        @Override
        public void onNext(Frame frame) {
            byte[] payload = frame.getPayload();
            if (payload != null) {
                lines.accept(frame.getStreamType(), payload);
            }
        }

        static int stampLength(byte[] b, int from, int end) {
            return StampedLogLines.stampLength(b, from, end);
        }

        List<LogLine> lines() {
            return lines.lines();
        }
    }

    private static Void awaitCompletion(ResultCallback.Adapter<Frame> callback, Duration timeout, String what) {
        try {
            if (!callback.awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new ContainerEngineException(what + ": no end within " + timeout);
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ContainerEngineException(what + ": interrupted", e);
        }
    }

    // ---------------------------------------------------------------- connection

    private DockerClient client() {
        return connection().client();
    }

    @Override
    Connection connect() {
        DockerHttpClient http = new ApacheDockerHttpClient.Builder()
                .dockerHost(properties.host())
                .maxConnections(properties.maxConnections())
                .connectionTimeout(properties.connectTimeout())
                .responseTimeout(properties.responseTimeout())
                .build();
        try {
            // No version in the path: every engine answers /version, whatever API it speaks.
            DockerClient unversioned = DockerClientImpl.getInstance(config(RemoteApiVersion.UNKNOWN_VERSION), http);
            Version engine = call("read engine version", () -> unversioned.versionCmd().exec());
            RemoteApiVersion chosen = properties.apiVersion().isEmpty()
                    ? negotiate(engine.getApiVersion())
                    : RemoteApiVersion.parseConfig(properties.apiVersion());
            DockerClient client = DockerClientImpl.getInstance(config(chosen), http);
            EngineVersion version = new EngineVersion(engine.getVersion(), engine.getApiVersion(), chosen.getVersion());
            log.info("container engine {} at {}: engine {} (API {}), speaking API {}", "docker", properties.host(),
                    version.engineVersion(), version.engineApiVersion(), version.clientApiVersion());
            return new Connection(http, client, version);
        } catch (RuntimeException e) {
            closeQuietly(http);
            throw e;
        }
    }

    static RemoteApiVersion negotiate(String engineApiVersion) {
        RemoteApiVersion engine = RemoteApiVersion.parseConfigWithDefault(engineApiVersion);
        if (engine.equals(RemoteApiVersion.UNKNOWN_VERSION)) {
            throw new ContainerEngineException("the engine reported no usable API version: '" + engineApiVersion + "'");
        }
        return engine.isGreaterOrEqual(NEWEST_CLIENT_API) ? NEWEST_CLIENT_API : engine;
    }

    private DefaultDockerClientConfig config(RemoteApiVersion apiVersion) {
        // A plain Builder, not createDefaultConfigBuilder(): that one reads DOCKER_HOST,
        // system properties and ~/.docker-java.properties, so the host would not be the one
        // configured here.
        DefaultDockerClientConfig.Builder builder = new DefaultDockerClientConfig.Builder()
                .withDockerHost(properties.host().toString())
                .withDockerTlsVerify(false);
        if (!apiVersion.equals(RemoteApiVersion.UNKNOWN_VERSION)) {
            builder.withApiVersion(apiVersion);
        }
        return builder.build();
    }

    @Override
    void disconnect(Connection connection) {
        closeQuietly(connection.http());
    }

    @Override
    Duration pollInterval() {
        return properties.pollInterval();
    }

    private static void closeQuietly(DockerHttpClient http) {
        try {
            http.close();
        } catch (IOException | RuntimeException e) {
            log.debug("closing the engine connection failed", e);
        }
    }

    // ---------------------------------------------------------------- errors

    private InspectContainerResponse inspect(DockerClient client, String id, String name) {
        return call("inspect container " + name, () -> client.inspectContainerCmd(id).exec());
    }

    @Override
    RuntimeException clientFailure(String what, RuntimeException e) {
        if (e instanceof DockerException docker) {
            return new ContainerEngineException(what + ": engine answered " + docker.getHttpStatus() + " "
                    + engineMessage(docker.getMessage()), docker);
        }
        if (e instanceof DockerClientException client) {
            return new ContainerEngineException(what + ": " + client.getMessage(), client);
        }
        return null;
    }

    @Override
    ContainerEngineUnavailableException unavailable(IOException io, RuntimeException wrapper) {
        URI host = properties.host();
        String reason;
        if ("unix".equals(host.getScheme()) && !Files.exists(Path.of(host.getPath()))) {
            reason = "socket " + host.getPath() + " does not exist (no engine is running; start one with"
                    + " 'bash worker/host/docker-engine.sh')";
        } else {
            reason = rootMessage(io);
        }
        return new ContainerEngineUnavailableException("container engine at " + host + " is unavailable: " + reason,
                wrapper);
    }

    /** The engine's JSON error body ({@code {"message":"No such image: x"}}) reduced to its message. */
    static String engineMessage(String raw) {
        if (raw == null) {
            return "";
        }
        Matcher matcher = ENGINE_MESSAGE.matcher(raw);
        String message = matcher.find() ? matcher.group(1).replace("\\\"", "\"").replace("\\\\", "\\") : raw;
        return message.replaceFirst("^Status \\d+: ", "").strip();
    }

    // ---------------------------------------------------------------- helpers

    private static long ceilSeconds(Duration duration) {
        long seconds = duration.getSeconds();
        return duration.getNano() > 0 ? seconds + 1 : seconds;
    }
}
