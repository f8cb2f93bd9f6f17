package dev.jvmbench.worker.queue;

import dev.jvmbench.worker.WorkerProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;

/**
 * Claims the worker's id before anything else starts, when its launcher asks for it by naming a
 * file to write the id to ({@code bench.worker.id-file}; {@code ./bench} does). The claimed id then
 * is {@code bench.worker.id} for the whole process, its log file's name included
 * ({@code logging.file.name=.../worker-${bench.worker.id}.log}), and WorkerIdentity holds the claim.
 * Without the file, WorkerIdentity claims the id itself, later: the same claim, after logging starts.
 *
 * <p>Runs after the configuration files are read (the database's settings are there), and before
 * logging starts: a failure is an exception on standard error, which the launcher shows.
 */
public class WorkerIdAtStart implements EnvironmentPostProcessor, Ordered {

    static final String ID_FILE = "bench.worker.id-file";
    private static final String SOURCE = "claimedWorkerId";
    private static final String CLAIM = "jvmbench.worker-id-claim";

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String idFile = environment.getProperty(ID_FILE);
        if (idFile == null || idFile.isBlank() || !environment.getProperty("bench.worker.enabled", Boolean.class, true)) {
            return;
        }
        String url = environment.getProperty("spring.datasource.url");
        WorkerIdClaim claim;
        try {
            Connection connection = DriverManager.getConnection(url, environment.getProperty("spring.datasource.username"),
                    environment.getProperty("spring.datasource.password"));
            claim = WorkerIdClaim.claim(connection, environment.getProperty("bench.worker.id"), WorkerProperties.hostName());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot claim a worker id on the platform's database " + url + ": " + e.getMessage(), e);
        }
        try {
            Path file = Path.of(idFile);
            Path written = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(written, claim.id() + "\n");
            // whole or not at all: the launcher reads the file as soon as it appears
            Files.move(written, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            closeQuietly(claim);
            throw new IllegalStateException("cannot write the worker id to " + idFile + ": " + e.getMessage(), e);
        }
        environment.getPropertySources().addFirst(new MapPropertySource(SOURCE,
                Map.of("bench.worker.id", claim.id(), CLAIM, claim)));
    }

    /** The claim made at start in this environment, if one was. */
    static WorkerIdClaim claimIn(Environment environment) {
        if (environment instanceof ConfigurableEnvironment configurable) {
            PropertySource<?> source = configurable.getPropertySources().get(SOURCE);
            if (source != null && source.getProperty(CLAIM) instanceof WorkerIdClaim claim) {
                return claim;
            }
        }
        return null;
    }

    private static void closeQuietly(WorkerIdClaim claim) {
        try {
            claim.close();
        } catch (SQLException ignored) {
            // the process is about to fail; its connection goes with it
        }
    }
}
