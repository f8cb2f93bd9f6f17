package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

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

    @Test
    void aLogPastItsBudgetsKeepsItsHeadAndTailWithOneLineForWhatWasLeftOut() {
        // a head of 20 characters and a tail of 30: lines "l01".."l40" are 4 characters each with their break
        StampedLogLines lines = new StampedLogLines(20, 30, 1000);
        StringBuilder log = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            log.append("2026-11-24T05:40:%02dZ l%02d\n".formatted(i, i));
        }
        feed(lines, log.toString(), 13);

        List<LogLine> kept = lines.lines();

        assertThat(kept).extracting(LogLine::text).startsWith("l01", "l02", "l03", "l04", "l05")
                .endsWith("l34", "l35", "l36", "l37", "l38", "l39", "l40").hasSize(5 + 1 + 7);
        LogLine gap = kept.get(5);
        assertThat(gap.isLeftOut()).isTrue();
        assertThat(gap.text()).startsWith(LogLine.LEFT_OUT + "28 lines (0 KB) of the app's log left out here;");
        assertThat(gap.at()).isEqualTo(Instant.parse("2026-11-24T05:40:34Z"));
    }

    @Test
    void aLineWithinBudgetsKeepsEverythingAndALineBeyondItsBudgetIsCut() {
        StampedLogLines lines = new StampedLogLines(1000, 1000, 40);
        feed(lines, "2026-11-24T05:40:00Z short\n2026-11-24T05:40:01Z " + "y".repeat(100) + "\n2026-11-24T05:40:02Z next\n", 7);

        assertThat(lines.lines()).extracting(LogLine::text).containsExactly("short",
                "y".repeat(40 - "2026-11-24T05:40:01Z ".length()) + " [jvmbench: line cut, " + (100 - 19) + " more bytes]",
                "next");
    }
}
