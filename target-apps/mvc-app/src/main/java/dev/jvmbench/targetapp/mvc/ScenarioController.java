package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.Blocking;
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
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static dev.jvmbench.targetapp.scenario.Scenario.onVirtualThread;

/**
 * The scenarios, each run entirely on the request's thread: a Tomcat pool thread in
 * platform mode, a fresh virtual thread in virtual mode. The cpu scenario's
 * {@code onEventLoop} is WebFlux's: here it is ignored like any unknown query parameter.
 */
@RestController
@RequestMapping("/scenarios")
class ScenarioController {

    private final ThreadModel threadModel;
    private final HttpUpstream http;
    private final DbUpstream db;
    private final Pinning pinning;
    private final HeapLoad heap;
    private final Freeze freeze;
    private final WarmUp warmUp;

    ScenarioController(ThreadModel threadModel, HttpUpstream http, DbUpstream db, Pinning pinning, HeapLoad heap,
                       Freeze freeze, WarmUp warmUp) {
        this.threadModel = threadModel;
        this.http = http;
        this.db = db;
        this.pinning = pinning;
        this.heap = heap;
        this.freeze = freeze;
        this.warmUp = warmUp;
    }

    @GetMapping("/cpu")
    ResponseEntity<ScenarioResult> cpu(@RequestParam(required = false) Integer limit,
                                       @RequestParam(required = false) Integer coldFactor,
                                       @RequestParam(required = false) Integer warmSeconds) {
        int n = Scenario.primeLimit("limit", limit);
        int cold = Scenario.coldFactor("coldFactor", coldFactor);
        int warm = Scenario.warmSeconds("warmSeconds", warmSeconds);
        Stopwatch watch = Stopwatch.start();
        int repetitions = warmUp.repetitions(cold, warm);
        int primes = Primes.countBelow(n, repetitions);
        return respond(new ScenarioResult.Cpu(Scenario.CPU, model(), onVirtualThread(), n, primes, repetitions, false,
                watch.elapsedMs()));
    }

    @GetMapping("/sleep")
    ResponseEntity<ScenarioResult> sleep(@RequestParam(required = false) Long ms,
                                         @RequestParam(required = false) Integer retainKb,
                                         @RequestParam(required = false) Integer garbageKb,
                                         @RequestParam(required = false) Long freezeAfterRequests) {
        long millis = Scenario.millis("ms", ms, Scenario.DEFAULT_SLEEP_MS);
        int retain = Scenario.kilobytes("retainKb", retainKb);
        int garbage = Scenario.kilobytes("garbageKb", garbageKb);
        if (freeze.countAndCheck(Scenario.freezeAfter("freezeAfterRequests", freezeAfterRequests))) {
            freeze.hang();
        }
        Stopwatch watch = Stopwatch.start();
        heap.allocateGarbage(garbage);
        // an OutOfMemoryError here is not caught: Tomcat logs it, as it would for any app
        try (var held = heap.retain(retain)) {
            Blocking.sleep(millis);
        }
        return respond(new ScenarioResult.Sleep(Scenario.SLEEP, model(), onVirtualThread(), millis, retain, garbage,
                watch.elapsedMs()));
    }

    @GetMapping("/pinning")
    ResponseEntity<ScenarioResult> pinning(@RequestParam(required = false) Long ms) {
        long millis = Scenario.millis("ms", ms, Scenario.DEFAULT_PINNING_MS);
        Stopwatch watch = Stopwatch.start();
        int monitor = pinning.sleepHoldingMonitor(millis);
        return respond(new ScenarioResult.Pinning(Scenario.PINNING, model(), onVirtualThread(), millis, monitor,
                watch.elapsedMs()));
    }

    @GetMapping("/io-http")
    ResponseEntity<ScenarioResult> ioHttp(@RequestParam(required = false) Boolean leakConnections) {
        boolean leak = Scenario.flag(leakConnections);
        Stopwatch watch = Stopwatch.start();
        int status = http.get(leak);
        return respond(new ScenarioResult.IoHttp(Scenario.IO_HTTP, model(), onVirtualThread(), status, leak,
                watch.elapsedMs()));
    }

    @GetMapping("/io-db")
    ResponseEntity<ScenarioResult> ioDb(@RequestParam(required = false) Double seconds) {
        double s = Scenario.seconds("seconds", seconds);
        db.requireConfigured();
        Stopwatch watch = Stopwatch.start();
        db.pgSleep(s);
        return respond(new ScenarioResult.IoDb(Scenario.IO_DB, model(), onVirtualThread(), s, db.poolSize(),
                watch.elapsedMs()));
    }

    private String model() {
        return threadModel.wireName();
    }

    private static ResponseEntity<ScenarioResult> respond(ScenarioResult result) {
        return ResponseEntity.ok()
                .header(Scenario.VIRTUAL_THREAD_HEADER, Boolean.toString(result.virtualThread()))
                .body(result);
    }
}
