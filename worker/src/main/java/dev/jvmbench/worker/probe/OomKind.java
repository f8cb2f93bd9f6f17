package dev.jvmbench.worker.probe;

import java.util.Locale;

/**
 * What an {@link OutOfMemoryError} ran out of, from its message. One classification for the
 * JFR events and the log lines alike.
 */
public enum OomKind {
    /** {@code Java heap space}: the heap is full of live objects (or -Xmx is too small for the load). */
    JAVA_HEAP_SPACE("java-heap-space"),
    /** {@code GC overhead limit exceeded}: Parallel GC spends almost all its time collecting. */
    GC_OVERHEAD_LIMIT_EXCEEDED("gc-overhead-limit-exceeded"),
    /** {@code Requested array size exceeds VM limit}: one array larger than the JVM can address. */
    REQUESTED_ARRAY_SIZE_EXCEEDS_VM_LIMIT("requested-array-size-exceeds-vm-limit"),
    /** {@code Metaspace}: class metadata beyond {@code MaxMetaspaceSize}. */
    METASPACE("metaspace"),
    /** {@code Compressed class space}: class metadata beyond {@code CompressedClassSpaceSize}. */
    COMPRESSED_CLASS_SPACE("compressed-class-space"),
    /**
     * Direct (off-heap) buffers beyond {@code MaxDirectMemorySize}: {@code Direct buffer memory}
     * (JDK 8), {@code Cannot reserve N bytes of direct buffer memory} (JDK 11+), or Netty's {@code
     * OutOfDirectMemoryError} ({@code failed to allocate N byte(s) of direct memory}).
     */
    DIRECT_BUFFER_MEMORY("direct-buffer-memory"),
    /**
     * {@code unable to create native thread}: the kernel refused a thread (pids limit, {@code
     * ulimit -u}, or no memory for its stack).
     */
    UNABLE_TO_CREATE_NATIVE_THREAD("unable-to-create-native-thread"),
    /** Any other message, or none. */
    OTHER("other");

    private final String wireName;

    OomKind(String wireName) {
        this.wireName = wireName;
    }

    /** The kind as findings and JSON name it, e.g. {@code java-heap-space}. */
    public String wireName() {
        return wireName;
    }

    /** The kind of an OutOfMemoryError with this message (null or blank: {@link #OTHER}). */
    public static OomKind ofMessage(String message) {
        if (message == null) {
            return OTHER;
        }
        String text = message.toLowerCase(Locale.ROOT);
        if (text.contains("java heap space")) {
            return JAVA_HEAP_SPACE;
        }
        if (text.contains("gc overhead limit exceeded")) {
            return GC_OVERHEAD_LIMIT_EXCEEDED;
        }
        if (text.contains("requested array size exceeds vm limit")) {
            return REQUESTED_ARRAY_SIZE_EXCEEDS_VM_LIMIT;
        }
        if (text.contains("compressed class space")) {
            return COMPRESSED_CLASS_SPACE;
        }
        if (text.contains("metaspace")) {
            return METASPACE;
        }
        if (text.contains("direct buffer memory") || text.contains("of direct memory")) {
            return DIRECT_BUFFER_MEMORY;
        }
        if (text.contains("unable to create native thread") || text.contains("unable to create new native thread")) {
            return UNABLE_TO_CREATE_NATIVE_THREAD;
        }
        return OTHER;
    }
}
