package dev.jvmbench.worker.probe;

import java.time.Duration;
import java.util.List;

/**
 * Virtual threads pinned at one place of the application, over a time window: the {@code
 * jdk.VirtualThreadPinned} events (pinned for at least the recording's threshold, 20 ms) whose
 * first application frame ({@link ApplicationFrames}) is {@link #frame}.
 *
 * @param frame         the application frame, {@code class.method:line} (line omitted when the
 *                      recording has none); {@link #NO_APPLICATION_FRAME} when every frame of the
 *                      recorded stack is the JDK's or a framework's
 * @param count         events
 * @param totalPinned   the sum of their durations
 * @param longestPinned the longest one
 * @param context       frames of the first event's stack around {@link #frame}, top first: up to
 *                      {@value #FRAMES_ABOVE} above it (what it blocked in, e.g. {@code
 *                      java.lang.Thread.sleep}) and up to {@value #FRAMES_BELOW} below it (who
 *                      called it)
 * @param pinnedReasons the distinct {@code pinnedReason}s (JDK 24+, e.g. {@code Native or VM
 *                      frame on stack}); empty on JDK 21, whose events have none
 */
public record PinnedSite(
        String frame,
        long count,
        Duration totalPinned,
        Duration longestPinned,
        List<String> context,
        List<String> pinnedReasons) {

    public static final String NO_APPLICATION_FRAME = "(no application frame)";
    static final int FRAMES_ABOVE = 2;
    static final int FRAMES_BELOW = 4;

    public PinnedSite {
        context = List.copyOf(context);
        pinnedReasons = List.copyOf(pinnedReasons);
    }
}
