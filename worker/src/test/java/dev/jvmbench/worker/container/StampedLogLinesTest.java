package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.junit.jupiter.api.Test;

/**
 * The pod log API's shape: one stream (stdout and stderr merged by the kubelet), read in chunks
 * that cut anywhere; the Docker engine's frames are in TimestampedLinesTest, a real pod's log in
 * KubernetesContainerEngineTest.
 */
class StampedLogLinesTest {

    private static void feed(StampedLogLines lines, String logged, int chunk) {
        byte[] bytes = logged.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i += chunk) {
            lines.accept("pod", bytes, i, Math.min(chunk, bytes.length - i));
        }
    }

    @Test
    void oneStreamCutAnywhereGivesItsLinesWithTheirStamps() {
        StampedLogLines lines = new StampedLogLines();
        feed(lines, "2026-11-24T05:40:00.123456789Z out-1\n2026-11-24T05:40:00.2Z ünïcödé\n"
                + "2026-11-24T05:40:01Z \n2026-11-24T05:40:02.25Z last, no break", 7);

        assertThat(lines.lines()).extracting(LogLine::at, LogLine::text).containsExactly(
                tuple(Instant.parse("2026-11-24T05:40:00.123456789Z"), "out-1"),
                tuple(Instant.parse("2026-11-24T05:40:00.2Z"), "ünïcödé"),
                tuple(Instant.parse("2026-11-24T05:40:01Z"), ""),
                tuple(Instant.parse("2026-11-24T05:40:02.25Z"), "last, no break"));
    }

    @Test
    void aLongLineWhosePartsTheKubeletJoinedWithoutStampsStaysWhole() {
        // a kubelet that writes a stamp only before the first part of a partial line
        String text = "x".repeat(40_000);
        StampedLogLines lines = new StampedLogLines();
        feed(lines, "2026-11-24T05:40:00.5Z " + text + "\n2026-11-24T05:40:01Z next\n", 4096);

        assertThat(lines.lines()).extracting(LogLine::at, LogLine::text).containsExactly(
                tuple(Instant.parse("2026-11-24T05:40:00.5Z"), text),
                tuple(Instant.parse("2026-11-24T05:40:01Z"), "next"));
    }
}
