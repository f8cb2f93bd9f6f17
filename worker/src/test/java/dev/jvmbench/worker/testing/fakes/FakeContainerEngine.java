package dev.jvmbench.worker.testing.fakes;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.jvmbench.worker.container.ContainerEngine;
import dev.jvmbench.worker.container.ContainerEngineException;
import dev.jvmbench.worker.container.ContainerLabels;
import dev.jvmbench.worker.container.ContainerOutcome;
import dev.jvmbench.worker.container.ContainerSpec;
import dev.jvmbench.worker.container.ContainerSummary;
import dev.jvmbench.worker.container.EngineVersion;
import dev.jvmbench.worker.container.ExecResult;
import dev.jvmbench.worker.container.ImageSummary;
import dev.jvmbench.worker.container.LogLine;
import dev.jvmbench.worker.container.ReadinessStrategy;
import dev.jvmbench.worker.container.RunningContainer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * An in-memory container engine for the run flow's unit tests. A started container is a record
 * of its spec and state; the app (role {@code app}) really listens on 127.0.0.1 at its {@code
 * SERVER_PORT} with an in-process HTTP server that answers like the stock apps (readiness, the
 * scenario's request naming the thread model the environment selects), so the flow's own HTTP
 * calls (verify, the metrics probe) are real. Tests script readiness, exits, files and failures.
 */
public final class FakeContainerEngine implements ContainerEngine {

    /** One container the engine started. */
    public static final class Container {
        private final ContainerSpec spec;
        private final RunningContainer running;
        private volatile ContainerOutcome ended;
        private volatile boolean removed;
        private HttpServer server;

        Container(ContainerSpec spec, RunningContainer running) {
            this.spec = spec;
            this.running = running;
        }

        public ContainerSpec spec() {
            return spec;
        }

        public String role() {
            return spec.labels().getOrDefault(ContainerLabels.ROLE, "");
        }

        public boolean removed() {
            return removed;
        }

        /** Ends the container as the kernel or the app would (OOM kill, exit). */
        public void end(ContainerOutcome outcome) {
            ended = outcome;
            stopServer();
        }

        private synchronized void stopServer() {
            if (server != null) {
                server.stop(0);
                server = null;
            }
        }
    }

    /** How the fake app answers: status and body per request path (query excluded). */
    @FunctionalInterface
    public interface AppAnswers {
        Answer answer(String path, Map<String, String> env);
    }

    public record Answer(int status, String body) {
    }

    private final AtomicLong ids = new AtomicLong();
    private final List<Container> containers = new ArrayList<>();
    private final Set<String> images = new HashSet<>();
    private final Map<String, ContainerOutcome> readiness = new HashMap<>();
    private final Map<String, RuntimeException> failures = new HashMap<>();
    private final Map<String, Supplier<byte[]>> files = new HashMap<>();
    private String appLogs = "app started\n";
    private List<LogLine> appLogLines;
    private AppAnswers appAnswers = FakeContainerEngine::stockApp;

    /** An engine that has these images (the stock apps' and upstreams' by default: see {@link #withImages}). */
    public FakeContainerEngine withImages(String... references) {
        images.addAll(List.of(references));
        return this;
    }

    /** What awaiting readiness of a container of {@code role} returns (default: ready at once). */
    public FakeContainerEngine readiness(String role, ContainerOutcome outcome) {
        readiness.put(role, outcome);
        return this;
    }

    /**
     * Makes an operation ({@code start:<role>}, {@code stop}, {@code copyFile}, {@code copyDirectory},
     * {@code findManaged}, {@code logs}) throw.
     */
    public FakeContainerEngine failOn(String operation, RuntimeException failure) {
        failures.put(operation, failure);
        return this;
    }

    /** A file the app's container holds (e.g. the JFR recording it writes). */
    public FakeContainerEngine file(String pathInContainer, byte[] content) {
        byte[] copy = content.clone();
        return file(pathInContainer, () -> copy);
    }

    /** A file whose content is made when it is copied out (e.g. a recording dumped at that moment). */
    public FakeContainerEngine file(String pathInContainer, Supplier<byte[]> content) {
        files.put(pathInContainer, content);
        return this;
    }

    public FakeContainerEngine appLogs(String logs) {
        appLogs = logs;
        return this;
    }

    /** The app's log lines with their time stamps; by default {@link #appLogs}' lines, all stamped at the epoch. */
    public FakeContainerEngine appLogLines(List<LogLine> lines) {
        appLogLines = List.copyOf(lines);
        return this;
    }

    public FakeContainerEngine appAnswers(AppAnswers answers) {
        appAnswers = answers;
        return this;
    }

    /** Every container started so far, removed or not, in start order. */
    public synchronized List<Container> containers() {
        return List.copyOf(containers);
    }

    /** Containers not removed yet. */
    public synchronized List<Container> remaining() {
        return containers.stream().filter(c -> !c.removed).toList();
    }

    public Optional<Container> app() {
        return containers().stream().filter(c -> c.role().equals(ContainerLabels.ROLE_APP)).findFirst();
    }

    /** Answers as the stock apps do: ready, and the scenario names its thread model. */
    public static Answer stockApp(String path, Map<String, String> env) {
        if (path.startsWith("/actuator/health")) {
            return new Answer(200, "{\"status\":\"UP\"}");
        }
        if (path.startsWith("/actuator/prometheus")) {
            return new Answer(404, "");
        }
        String model = "true".equals(env.get("SPRING_THREADS_VIRTUAL_ENABLED")) ? "virtual"
                : env.containsKey("SERVER_TOMCAT_THREADS_MAX") ? "platform" : "webflux";
        return new Answer(200, "{\"threadModel\":\"" + model + "\",\"virtualThread\":" + model.equals("virtual") + "}");
    }

    @Override
    public void ping() {
    }

    @Override
    public EngineVersion version() {
        return new EngineVersion("fake", "1.41", "1.41");
    }

    @Override
    public boolean imageExists(String imageReference) {
        return images.contains(imageReference);
    }

    @Override
    public List<ImageSummary> findImages(Map<String, String> labels) {
        return List.of();
    }

    @Override
    public synchronized RunningContainer start(ContainerSpec spec) {
        String role = spec.labels().getOrDefault(ContainerLabels.ROLE, "");
        fail("start:" + role);
        if (!images.contains(spec.image())) {
            throw new ContainerEngineException("no such image: " + spec.image());
        }
        long id = ids.incrementAndGet();
        RunningContainer running = new RunningContainer("fake" + id, spec.namePrefix() + "-" + id, 10_000 + id);
        Container container = new Container(spec, running);
        if (role.equals(ContainerLabels.ROLE_APP)) {
            container.server = serve(spec.env());
        }
        containers.add(container);
        return running;
    }

    private HttpServer serve(Map<String, String> env) {
        int port = Integer.parseInt(env.get("SERVER_PORT"));
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
            server.createContext("/", exchange -> respond(exchange, appAnswers.answer(exchange.getRequestURI().getPath(), env)));
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void respond(HttpExchange exchange, Answer answer) throws IOException {
        byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
        try (var out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public ContainerOutcome awaitReady(RunningContainer container, ReadinessStrategy readiness) {
        Container c = find(container);
        if (c.ended != null) {
            return c.ended;
        }
        return this.readiness.getOrDefault(c.role(), new ContainerOutcome.Ready(Duration.ofMillis(1)));
    }

    @Override
    public ContainerOutcome awaitExit(RunningContainer container, Duration timeout) {
        return exitOutcome(container).orElse(new ContainerOutcome.TimedOut(timeout));
    }

    @Override
    public Optional<ContainerOutcome> exitOutcome(RunningContainer container) {
        return Optional.ofNullable(find(container).ended);
    }

    @Override
    public String logs(RunningContainer container, int lines) {
        return logs(container);
    }

    @Override
    public String logs(RunningContainer container) {
        fail("logs");
        return find(container).role().equals(ContainerLabels.ROLE_APP) ? appLogs : "";
    }

    @Override
    public List<LogLine> logLines(RunningContainer container) {
        fail("logs");
        if (!find(container).role().equals(ContainerLabels.ROLE_APP)) {
            return List.of();
        }
        return appLogLines != null ? appLogLines
                : appLogs.lines().map(line -> new LogLine(Instant.EPOCH, line)).toList();
    }

    @Override
    public ExecResult exec(RunningContainer container, List<String> command, Duration timeout) {
        return new ExecResult(0, "", "");
    }

    @Override
    public byte[] copyFile(RunningContainer container, String pathInContainer) {
        fail("copyFile");
        find(container);
        Supplier<byte[]> content = files.get(pathInContainer);
        if (content == null) {
            throw new ContainerEngineException("no such file in " + container.name() + ": " + pathInContainer);
        }
        return content.get().clone();
    }

    @Override
    public void copyFile(RunningContainer container, String pathInContainer, Path target) {
        byte[] content = copyFile(container, pathInContainer);
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
            Files.write(target, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The files under {@code pathInContainer} (see {@link #file}), written below {@code targetDirectory}. */
    @Override
    public List<Path> copyDirectory(RunningContainer container, String pathInContainer, Path targetDirectory,
                                    long maxBytes) {
        fail("copyDirectory");
        find(container);
        String prefix = pathInContainer.endsWith("/") ? pathInContainer : pathInContainer + "/";
        List<Path> written = new ArrayList<>();
        long bytes = 0;
        try {
            Files.createDirectories(targetDirectory);
            for (Map.Entry<String, Supplier<byte[]>> file : Map.copyOf(files).entrySet()) {
                if (!file.getKey().startsWith(prefix)) {
                    continue;
                }
                byte[] content = file.getValue().get();
                bytes += content.length;
                if (bytes > maxBytes) {
                    throw new ContainerEngineException("copy directory " + pathInContainer + ": more than " + maxBytes
                            + " bytes");
                }
                Path target = targetDirectory.resolve(file.getKey().substring(prefix.length()));
                Files.createDirectories(target.getParent());
                Files.write(target, content);
                written.add(target);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (written.isEmpty()) {
            throw new ContainerEngineException("no such directory in " + container.name() + ": " + pathInContainer);
        }
        return written;
    }

    @Override
    public void stop(RunningContainer container, Duration timeout) {
        fail("stop");
        Container c = find(container);
        if (c.ended == null) {
            c.end(new ContainerOutcome.Exited(143, ""));
        }
    }

    @Override
    public synchronized void remove(RunningContainer container) {
        containers.stream().filter(c -> c.running.id().equals(container.id())).findFirst().ifPresent(c -> {
            c.stopServer();
            c.removed = true;
        });
    }

    @Override
    public synchronized List<ContainerSummary> findManaged(Map<String, String> labels) {
        fail("findManaged");
        return containers.stream()
                .filter(c -> !c.removed && c.spec.labels().entrySet().containsAll(labels.entrySet()))
                .map(c -> new ContainerSummary(c.running.id(), c.running.name(), c.spec.image(),
                        c.ended == null ? "running" : "exited", c.spec.labels()))
                .toList();
    }

    @Override
    public int removeManaged(Map<String, String> labels) {
        List<ContainerSummary> found = findManaged(labels);
        found.forEach(c -> remove(new RunningContainer(c.id(), c.name(), 0)));
        return found.size();
    }

    @Override
    public void close() {
        containers().forEach(Container::stopServer);
    }

    private synchronized Container find(RunningContainer container) {
        return containers.stream().filter(c -> c.running.id().equals(container.id())).findFirst()
                .orElseThrow(() -> new ContainerEngineException("no such container: " + container.name()));
    }

    private void fail(String operation) {
        RuntimeException failure = failures.get(operation);
        if (failure != null) {
            throw failure;
        }
    }
}
