import java.util.ArrayList;
import java.util.List;

/**
 * Run by JfrProfileTest with a JFR recording of the default settings: burns CPU in burnA, pauses,
 * then burns CPU in burnB while allocating in allocB and contending a monitor in lockB, and a
 * thread named as a WebFlux event loop burns a third as much in burnLoop (and, on JDK 25, the common
 * pool's DelayScheduler parks between ticks of a delayed task), printing each phase's
 * start and end (epoch ms) so that the test can cut the recording to them.
 */
public class Burner {

    static volatile long sink;
    static volatile Object kept;
    static final Object MONITOR = new Object();

    public static void main(String[] args) throws Exception {
        long phaseMillis = Long.parseLong(args[0]);
        System.out.println("A-start " + System.currentTimeMillis());
        burnA(phaseMillis);
        System.out.println("A-end " + System.currentTimeMillis());
        Thread.sleep(500);
        System.out.println("B-start " + System.currentTimeMillis());
        // a pool thread that waits for work through the whole phase: idle, not contended
        var idle = java.util.concurrent.Executors.newSingleThreadExecutor();
        idle.submit(() -> sink++).get();
        // JDK 25's ForkJoinPool schedules delayed tasks itself: its DelayScheduler thread parks between them, idle too
        java.util.concurrent.ScheduledFuture<?> ticks = null;
        if ((Object) java.util.concurrent.ForkJoinPool.commonPool() instanceof java.util.concurrent.ScheduledExecutorService delays) {
            ticks = delays.scheduleAtFixedRate(() -> sink++, 50, 50, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        Thread holder = Thread.ofPlatform().name("holder").start(Burner::holdB);
        Thread allocator = Thread.ofPlatform().name("allocator").start(() -> allocB(phaseMillis));
        Thread loop = Thread.ofPlatform().name("webflux-http-epoll-2").start(() -> burnLoop(phaseMillis));
        burnB(phaseMillis);
        holder.join();
        allocator.join();
        loop.join();
        if (ticks != null) {
            ticks.cancel(false);
        }
        idle.shutdown();
        idle.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
        System.out.println("B-end " + System.currentTimeMillis());
        Thread.sleep(500);
    }

    static void burnA(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long x = 1;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        sink = x;
    }

    static void burnB(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long x = 7;
        int round = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 2862933555777941757L + 3037000493L;
            }
            if (++round % 2000 == 0) {
                lockB();
            }
        }
        sink = x;
    }

    /** Burns 20 ms, sleeps 40 ms, to the end of the phase. */
    static void burnLoop(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long x = 3;
        while (System.nanoTime() < end) {
            long slice = System.nanoTime() + 20_000_000;
            while (System.nanoTime() < slice) {
                for (int i = 0; i < 10_000; i++) {
                    x = x * 3935559000370003845L + 2691343689449507681L;
                }
            }
            try {
                Thread.sleep(40);
            } catch (InterruptedException e) {
                return;
            }
        }
        sink = x;
    }

    /** Holds the monitor for 60 ms at a time, 10 times, so that lockB blocks past JFR's 20 ms threshold. */
    static void holdB() {
        for (int i = 0; i < 10; i++) {
            synchronized (MONITOR) {
                try {
                    Thread.sleep(60);
                } catch (InterruptedException e) {
                    return;
                }
            }
            Thread.onSpinWait();
        }
    }

    static void lockB() {
        synchronized (MONITOR) {
            sink++;
        }
    }

    static void allocB(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        List<byte[]> list = new ArrayList<>();
        while (System.nanoTime() < end) {
            list.add(new byte[64 * 1024]);
            if (list.size() > 64) {
                kept = list;
                list = new ArrayList<>();
            }
        }
    }
}
