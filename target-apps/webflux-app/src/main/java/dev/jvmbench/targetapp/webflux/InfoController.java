package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.Freeze;
import dev.jvmbench.targetapp.scenario.HttpClientSettings;
import dev.jvmbench.targetapp.scenario.JvmFacts;
import dev.jvmbench.targetapp.scenario.LeakedConnections;
import dev.jvmbench.targetapp.scenario.Scenario;
import dev.jvmbench.targetapp.scenario.ThreadModel;
import dev.jvmbench.targetapp.scenario.UpstreamSettings;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/** {@code GET /info}: what the app runs with. */
@RestController
class InfoController {

    record Info(String app, String threadModel, boolean virtualThread, String javaVersion, String javaRuntimeVersion,
                String javaVendor, int availableProcessors, long maxHeapBytes, long pid, int platformThreads,
                long openFileDescriptors, int nettyEventLoopThreads, int boundedElasticMaxThreads,
                int upstreamMaxConnections, int upstreamPendingAcquireMax, int dbPoolSize, boolean upstreamHttpConfigured,
                boolean upstreamDbConfigured, int leakedConnections, boolean scenariosFrozen) {
    }

    private final UpstreamSettings upstreams;
    private final HttpClientSettings httpClient;
    private final LeakedConnections leaks;
    private final Freeze freeze;

    InfoController(UpstreamSettings upstreams, HttpClientSettings httpClient, LeakedConnections leaks, Freeze freeze) {
        this.upstreams = upstreams;
        this.httpClient = httpClient;
        this.leaks = leaks;
        this.freeze = freeze;
    }

    @GetMapping("/info")
    ResponseEntity<Info> info() {
        JvmFacts jvm = JvmFacts.current();
        boolean virtual = Scenario.onVirtualThread();
        Info info = new Info("webflux", ThreadModel.WEBFLUX.wireName(), virtual, jvm.javaVersion(),
                jvm.javaRuntimeVersion(), jvm.javaVendor(), jvm.availableProcessors(), jvm.maxHeapBytes(), jvm.pid(),
                jvm.platformThreads(), jvm.openFileDescriptors(), LoopResources.DEFAULT_IO_WORKER_COUNT,
                Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE, httpClient.maxConnections(), httpClient.pendingAcquireMax(),
                upstreams.dbPoolSize(), upstreams.httpConfigured(), upstreams.dbConfigured(), leaks.count(),
                freeze.frozen());
        return ResponseEntity.ok().header(Scenario.VIRTUAL_THREAD_HEADER, Boolean.toString(virtual)).body(info);
    }
}
