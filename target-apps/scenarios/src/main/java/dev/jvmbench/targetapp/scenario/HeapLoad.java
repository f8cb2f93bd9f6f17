package dev.jvmbench.targetapp.scenario;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.lang.ref.Reference;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sleep scenario's heap knobs. {@code garbageKb}: allocated and dropped at once (allocation
 * rate, young collections). {@code retainKb}: allocated and held until the request answers, so
 * the live set grows with the requests in flight: with enough of them and a small heap the
 * allocation throws {@code java.lang.OutOfMemoryError: Java heap space}, which nobody here
 * catches (the server logs it, or the JVM prints it for the thread it ends).
 *
 * <p>Both come in {@value #CHUNK_BYTES}-byte arrays, many small objects as a request's working
 * data would be, never one humongous array. Garbage escapes through a volatile field so that
 * escape analysis cannot remove the allocation. The gauge {@code bench_retained_bytes} is what
 * the requests in flight hold right now.
 */
public final class HeapLoad {

    public static final int CHUNK_BYTES = 1024;
    /** 100 MB per request: a few requests already fill a small container's heap. */
    public static final int MAX_KB = 102_400;

    @SuppressWarnings("unused") // written only: the allocations must escape
    private static volatile Object sink;

    private final AtomicLong retainedBytes = new AtomicLong();

    public HeapLoad(MeterRegistry registry) {
        if (registry != null) {
            Gauge.builder("bench.retained", retainedBytes, AtomicLong::get).baseUnit("bytes")
                    .description("heap the sleep requests in flight hold (retainKb)").register(registry);
        }
    }

    /** Allocates {@code kb} KB and drops it. */
    public void allocateGarbage(int kb) {
        for (int i = 0; i < kb; i++) {
            sink = new byte[CHUNK_BYTES];
        }
    }

    /** Allocates {@code kb} KB that stays reachable until the returned handle is closed. */
    public Retained retain(int kb) {
        byte[][] chunks = new byte[kb][];
        for (int i = 0; i < kb; i++) {
            chunks[i] = new byte[CHUNK_BYTES];
        }
        return new Retained(chunks);
    }

    public long retainedBytes() {
        return retainedBytes.get();
    }

    /** Memory a request holds; {@link #close()} after the request's work lets it go. */
    public final class Retained implements AutoCloseable {

        private final byte[][] chunks;
        private final long bytes;

        private Retained(byte[][] chunks) {
            this.chunks = chunks;
            this.bytes = (long) chunks.length * CHUNK_BYTES;
            retainedBytes.addAndGet(bytes);
        }

        @Override
        public void close() {
            retainedBytes.addAndGet(-bytes);
            // the chunks are never read: without the fence the JIT may free them before the sleep ends
            Reference.reachabilityFence(chunks);
        }
    }
}
