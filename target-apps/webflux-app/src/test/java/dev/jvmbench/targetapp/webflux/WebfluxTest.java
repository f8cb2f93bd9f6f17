package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.testing.ConcurrentLoad;
import dev.jvmbench.targetapp.scenario.testing.DelayedHttpServer;
import dev.jvmbench.targetapp.scenario.testing.RawHttp;
import dev.jvmbench.targetapp.scenario.testing.ScenarioContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WebfluxTest extends ScenarioContract {

    static final DelayedHttpServer UPSTREAM = DelayedHttpServer.start(Duration.ofMillis(100));

    WebfluxTest() {
        super("webflux", "webflux", UPSTREAM);
    }

    @DynamicPropertySource
    static void upstream(DynamicPropertyRegistry registry) {
        registry.add("bench.upstream.http-url", UPSTREAM::url);
    }

    @AfterAll
    static void stopUpstream() {
        UPSTREAM.close();
    }

    @Test
    void infoReportsTheReactiveResources() {
        var info = client().get("/info").json();
        assertThat(info.get("nettyEventLoopThreads").asInt()).isPositive();
        assertThat(info.get("upstreamMaxConnections").asInt()).isEqualTo(10_000);
        assertThat(info.get("upstreamPendingAcquireMax").asInt()).isEqualTo(-1); // unbounded
        assertThat(info.get("upstreamHttpConfigured").asBoolean()).isTrue();
    }

    @Test
    void ioHttpCallsTheUpstreamWithoutBlocking() {
        long start = System.nanoTime();
        var response = client().get("/scenarios/io-http");
        assertThat(response.status()).isEqualTo(200);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(100));
        var body = response.json();
        assertThat(body.get("scenario").asString()).isEqualTo("io-http");
        assertThat(body.get("threadModel").asString()).isEqualTo("webflux");
        assertThat(body.get("upstreamStatus").asInt()).isEqualTo(200);
        assertThat(response.virtualThreadHeader()).isEqualTo("false");
    }

    /** Reactor Netty multiplexes all upstream calls on its event loops: no thread per request. */
    @Test
    void concurrentIoHttpRequestsDoNotCreateThreads() throws Exception {
        int n = 200;
        var load = ConcurrentLoad.ioHttp(UPSTREAM, client(), n);
        System.out.println("webflux: " + load);
        assertThat(load.responses()).allSatisfy(response -> assertThat(response.status()).isEqualTo(200));
        assertThat(load.maxInFlightAtUpstream()).isGreaterThanOrEqualTo(n / 4);
        assertThat(load.platformThreadsAdded()).isLessThan(n / 10);
    }

    @Test
    void cpuRunsOnTheEventLoopOnlyWhenAsked() {
        assertThat(client().get("/scenarios/cpu?limit=1000").json().get("eventLoop").asBoolean()).isFalse();
        var body = client().get("/scenarios/cpu?limit=1000&onEventLoop=1").json();
        assertThat(body.get("eventLoop").asBoolean()).isTrue();
        assertThat(body.get("primes").asInt()).isEqualTo(168);
        assertThat(client().get("/scenarios/cpu?limit=1000&onEventLoop=0").json().get("eventLoop").asBoolean())
                .isFalse();
        var bad = client().get("/scenarios/cpu?onEventLoop=2");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.contentType()).startsWith(PROBLEM_JSON);
    }

    /**
     * Field report slide 18: while every event loop counts primes, nothing else on their
     * connections is read, the Prometheus scrape included. Two fresh connections per event loop
     * (Netty hands new connections to its loops in turn), then the scrape on the next one: it
     * can only be answered once a loop is free again, so never before a cpu answer. An order of
     * events, not a timing.
     */
    @Test
    void computingOnEveryEventLoopStarvesThePrometheusScrape() {
        int loops = client().get("/info").json().get("nettyEventLoopThreads").asInt();
        client().get("/scenarios/cpu?limit=100000&onEventLoop=1"); // warm the code path
        List<RawHttp.Pending> cpu = new ArrayList<>();
        for (int i = 0; i < 2 * loops; i++) {
            cpu.add(RawHttp.send(port, "/scenarios/cpu?limit=5000000&onEventLoop=1"));
        }
        RawHttp.Answer scrape = RawHttp.send(port, "/actuator/prometheus").await();
        List<RawHttp.Answer> answers = cpu.stream().map(RawHttp.Pending::await).toList();
        assertThat(answers).allSatisfy(answer -> assertThat(answer.status()).isEqualTo(200));
        assertThat(scrape.status()).isEqualTo(200);
        long firstCpuAnswer = answers.stream().mapToLong(RawHttp.Answer::nanoTime).min().orElseThrow();
        System.out.printf("onEventLoop: scrape answered %.0f ms after the first of %d cpu answers%n",
                (scrape.nanoTime() - firstCpuAnswer) / 1e6, answers.size());
        assertThat(scrape.nanoTime()).as("the scrape answered while every event loop computed")
                .isGreaterThan(firstCpuAnswer);
    }
}
