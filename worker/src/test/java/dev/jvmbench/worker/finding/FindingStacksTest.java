package dev.jvmbench.worker.finding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.ProfileKind;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The stacks behind gc-pressure, pool-exhausted, pinning and event-loop-blocked, from hand-made
 * profiles of the finding's level: the largest stacks of the right kind (and threads), their
 * application frame, share and value per request; or why there are none.
 */
class FindingStacksTest {

    private static final String TOMCAT = "java.lang.Thread.run;org.apache.tomcat.util.threads.TaskThread$WrappingRunnable.run;"
            + "org.apache.catalina.connector.CoyoteAdapter.service;org.springframework.web.servlet.DispatcherServlet.doDispatch";
    private static final String LOOP = "[event-loop:webflux-http-epoll];java.lang.Thread.run;"
            + "io.netty.channel.epoll.EpollEventLoop.run;reactor.netty.http.server.HttpServerOperations.onInboundNext";

    private static LevelStacks level(long requests, Long periodNs, Map<ProfileKind, Map<String, Long>> byKind) {
        Map<ProfileKind, LevelStacks.Profile> profiles = new EnumMap<>(ProfileKind.class);
        byKind.forEach((kind, stacks) -> {
            CollapsedStacks all = CollapsedStacks.of(stacks);
            long onLoops = stacks.entrySet().stream().filter(e -> e.getKey().startsWith("[event-loop:"))
                    .mapToLong(Map.Entry::getValue).sum();
            profiles.put(kind, new LevelStacks.Profile(all, all.total(), onLoops));
        });
        return LevelStacks.of(profiles, requests, periodNs);
    }

    private static RunObservations.Profiles at0(LevelStacks level) {
        return new RunObservations.Profiles(Map.of(0, level), "not this one");
    }

