package dev.jvmbench.targetapp.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * Loads the logger's exception support when the app starts, so that an OutOfMemoryError is still
 * logged when it is the first exception the app ever logs.
 *
 * <p>Logback builds its {@code ThrowableProxy} the first time it logs an exception. If that first
 * time is during an OutOfMemoryError, the class's static initialisation fails, and from then on
 * the JVM refuses the class: every later exception is logged as {@code NoClassDefFoundError:
 * Could not initialize class ch.qos.logback.classic.spi.ThrowableProxy}, and the OutOfMemoryError
 * itself is never written. This was seen on CI with the WebFlux app on JDK 26 with a 64 MB heap
 * under {@code retainKb}. A real app has logged some exception long before it runs out of heap.
 * The stock apps log none until a knob fires, so they load these classes at start. A logger
 * without these classes (not Logback) is left alone.
 */
public final class ErrorLogging {

    public static final List<String> CLASSES = List.of(
            "ch.qos.logback.classic.spi.ThrowableProxy",
            "ch.qos.logback.classic.spi.StackTraceElementProxy",
            "ch.qos.logback.classic.spi.ThrowableProxyUtil");

    private final List<String> loaded;

    private ErrorLogging(List<String> loaded) {
        this.loaded = List.copyOf(loaded);
    }

    /** Loads and initialises {@link #CLASSES} where they are on the class path. */
    public static ErrorLogging ready() {
        ClassLoader loader = ErrorLogging.class.getClassLoader();
        List<String> loaded = new ArrayList<>();
        for (String name : CLASSES) {
            try {
                Class.forName(name, true, loader);
                loaded.add(name);
            } catch (ClassNotFoundException notLogback) {
                // another logging backend: nothing of Logback's to ready
            }
        }
        return new ErrorLogging(loaded);
    }

    /** The classes that were found and initialised. */
    public List<String> loaded() {
        return loaded;
    }
}
