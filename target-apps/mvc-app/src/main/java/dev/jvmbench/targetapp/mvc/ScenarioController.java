package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.Blocking;
import dev.jvmbench.targetapp.scenario.DbUpstream;
import dev.jvmbench.targetapp.scenario.Pinning;
import dev.jvmbench.targetapp.scenario.Primes;
import dev.jvmbench.targetapp.scenario.Scenario;
import dev.jvmbench.targetapp.scenario.ScenarioResult;
import dev.jvmbench.targetapp.scenario.Stopwatch;
import dev.jvmbench.targetapp.scenario.ThreadModel;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static dev.jvmbench.targetapp.scenario.Scenario.onVirtualThread;

/**
 * The scenarios, each run entirely on the request's thread: a Tomcat pool thread in
 * platform mode, a fresh virtual thread in virtual mode.
 */
@RestController
@RequestMapping("/scenarios")
class ScenarioController {

    private final ThreadModel threadModel;
    private final HttpUpstream http;
    private final DbUpstream db;
    private final Pinning pinning;

    ScenarioController(ThreadModel threadModel, HttpUpstream http, DbUpstream db, Pinning pinning) {
        this.threadModel = threadModel;
        this.http = http;
        this.db = db;
        this.pinning = pinning;
    }

    @GetMapping("/cpu")
    ResponseEntity<ScenarioResult> cpu(@RequestParam(required = false) Integer limit) {
        int n = Scenario.primeLimit("limit", limit);
        Stopwatch watch = Stopwatch.start();
        int primes = Primes.countBelow(n);
        return respond(new ScenarioResult.Cpu(Scenario.CPU, model(), onVirtualThread(), n, primes, watch.elapsedMs()));
    }

    @GetMapping("/sleep")
    ResponseEntity<ScenarioResult> sleep(@RequestParam(required = false) Long ms) {
        long millis = Scenario.millis("ms", ms, Scenario.DEFAULT_SLEEP_MS);
        Stopwatch watch = Stopwatch.start();
        Blocking.sleep(millis);
        return respond(new ScenarioResult.Sleep(Scenario.SLEEP, model(), onVirtualThread(), millis, watch.elapsedMs()));
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
    ResponseEntity<ScenarioResult> ioHttp() {
        Stopwatch watch = Stopwatch.start();
        int status = http.get();
        return respond(new ScenarioResult.IoHttp(Scenario.IO_HTTP, model(), onVirtualThread(), status,
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
