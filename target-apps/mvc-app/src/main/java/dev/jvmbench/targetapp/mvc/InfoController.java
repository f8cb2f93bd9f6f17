package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.Freeze;
import dev.jvmbench.targetapp.scenario.HttpClientSettings;
import dev.jvmbench.targetapp.scenario.JvmFacts;
import dev.jvmbench.targetapp.scenario.LeakedConnections;
import dev.jvmbench.targetapp.scenario.Scenario;
import dev.jvmbench.targetapp.scenario.ThreadModel;
import dev.jvmbench.targetapp.scenario.UpstreamSettings;
import org.apache.coyote.AbstractProtocol;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /info}: what the app runs with, so the platform can check that the settings it
 * passed took effect. The Tomcat numbers are read from the running connector, not from the
 * configuration: {@code tomcatMaxThreads} is null in virtual-thread mode (no pool).
 */
@RestController
class InfoController {

    record Info(String app, String threadModel, boolean virtualThread, String javaVersion, String javaRuntimeVersion,
                String javaVendor, int availableProcessors, long maxHeapBytes, long pid, int platformThreads,
                long openFileDescriptors, Integer tomcatMaxThreads, Integer tomcatAcceptCount,
                Integer tomcatMaxConnections, String httpClientExecutor, int dbPoolSize, boolean upstreamHttpConfigured,
                boolean upstreamDbConfigured, int leakedConnections, boolean scenariosFrozen) {
    }

    private final ThreadModel threadModel;
    private final UpstreamSettings upstreams;
    private final HttpClientSettings httpClient;
    private final LeakedConnections leaks;
    private final Freeze freeze;
    private volatile Integer maxThreads;
    private volatile Integer acceptCount;
    private volatile Integer maxConnections;

    InfoController(ThreadModel threadModel, UpstreamSettings upstreams, HttpClientSettings httpClient,
                   LeakedConnections leaks, Freeze freeze) {
        this.threadModel = threadModel;
        this.upstreams = upstreams;
        this.httpClient = httpClient;
        this.leaks = leaks;
        this.freeze = freeze;
    }

    @EventListener
    void onWebServerStarted(WebServerInitializedEvent event) {
        if (event.getWebServer() instanceof TomcatWebServer tomcat
                && tomcat.getTomcat().getConnector().getProtocolHandler() instanceof AbstractProtocol<?> protocol) {
            maxThreads = protocol.getMaxThreads() > 0 ? protocol.getMaxThreads() : null;
            acceptCount = protocol.getAcceptCount();
            maxConnections = protocol.getMaxConnections();
        }
    }

    @GetMapping("/info")
    ResponseEntity<Info> info() {
        JvmFacts jvm = JvmFacts.current();
        boolean virtual = Scenario.onVirtualThread();
        Info info = new Info("mvc", threadModel.wireName(), virtual, jvm.javaVersion(), jvm.javaRuntimeVersion(),
                jvm.javaVendor(), jvm.availableProcessors(), jvm.maxHeapBytes(), jvm.pid(), jvm.platformThreads(),
                jvm.openFileDescriptors(), maxThreads, acceptCount, maxConnections, httpClient.executor().wireName(),
                upstreams.dbPoolSize(), upstreams.httpConfigured(), upstreams.dbConfigured(), leaks.count(),
                freeze.frozen());
        return ResponseEntity.ok().header(Scenario.VIRTUAL_THREAD_HEADER, Boolean.toString(virtual)).body(info);
    }
}
