package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.StreamType;
import org.junit.jupiter.api.Test;

/** The engine's stamped log stream, frame by frame as docker-java hands it over; the real one is read in ContainerFilesAndLogsTest. */
class TimestampedLinesTest {

    private static Frame frame(StreamType stream, String text) {
        return new Frame(stream, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void linesAreCutAtTheirBreaksWhateverTheFramesAndSortedByTheirStamps() {
        DockerContainerEngine.TimestampedLines lines = new DockerContainerEngine.TimestampedLines();
        lines.onNext(frame(StreamType.STDOUT, "2026-11-24T05:40:00.000000001Z out-1\n2026-11-24T05:40:00.5Z o"));
        lines.onNext(frame(StreamType.STDERR, "2026-11-24T05:40:00.2Z err-1 ünïcödé\r\n"));
        lines.onNext(frame(StreamType.STDOUT, "ut-2\n2026-11-24T05:40:01Z \n2026-11-24T05:40:02.25Z last, no break"));

        assertThat(lines.lines()).extracting(LogLine::at, LogLine::text).containsExactly(
                tuple(Instant.parse("2026-11-24T05:40:00.000000001Z"), "out-1"),
                tuple(Instant.parse("2026-11-24T05:40:00.2Z"), "err-1 ünïcödé"),
                tuple(Instant.parse("2026-11-24T05:40:00.5Z"), "out-2"),
                tuple(Instant.parse("2026-11-24T05:40:01Z"), ""),
                tuple(Instant.parse("2026-11-24T05:40:02.25Z"), "last, no break"));
    }

    @Test
    void aLongLineLoggedInPartsIsWholeAgainWithoutThePartsStamps() {
        int part = DockerContainerEngine.TimestampedLines.PART_BYTES;
        String a = "a".repeat(part);
        // a stamp-like text that is not at a part's end stays
        String b = "2026-11-24T05:40:00Z ".repeat(2) + "b".repeat(part - 42);
        String c = "c".repeat(100);
        DockerContainerEngine.TimestampedLines lines = new DockerContainerEngine.TimestampedLines();
        String logged = "2026-11-24T05:40:00.1Z " + a + "2026-11-24T05:40:00.100000002Z " + b
                + "2026-11-24T05:40:00.100000003Z " + c + "\n";
        for (int i = 0; i < logged.length(); i += 1000) {
            lines.onNext(frame(StreamType.STDOUT, logged.substring(i, Math.min(logged.length(), i + 1000))));
        }

        List<LogLine> read = lines.lines();

        assertThat(read).singleElement().satisfies(line -> {
            assertThat(line.at()).isEqualTo(Instant.parse("2026-11-24T05:40:00.1Z"));
            assertThat(line.text()).isEqualTo(a + b + c);
        });
    }

    @Test
    void onlyAWholeStampFollowedByASpaceCounts() {
        byte[] line = "2026-11-24T05:40:00.123Z text".getBytes(StandardCharsets.US_ASCII);
        assertThat(DockerContainerEngine.TimestampedLines.stampLength(line, 0, line.length)).isEqualTo(24);
        byte[] noSpace = "2026-11-24T05:40:00Z".getBytes(StandardCharsets.US_ASCII);
        assertThat(DockerContainerEngine.TimestampedLines.stampLength(noSpace, 0, noSpace.length)).isEqualTo(-1);
        byte[] notUtc = "2026-11-24T05:40:00+01:00 x".getBytes(StandardCharsets.US_ASCII);
        assertThat(DockerContainerEngine.TimestampedLines.stampLength(notUtc, 0, notUtc.length)).isEqualTo(-1);
    }
}
