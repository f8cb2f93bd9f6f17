package dev.jvmbench.worker.probe;

import java.util.List;

/**
 * The one rule that says which stack frame is the application's: the first frame, from the top
 * of the stack, whose class is not in the JDK or in the frameworks the platform runs apps on.
 * Pinning is grouped by that frame (the app's method that blocked while pinned), so a finding
 * can name the line to change.
 *
 * <p>The JDK ({@code java.}, {@code javax.}, {@code jdk.}, {@code sun.}, {@code com.sun.}),
 * Spring ({@code org.springframework.}), Tomcat ({@code org.apache.tomcat.} and its {@code
 * org.apache.catalina.} and {@code org.apache.coyote.} packages), Netty ({@code io.netty.}) and
 * Reactor ({@code reactor.}) are frameworks. Anything else, the app's libraries included (a JDBC
 * driver, HikariCP), counts as the application: a pin inside a driver is named by the driver's
 * frame. Add a prefix here, and only here, to see past another framework.
 */
public final class ApplicationFrames {

    /** Class-name prefixes of the JDK and the frameworks. */
    public static final List<String> FRAMEWORK_PREFIXES = List.of(
            "java.", "javax.", "jdk.", "sun.", "com.sun.",
            "org.springframework.",
            "org.apache.tomcat.", "org.apache.catalina.", "org.apache.coyote.",
            "io.netty.",
            "reactor.");

    private ApplicationFrames() {
    }

    /** Whether a frame of class {@code className} (binary name, e.g. {@code com.acme.Foo$Bar}) is the application's. */
    public static boolean isApplicationClass(String className) {
        if (className == null || className.isEmpty()) {
            return false;
        }
        for (String prefix : FRAMEWORK_PREFIXES) {
            if (className.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }

    /** The index of the first application frame in {@code classNames} (top of the stack first), or -1. */
    static int firstApplicationFrame(List<String> classNames) {
        for (int i = 0; i < classNames.size(); i++) {
            if (isApplicationClass(classNames.get(i))) {
                return i;
            }
        }
        return -1;
    }
}
