package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.ScenarioBeans;
import dev.jvmbench.targetapp.scenario.UpstreamSettings;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The WebFlux target app on Reactor Netty. Its thread model is always {@code webflux}; see
 * target-apps/README.md for the contract.
 */
@SpringBootApplication
@Import(ScenarioBeans.class)
public class WebfluxTargetApplication {

    static {
        // Reactor Netty 1.3.7 (reactor-netty#4361, fixed by #4347): a keep-alive request that arrives
        // before the previous request's operations have terminated is queued, and once the queue
        // drains nobody re-arms the read, so the connection's next request is never answered (seen
        // here about one time in four). This documented switch dispatches such a request at once.
        // Set before any Reactor Netty class loads (it is read into a static final); main and tests
        // both load this class first.
        if (System.getProperty("reactor.netty.http.server.lastFlushWhenNoRead") == null) {
            System.setProperty("reactor.netty.http.server.lastFlushWhenNoRead", "true");
        }
    }

    /** Requests waiting for a DB thread queue here; beyond it they fail fast (503 is clearer than OOM). */
    static final int DB_QUEUE_CAPACITY = 100_000;

    public static void main(String[] args) {
        // Always the reactive model. With spring.threads.virtual.enabled=true Boot would run
        // blocking-signature controller methods (the cpu scenario) on virtual threads instead
        // of the event loop; a system property outranks the environment, so a stray
        // SPRING_THREADS_VIRTUAL_ENABLED cannot turn this app into a fourth thread model.
        System.setProperty("spring.threads.virtual.enabled", "false");
        SpringApplication.run(WebfluxTargetApplication.class, args);
    }

    /**
     * Where io-db's blocking JDBC calls run: a bounded elastic scheduler with exactly as many
     * threads as the HikariCP pool has connections, so no thread ever waits for a connection
     * and the pool stays the bottleneck, as in the MVC app. Threads start on demand.
     */
    @Bean(destroyMethod = "dispose")
    Scheduler dbScheduler(UpstreamSettings settings) {
        return Schedulers.newBoundedElastic(settings.dbPoolSize(), DB_QUEUE_CAPACITY, "bench-db");
    }
}
