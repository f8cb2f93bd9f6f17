package dev.jvmbench.common.profile;

import java.util.regex.Pattern;

/**
 * Which threads of a profile are event loops, and how their stacks say so: every stack of an
 * event-loop thread gets one more root frame, {@code [event-loop:<group>]}, the group being the
 * thread's name without its number ({@code webflux-http-epoll-2} is in {@code
 * [event-loop:webflux-http-epoll]}), so that a flame graph draws the loops' work under one root
 * and a finding about a blocked event loop can take their stacks apart from the other threads'.
 * Collapsed stacks keep no thread otherwise (docs/metrics.md, "Profiles").
 *
 * <p>A thread is an event loop when its name is one of the usual event-loop names (Spring Boot's
 * WebFlux server loops {@code webflux-http-epoll-N} or {@code -nio-N}, Reactor Netty's {@code
 * reactor-http-*-N}, plain Netty's {@code nioEventLoopGroup-N-M} and its siblings, Vert.x's {@code
 * vert.x-eventloop-thread-N}), or when any of its stacks in the recording runs a Netty event loop
 * ({@code io.netty.*EventLoop.run}): a loop named otherwise still counts, as long as one of its
 * stacks was short enough to keep its root (JFR keeps the 64 frames at the top of a stack, and a
 * reactive stack is often deeper: that is why the name comes first).
 */
public final class EventLoopThreads {

    /** The root frame of an event-loop thread's stack starts with this. */
    public static final String ROOT_PREFIX = "[event-loop:";
    private static final Pattern KNOWN_NAME = Pattern.compile(
            "(reactor|webflux)-(http|tcp|udp)-(nio|epoll|kqueue|io_uring|uring)(-select)?-\\d+"
                    + "|vert\\.x-eventloop-thread-\\d+"
                    + "|\\w*EventLoopGroup-\\d+-\\d+");
    private static final Pattern NUMBER_SUFFIX = Pattern.compile("-\\d+$");

    private EventLoopThreads() {
    }

    /** Whether a thread's name is one of the usual event-loop names. */
    public static boolean knownName(String threadName) {
        return threadName != null && KNOWN_NAME.matcher(threadName).matches();
    }

    /** Whether a frame ({@code pkg.Class.method}) is a Netty event loop's run loop. */
    public static boolean loopFrame(String frame) {
        return frame.startsWith("io.netty.") && frame.endsWith("EventLoop.run");
    }

    /**
     * The root frame for an event-loop thread: its name without the number that tells the loops of
     * one group apart (they merge into one root), spaces and semicolons replaced so that the
     * collapsed format holds.
     */
    public static String root(String threadName) {
        String group = NUMBER_SUFFIX.matcher(threadName).replaceFirst("");
        return ROOT_PREFIX + group.replace(' ', '_').replace(';', ':') + "]";
    }

    /** Whether a collapsed stack (root first) is an event-loop thread's. */
    public static boolean onEventLoop(String stack) {
        return stack.startsWith(ROOT_PREFIX);
    }

    /** Whether a frame is a root this class added (not a method). */
    public static boolean isRoot(String frame) {
        return frame.startsWith(ROOT_PREFIX);
    }
}
