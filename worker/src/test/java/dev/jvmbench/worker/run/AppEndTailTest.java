package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A failure reason keeps the app's last words, not the JVM's start-up banner. */
class AppEndTailTest {

    @Test
    void dropsTheJvmsStartUpLinesAndKeepsTheAppsOwn() {
        String log = """
                Picked up JAVA_TOOL_OPTIONS: -XX:StartFlightRecording=name=jvmbench,filename=/tmp/jvmbench.jfr -Xmx256m
                [0.512s][info][jfr,startup] Started recording 1. No limit specified, using maxsize=250MB as default.
                [0.512s][info][jfr,startup]\s
                [0.512s][info][jfr,startup] Use jcmd 1 JFR.dump name=jvmbench to copy recording data to file.
                refused java.nio.file.FileSystemException: /pwned: Read-only file system
                """;

        assertThat(AppEnd.tail(log))
                .isEqualTo("; output: refused java.nio.file.FileSystemException: /pwned: Read-only file system");
        assertThat(AppEnd.tail("Picked up JAVA_TOOL_OPTIONS: -Xmx1g\n")).isEmpty();
        // the JVM's report of an OutOfMemoryError keeps its error line, not the command it ran
        assertThat(AppEnd.tail("""
                #
                # java.lang.OutOfMemoryError: Java heap space
                # -XX:OnOutOfMemoryError="true"
                #   Executing /bin/sh -c "true"...
                """)).isEqualTo("; output: #\n# java.lang.OutOfMemoryError: Java heap space");
        assertThat(AppEnd.tail(null)).isEmpty();
        assertThat(AppEnd.tail("x".repeat(500))).isEqualTo("; output: ..." + "x".repeat(400));
    }
}