    private static Finding levelFinding(FindingCode code) {
        return Finding.of(code, 0, 80, Facts.START, "a sentence", Map.of("figure", 1.0), null);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> stacksOf(Finding finding) {
        return (List<Map<String, Object>>) finding.evidence().get("stacks");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> top(Map<String, Object> extract) {
        return (List<Map<String, Object>>) extract.get("top");
    }

    @Test
    void gcPressureCarriesTheLargestAllocationStacksByBytesWithTheirApplicationFrame() {
        Map<String, Long> alloc = new LinkedHashMap<>();
        alloc.put(TOMCAT + ";app.Orders.render;java.lang.StringBuilder.toString;java.util.Arrays.copyOfRange", 600_000L);
        alloc.put(TOMCAT + ";app.Orders.load;java.util.ArrayList.grow", 250_000L);
        alloc.put(TOMCAT + ";com.fasterxml.jackson.databind.ObjectMapper.writeValueAsBytes", 100_000L);
        alloc.put(TOMCAT + ";app.Small.one", 50_000L);
        LevelStacks level = level(1000, 20_000_000L, Map.of(ProfileKind.ALLOC, alloc,
                ProfileKind.CPU, Map.of(TOMCAT + ";app.Orders.render", 40L)));

        Finding gc = FindingStacks.attach(List.of(levelFinding(FindingCode.GC_PRESSURE)),
                Facts.ioHttp(ThreadModel.PLATFORM), at0(level)).getFirst();

        assertThat(gc.evidence()).containsEntry("figure", 1.0);
        Map<String, Object> extract = stacksOf(gc).getFirst();
        assertThat(stacksOf(gc)).hasSize(1);
        assertThat(extract).containsEntry("kind", "alloc").containsEntry("threads", "all").containsEntry("unit", "bytes")
                .containsEntry("total", 1_000_000L).containsEntry("requests", 1000L).containsEntry("perRequestUnit", "bytes")
                .doesNotContainKeys("missing", "note", "selected");
        List<Map<String, Object>> top = top(extract);
        assertThat(top).hasSize(FindingStacks.TOP_STACKS);
        assertThat(top.getFirst()).containsEntry("frame", "app.Orders.render").containsEntry("value", 600_000L)
                .containsEntry("share", 0.6).containsEntry("perRequest", 600.0);
        assertThat((List<String>) top.getFirst().get("frames")).as("leaf first, down to two callers of the app's frame")
                .containsExactly("java.util.Arrays.copyOfRange", "java.lang.StringBuilder.toString", "app.Orders.render",
                        "org.springframework.web.servlet.DispatcherServlet.doDispatch",
                        "org.apache.catalina.connector.CoyoteAdapter.service");
        assertThat(top.get(1)).containsEntry("frame", "app.Orders.load");
        // a library the app brings is the app's, as for pinning (ApplicationFrames)
        assertThat(top.get(2)).containsEntry("frame", "com.fasterxml.jackson.databind.ObjectMapper.writeValueAsBytes");
    }

    @Test
    void poolExhaustedCarriesTheThreadsWaitingForAConnection() {
        String borrow = TOMCAT + ";app.Db.query;com.zaxxer.hikari.HikariDataSource.getConnection;"
                + "com.zaxxer.hikari.pool.HikariPool.getConnection;com.zaxxer.hikari.util.ConcurrentBag.borrow;"
                + "java.util.concurrent.SynchronousQueue.poll;java.util.concurrent.locks.LockSupport.parkNanos;"
                + "jdk.internal.misc.Unsafe.park";
        LevelStacks level = level(500, 20_000_000L, Map.of(ProfileKind.LOCK, Map.of(borrow, 9_000_000_000L,
                TOMCAT + ";app.Cache.get;java.util.concurrent.locks.ReentrantLock.lock;jdk.internal.misc.Unsafe.park",
                1_000_000_000L)));
        LevelFacts users = Facts.level(100).set("throughput", 49.0).build();
        RunFacts platform = Facts.run("io-db", ThreadModel.PLATFORM, Map.of("poolSize", 10.0, "sleepMs", 200.0));
        List<Finding> ofLevel = Diagnosis.ofLevel(platform, users);

        Finding pool = Diagnosis.withStacks(ofLevel, platform, new RunObservations(null, "complete", List.of(), Map.of(),
                Map.of(), at0(level))).stream().filter(f -> f.code() == FindingCode.POOL_EXHAUSTED).findFirst().orElseThrow();

        Map<String, Object> lock = stacksOf(pool).getFirst();
        assertThat(lock).containsEntry("kind", "lock").containsEntry("unit", "ns").containsEntry("perRequestUnit", "ms")
                .doesNotContainKey("note");
        assertThat(top(lock).getFirst()).containsEntry("frame", "com.zaxxer.hikari.util.ConcurrentBag.borrow")
                .containsEntry("share", 0.9).containsEntry("perRequest", 18.0);
        assertThat(top(lock)).hasSize(2);
        assertThat(pool.evidence()).as("the rule's own evidence stays").containsEntry("poolCeilingRps", 50.0);
    }

    @Test
    void onVirtualThreadsTheLockProfileSaysThatParksAreNotRecorded() {
        LevelStacks noLocks = level(500, 20_000_000L, Map.of(ProfileKind.CPU, Map.of("a.B.c", 5L)));
        Map<String, Object> lock = FindingStacks.extract(ProfileKind.LOCK, false, noLocks, Facts.ioHttp(ThreadModel.VIRTUAL));

        assertThat(top(lock)).isEmpty();
        assertThat((String) lock.get("note")).contains("no monitor enter or park of 20 ms or more",
                "a virtual thread that parks", "records no jdk.ThreadPark");

        LevelStacks carrierParks = level(500, null, Map.of(ProfileKind.LOCK,
                Map.of("java.util.concurrent.DelayScheduler.loop;jdk.internal.misc.Unsafe.park", 40_000_000L)));
        Map<String, Object> some = FindingStacks.extract(ProfileKind.LOCK, false, carrierParks,
                Facts.ioHttp(ThreadModel.VIRTUAL));
        assertThat(top(some)).hasSize(1);
        assertThat((String) some.get("note")).startsWith("a virtual thread that parks");

        Map<String, Object> platform = FindingStacks.extract(ProfileKind.LOCK, false, noLocks,
                Facts.ioHttp(ThreadModel.PLATFORM));
        assertThat((String) platform.get("note")).contains("no monitor enter or park").doesNotContain("virtual");
    }

    @Test
    void eventLoopBlockedCarriesOnlyTheLoopsCpuStacksAndTheirBlockingWhenTheyBlocked() {
        Map<String, Long> cpu = new LinkedHashMap<>();
        cpu.put(LOOP + ";dev.jvmbench.targetapp.scenario.Primes.count", 700L);
        cpu.put("java.lang.Thread.run;reactor.core.scheduler.SchedulerTask.call;app.Report.build", 200L);
        cpu.put(LOOP + ";io.netty.buffer.AbstractByteBuf.writeBytes", 100L);
        LevelStacks computing = level(2000, 20_000_000L, Map.of(ProfileKind.CPU, cpu,
                ProfileKind.LOCK, Map.of("java.lang.Thread.run;app.Other.wait;jdk.internal.misc.Unsafe.park", 50_000_000L)));
        RunFacts webflux = Facts.run("cpu", ThreadModel.WEBFLUX, Map.of());

        List<Map<String, Object>> extracts = stacksOf(FindingStacks.attach(
                List.of(levelFinding(FindingCode.EVENT_LOOP_BLOCKED)), webflux, at0(computing)).getFirst());

        assertThat(extracts).as("the loops did not block: no lock extract").hasSize(1);
        Map<String, Object> loops = extracts.getFirst();
        assertThat(loops).containsEntry("kind", "cpu").containsEntry("threads", "event-loop").containsEntry("total", 1000L)
                .containsEntry("selected", 800L).containsEntry("selectedShare", 0.8).containsEntry("perRequestUnit", "ms");
        assertThat(top(loops)).extracting(s -> s.get("frame"))
                .containsExactly("dev.jvmbench.targetapp.scenario.Primes.count", "io.netty.buffer.AbstractByteBuf.writeBytes");
        assertThat((double) top(loops).getFirst().get("share")).as("of every thread's samples: the flame graph's width")
                .isEqualTo(0.7);
        assertThat((double) top(loops).getFirst().get("perRequest")).as("700 samples x 20 ms / 2000 requests")
                .isCloseTo(7.0, within(1e-9));
        assertThat((List<String>) top(loops).get(1).get("frames")).as("no application frame: the top frames, no root of ours")
                .hasSizeLessThanOrEqualTo(FindingStacks.FRAMES_WITHOUT_APPLICATION)
                .noneMatch(frame -> frame.startsWith("[event-loop"));

        LevelStacks blocking = level(2000, 20_000_000L, Map.of(ProfileKind.CPU, cpu, ProfileKind.LOCK,
                Map.of(LOOP + ";app.Repo.findBlocking;java.util.concurrent.CompletableFuture.get;jdk.internal.misc.Unsafe.park",
                        300_000_000L)));
        List<Map<String, Object>> both = stacksOf(FindingStacks.attach(List.of(levelFinding(FindingCode.EVENT_LOOP_BLOCKED)),
                webflux, at0(blocking)).getFirst());
        assertThat(both).extracting(e -> e.get("kind")).containsExactly("cpu", "lock");
        assertThat(top(both.get(1)).getFirst()).containsEntry("frame", "app.Repo.findBlocking");
    }

    @Test
    void anEventLoopProfileWithoutLoopThreadsSaysSo() {
        LevelStacks noLoops = level(2000, 20_000_000L, Map.of(ProfileKind.CPU,
                Map.of("java.lang.Thread.run;my.Loop.spin", 90L)));

        Map<String, Object> cpu = FindingStacks.extract(ProfileKind.CPU, true, noLoops, Facts.run("cpu", ThreadModel.WEBFLUX,
                Map.of()));

        assertThat(top(cpu)).isEmpty();
        assertThat(cpu).containsEntry("selected", 0L).containsEntry("selectedShare", 0.0);
        assertThat((String) cpu.get("note")).contains("none of the level's 90 samples was on an event-loop thread");
    }

    @Test
    void pinningCarriesThePinnedStacks() {
        LevelStacks level = level(400, 20_000_000L, Map.of(ProfileKind.PINNED, Map.of(
                "java.lang.VirtualThread.run;app.Pinning.sleepHoldingMonitor;java.lang.Thread.sleep", 2_000_000_000L)));

        Finding pinning = FindingStacks.attach(List.of(levelFinding(FindingCode.PINNING)),
                Facts.ioHttp(ThreadModel.VIRTUAL), at0(level)).getFirst();

        Map<String, Object> pinned = stacksOf(pinning).getFirst();
        assertThat(pinned).containsEntry("kind", "pinned").doesNotContainKey("note");
        assertThat(top(pinned).getFirst()).containsEntry("frame", "app.Pinning.sleepHoldingMonitor")
                .containsEntry("share", 1.0).containsEntry("perRequest", 5.0);
    }

    @Test
    void aLevelWithoutAProfileSaysWhyInsteadOfAnEmptyList() {
        RunObservations.Profiles lost = RunObservations.Profiles.none("no readable JFR recording came out of the app");
        RunObservations.Profiles cut = new RunObservations.Profiles(Map.of(0,
                LevelStacks.missing("the recording ends before this level did")), "unused");

        Finding gc = FindingStacks.attach(List.of(levelFinding(FindingCode.GC_PRESSURE)), Facts.ioHttp(ThreadModel.PLATFORM),
                lost).getFirst();
        Finding loops = FindingStacks.attach(List.of(levelFinding(FindingCode.EVENT_LOOP_BLOCKED)),
                Facts.run("cpu", ThreadModel.WEBFLUX, Map.of()), cut).getFirst();

        assertThat(stacksOf(gc)).singleElement().satisfies(e -> assertThat(e).containsOnlyKeys("kind", "threads", "missing")
                .containsEntry("kind", "alloc").containsEntry("missing", "no readable JFR recording came out of the app"));
        assertThat(stacksOf(loops)).singleElement().satisfies(e -> assertThat(e).containsEntry("kind", "cpu")
                .containsEntry("threads", "event-loop").containsEntry("missing", "the recording ends before this level did"));
    }

    @Test
    void otherFindingsAndRunWideOnesAreLeftAsTheyAre() {
        Finding throttled = levelFinding(FindingCode.CPU_THROTTLED);
        Finding runWide = Finding.of(FindingCode.GC_PRESSURE, null, null, null, "whole run", Map.of(), null);

        List<Finding> after = FindingStacks.attach(List.of(throttled, runWide), Facts.ioHttp(ThreadModel.PLATFORM),
                RunObservations.Profiles.none("lost"));

        assertThat(after).containsExactly(throttled, runWide);
    }

    @Test
    void cpuWithoutAKnownPeriodIsInSamplesPerRequest() {
        LevelStacks level = level(50, null, Map.of(ProfileKind.CPU, Map.of(LOOP + ";app.Hot.loop", 10L)));

        Map<String, Object> cpu = FindingStacks.extract(ProfileKind.CPU, true, level, Facts.run("cpu", ThreadModel.WEBFLUX,
                Map.of()));

        assertThat(cpu).containsEntry("perRequestUnit", "samples");
        assertThat(top(cpu).getFirst()).containsEntry("perRequest", 0.2);
    }
}
