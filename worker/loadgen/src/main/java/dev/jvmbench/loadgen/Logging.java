package dev.jvmbench.loadgen;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.ContextInitializer;
import org.slf4j.LoggerFactory;

/** Gatling stops Logback when a run ends; the next run would then log nowhere. */
final class Logging {

    private Logging() {
    }

    static void ensureStarted() {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context) || context.isStarted()) {
            return;
        }
        try {
            context.reset();
            new ContextInitializer(context).autoConfig();
            context.start();
        } catch (Exception e) {
            System.err.println("jvmbench-loadgen: could not restart logging: " + e);
        }
    }
}
