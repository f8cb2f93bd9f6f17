package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.DbUpstream;
import dev.jvmbench.targetapp.scenario.Freeze;
import dev.jvmbench.targetapp.scenario.HeapLoad;
import dev.jvmbench.targetapp.scenario.Pinning;
import dev.jvmbench.targetapp.scenario.Primes;
import dev.jvmbench.targetapp.scenario.Scenario;
import dev.jvmbench.targetapp.scenario.ScenarioResult;
import dev.jvmbench.targetapp.scenario.Stopwatch;
import dev.jvmbench.targetapp.scenario.ThreadModel;
import dev.jvmbench.targetapp.scenario.WarmUp;
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
 * on a 1-CPU container, never without the cpu request before it; Reactor Netty's fault, which
 * {@link WebfluxTargetApplication} now also works around with
 * {@code reactor.netty.http.server.lastFlushWhenNoRead}); parallel() keeps the event loops for
 * I/O. {@code onEventLoop=1} computes on the event loop that read the request, the field
 * report's mistake (slide 18): while every event loop computes, no other request on their
 * connections, the Prometheus scrape included, is even read</li>
 * <li>sleep: {@code Mono.delay}, a timer; no thread waits. {@code retainKb} is held until the
 * timer fires ({@code Mono.using})</li>
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
    private final HeapLoad heap;
    private final Freeze freeze;
    private final WarmUp warmUp;

    ScenarioController(HttpUpstream http, DbUpstream db, @Qualifier("dbScheduler") Scheduler dbScheduler,
                       Pinning pinning, HeapLoad heap, Freeze freeze, WarmUp warmUp) {
        this.http = http;
        this.db = db;
        this.dbScheduler = dbScheduler;
        this.pinning = pinning;
        this.heap = heap;
        this.freeze = freeze;
        this.warmUp = warmUp;
    }

    @GetMapping("/cpu")
    Mono<ResponseEntity<ScenarioResult>> cpu(@RequestParam(required = false) Integer limit,
                                             @RequestParam(required = false) Integer coldFactor,
                                             @RequestParam(required = false) Integer warmSeconds,
                                             @RequestParam(required = false) Boolean onEventLoop) {
        int n = Scenario.primeLimit("limit", limit);
        int cold = Scenario.coldFactor("coldFactor", coldFactor);
        int warm = Scenario.warmSeconds("warmSeconds", warmSeconds);
        Mono<ResponseEntity<ScenarioResult>> work = Mono.fromCallable(() -> {
            Stopwatch watch = Stopwatch.start();
            int repetitions = warmUp.repetitions(cold, warm);
            int primes = Primes.countBelow(n, repetitions);
            return respond(new ScenarioResult.Cpu(Scenario.CPU, MODEL, onVirtualThread(), n, primes, repetitions,
                    onEventLoop(), watch.elapsedMs()));
        });
        // without subscribeOn the callable runs where WebFlux subscribes: the event loop that read the request
        return Scenario.flag(onEventLoop) ? work : work.subscribeOn(Schedulers.parallel());
    }

    @GetMapping("/sleep")
    Mono<ResponseEntity<ScenarioResult>> sleep(@RequestParam(required = false) Long ms,
                                               @RequestParam(required = false) Integer retainKb,
                                               @RequestParam(required = false) Integer garbageKb,
                                               @RequestParam(required = false) Long freezeAfterRequests) {
        long millis = Scenario.millis("ms", ms, Scenario.DEFAULT_SLEEP_MS);
        int retain = Scenario.kilobytes("retainKb", retainKb);
        int garbage = Scenario.kilobytes("garbageKb", garbageKb);
        long freezeAfter = Scenario.freezeAfter("freezeAfterRequests", freezeAfterRequests);
        return Mono.defer(() -> {
            if (freeze.countAndCheck(freezeAfter)) {
                return FreezeFilter.hang(freeze);
            }
            Stopwatch watch = Stopwatch.start();
            // an OutOfMemoryError here is not caught: Reactor rethrows JVM-fatal errors, Reactor Netty logs it
            heap.allocateGarbage(garbage);
            return Mono.using(() -> heap.retain(retain),
                    held -> Mono.delay(Duration.ofMillis(millis)).map(tick -> respond(new ScenarioResult.Sleep(
                            Scenario.SLEEP, MODEL, onVirtualThread(), millis, retain, garbage, watch.elapsedMs()))),
                    HeapLoad.Retained::close);
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
    Mono<ResponseEntity<ScenarioResult>> ioHttp(@RequestParam(required = false) Boolean leakConnections) {
        boolean leak = Scenario.flag(leakConnections);
        return Mono.defer(() -> {
            Stopwatch watch = Stopwatch.start();
            return http.get(leak).map(status -> respond(new ScenarioResult.IoHttp(Scenario.IO_HTTP, MODEL,
                    onVirtualThread(), status, leak, watch.elapsedMs())));
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

    /**
     * Whether this is a Netty event loop: Boot's server loops are named webflux-http-epoll-N
     * (webflux-http-nio-N without native transport), Reactor Netty's global ones reactor-http-*.
     */
    static boolean onEventLoop() {
        String name = Thread.currentThread().getName();
        return name.startsWith("webflux-http-") || name.startsWith("reactor-http-");
    }

    private static ResponseEntity<ScenarioResult> respond(ScenarioResult result) {
        return ResponseEntity.ok()
                .header(Scenario.VIRTUAL_THREAD_HEADER, Boolean.toString(result.virtualThread()))
                .body(result);
    }
}
