package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.DbUpstream;
import dev.jvmbench.targetapp.scenario.Pinning;
import dev.jvmbench.targetapp.scenario.Primes;
import dev.jvmbench.targetapp.scenario.Scenario;
import dev.jvmbench.targetapp.scenario.ScenarioResult;
import dev.jvmbench.targetapp.scenario.Stopwatch;
import dev.jvmbench.targetapp.scenario.ThreadModel;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;

import static dev.jvmbench.targetapp.scenario.Scenario.onVirtualThread;

/**
 * The scenarios the reactive way. Where each one runs:
 * <ul>
 * <li>cpu: on {@code Schedulers.parallel()}, Reactor's scheduler for CPU-bound work (one thread
 * per CPU). Computing on the Netty event loop itself made the event loop, once free, sometimes
 * leave the next request of that keep-alive connection unanswered (seen about one time in four
 * on a 1-CPU container, never without the cpu request before it); parallel() keeps the event
 * loops for I/O and still has as many threads as CPUs, so saturation and the starved monitoring
 * of the field reports show as before</li>
 * <li>sleep: {@code Mono.delay}, a timer; no thread waits</li>
 * <li>io-http: WebClient, non-blocking</li>
 * <li>pinning: blocking code must leave the event loop: {@code Schedulers.boundedElastic()}
 * (Reactor's documented place for it; by default 10 x CPUs platform threads, so that pool is
 * the limit, not pinning)</li>
 * <li>io-db: JDBC on a bounded scheduler sized like the HikariCP pool</li>
 * </ul>
 * {@code virtualThread} in each body is measured where the scenario's work ran.
 */
@RestController
@RequestMapping("/scenarios")
class ScenarioController {

    private static final String MODEL = ThreadModel.WEBFLUX.wireName();

    private final HttpUpstream http;
    private final DbUpstream db;
    private final Scheduler dbScheduler;
    private final Pinning pinning;

    ScenarioController(HttpUpstream http, DbUpstream db, @Qualifier("dbScheduler") Scheduler dbScheduler,
                       Pinning pinning) {
        this.http = http;
        this.db = db;
        this.dbScheduler = dbScheduler;
        this.pinning = pinning;
    }

    @GetMapping("/cpu")
    Mono<ResponseEntity<ScenarioResult>> cpu(@RequestParam(required = false) Integer limit) {
        int n = Scenario.primeLimit("limit", limit);
        return Mono.fromCallable(() -> {
            Stopwatch watch = Stopwatch.start();
            int primes = Primes.countBelow(n);
            return respond(new ScenarioResult.Cpu(Scenario.CPU, MODEL, onVirtualThread(), n, primes, watch.elapsedMs()));
        }).subscribeOn(Schedulers.parallel());
    }

    @GetMapping("/sleep")
    Mono<ResponseEntity<ScenarioResult>> sleep(@RequestParam(required = false) Long ms) {
        long millis = Scenario.millis("ms", ms, Scenario.DEFAULT_SLEEP_MS);
        return Mono.defer(() -> {
            Stopwatch watch = Stopwatch.start();
            return Mono.delay(Duration.ofMillis(millis)).map(tick -> respond(
                    new ScenarioResult.Sleep(Scenario.SLEEP, MODEL, onVirtualThread(), millis, watch.elapsedMs())));
        });
    }

    @GetMapping("/pinning")
    Mono<ResponseEntity<ScenarioResult>> pinning(@RequestParam(required = false) Long ms) {
        long millis = Scenario.millis("ms", ms, Scenario.DEFAULT_PINNING_MS);
        return Mono.fromCallable(() -> {
            Stopwatch watch = Stopwatch.start();
            int monitor = pinning.sleepHoldingMonitor(millis);
            return respond(new ScenarioResult.Pinning(Scenario.PINNING, MODEL, onVirtualThread(), millis, monitor,
                    watch.elapsedMs()));
        }).subscribeOn(Schedulers.boundedElastic());
    }

    @GetMapping("/io-http")
    Mono<ResponseEntity<ScenarioResult>> ioHttp() {
        return Mono.defer(() -> {
            Stopwatch watch = Stopwatch.start();
            return http.get().map(status -> respond(new ScenarioResult.IoHttp(Scenario.IO_HTTP, MODEL,
                    onVirtualThread(), status, watch.elapsedMs())));
        });
    }

    @GetMapping("/io-db")
    Mono<ResponseEntity<ScenarioResult>> ioDb(@RequestParam(required = false) Double seconds) {
        double s = Scenario.seconds("seconds", seconds);
        db.requireConfigured();
        return Mono.fromCallable(() -> {
            Stopwatch watch = Stopwatch.start();
            db.pgSleep(s);
            return respond(new ScenarioResult.IoDb(Scenario.IO_DB, MODEL, onVirtualThread(), s, db.poolSize(),
                    watch.elapsedMs()));
        }).subscribeOn(dbScheduler);
    }

    private static ResponseEntity<ScenarioResult> respond(ScenarioResult result) {
        return ResponseEntity.ok()
                .header(Scenario.VIRTUAL_THREAD_HEADER, Boolean.toString(result.virtualThread()))
                .body(result);
    }
}
