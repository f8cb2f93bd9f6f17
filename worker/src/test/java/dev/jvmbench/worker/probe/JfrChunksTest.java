package dev.jvmbench.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Broken and unfinished recordings, made from a real one recorded in this JVM: what an app that
 * ran out of heap or was killed leaves behind. The same, made by real JVMs in containers, is
 * read in JfrSurvivalTest.
 */
class JfrChunksTest {

    private static Path multiChunk;

    @TempDir
    Path dir;

    /** A recording of three chunks: starting another recording makes the JVM start a new chunk. */
    @BeforeAll
    static void record(@TempDir Path shared) throws Exception {
        multiChunk = shared.resolve("three-chunks.jfr");
        try (Recording main = new Recording(JfrInProcessTest.settingsOfTheJvmFlag())) {
            main.start();
            for (int chunk = 0; chunk < 2; chunk++) {
                System.gc();
                Thread.sleep(1100);
                try (Recording rotate = new Recording()) {
                    rotate.start();
                }
            }
            System.gc();
            Thread.sleep(1100);
            main.stop();
            main.dump(multiChunk);
        }
        assertThat(JfrChunks.split(multiChunk)).hasSizeGreaterThanOrEqualTo(3);
    }

    @Test
    void aWholeRecordingReadsAsComplete() throws IOException {
        JfrAnalyzer analyzer = JfrAnalyzer.read(multiChunk);

        assertThat(analyzer.source().kind()).isEqualTo(JfrSource.RECORDING);
        assertThat(analyzer.source().complete()).isTrue();
        assertThat(analyzer.source().chunks()).hasSizeGreaterThanOrEqualTo(3)
                .allSatisfy(chunk -> {
                    assertThat(chunk.finished()).isTrue();
                    assertThat(chunk.broken()).isNull();
                    assertThat(chunk.events()).isPositive();
                });
        long total = analyzer.source().chunks().stream().mapToLong(JfrSource.ChunkRead::events).sum();
        assertThat(total).as("every event, as the JDK's reader sees them").isEqualTo(RecordingFile.readAllEvents(multiChunk).size());
    }

    @Test
    void aRecordingCutOffInItsLastChunkKeepsTheCompleteChunks() throws IOException {
        List<JfrChunks.Chunk> chunks = JfrChunks.split(multiChunk);
        JfrChunks.Chunk last = chunks.getLast();
        Path cut = dir.resolve("cut.jfr");
        Files.copy(multiChunk, cut);
        try (RandomAccessFile file = new RandomAccessFile(cut.toFile(), "rw")) {
            file.setLength(last.offset() + last.size() / 2);
        }

        assertThatThrownBy(() -> RecordingFile.readAllEvents(cut)).as("the JDK's reader gives nothing").isInstanceOf(IOException.class);
        assertThatThrownBy(() -> JfrAnalyzer.read(cut)).isInstanceOf(IOException.class).hasMessageContaining("incomplete");

        JfrAnalyzer analyzer = JfrAnalyzer.readBest(cut, dir.resolve("no-repository"));
        assertThat(analyzer.source().kind()).isEqualTo(JfrSource.PARTIAL_RECORDING);
        assertThat(analyzer.source().complete()).isFalse();
        List<JfrSource.ChunkRead> read = analyzer.source().chunks();
        assertThat(read).hasSize(chunks.size());
        assertThat(read.subList(0, read.size() - 1)).allSatisfy(chunk -> {
            assertThat(chunk.broken()).isNull();
            assertThat(chunk.events()).isPositive();
        });
        assertThat(read.getLast().broken()).isNotNull();
        assertThat(analyzer.facts()).as("written at the start of the first chunk").isPresent();
        assertThat(analyzer.recordingEnd()).isBefore(JfrAnalyzer.read(multiChunk).recordingEnd());
    }

    @Test
    void anUnfinishedChunkIsReadUpToItsLastFlush() throws IOException {
        // a repository chunk the JVM was writing when it died: header state "in progress", and
        // after the size of its last flush, events it wrote but never flushed
        JfrChunks.Chunk first = JfrChunks.split(multiChunk).getFirst();
        Path repository = Files.createDirectories(dir.resolve("repository/2026_01_01_00_00_00_1"));
        Path unfinished = repository.resolve("2026_01_01_00_00_00.jfr");
        try (RandomAccessFile in = new RandomAccessFile(multiChunk.toFile(), "r");
             RandomAccessFile out = new RandomAccessFile(unfinished.toFile(), "rw")) {
            byte[] chunk = new byte[(int) first.size()];
            in.readFully(chunk);
            out.write(chunk);
            out.write(new byte[] {0x12, 0x34, 0x56, 0x78, 0x01, 0x02}); // never flushed
            out.seek(64);
            out.writeByte(3); // the generation the JVM was at
        }
        long expected = RecordingFile.readAllEvents(JfrChunks.standalone(first, dir)).size();

        assertThatThrownBy(() -> RecordingFile.readAllEvents(unfinished))
                .as("the JDK's reader waits for the chunk to finish, then gives up")
                .isInstanceOf(IOException.class);
        JfrAnalyzer analyzer = JfrAnalyzer.readRepository(dir.resolve("repository"));

        assertThat(analyzer.source().kind()).isEqualTo(JfrSource.REPOSITORY);
        assertThat(analyzer.source().complete()).isFalse();
        assertThat(analyzer.source().chunks()).singleElement().satisfies(chunk -> {
            assertThat(chunk.finished()).isFalse();
            assertThat(chunk.broken()).isNull();
            assertThat(chunk.events()).isEqualTo(expected);
        });
        assertThat(analyzer.facts()).isPresent();
        assertThat(unfinished).as("the input is not changed").hasSize(first.size() + 6);
    }

    @Test
    void aChunkKilledBeforeItsFirstFlushHasNothingToRead() throws IOException {
        Path repository = Files.createDirectories(dir.resolve("repository"));
        Path empty = repository.resolve("empty.jfr");
        try (RandomAccessFile in = new RandomAccessFile(multiChunk.toFile(), "r");
             RandomAccessFile out = new RandomAccessFile(empty.toFile(), "rw")) {
            byte[] header = new byte[JfrChunks.HEADER_SIZE];
            in.readFully(header);
            out.write(header);
            out.seek(8);
            out.writeLong(JfrChunks.HEADER_SIZE); // size: just the header
            out.writeLong(0); // no constant pool
            out.writeLong(0); // no metadata
            out.seek(64);
            out.writeByte(1);
        }

        assertThatThrownBy(() -> JfrAnalyzer.readRepository(repository))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no events")
                .hasMessageContaining("before the chunk's first flush");
        assertThatThrownBy(() -> JfrAnalyzer.readBest(dir.resolve("missing.jfr"), repository))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("final recording: missing")
                .hasMessageContaining("repository: no events");
    }

    @Test
    void theRepositoryIsPreferredToAPartialFinalFileWhenItHoldsMore() throws IOException {
        // the final file: only a header (the JVM created it, then died); the repository: the chunks
        Path finalFile = dir.resolve("final.jfr");
        Files.write(finalFile, new byte[0]);
        Path repository = Files.createDirectories(dir.resolve("repository/run_1"));
        List<JfrChunks.Chunk> chunks = JfrChunks.split(multiChunk);
        for (int i = 0; i < chunks.size(); i++) {
            Files.copy(JfrChunks.standalone(chunks.get(i), dir), repository.resolve("chunk" + i + ".jfr"));
        }

        JfrAnalyzer analyzer = JfrAnalyzer.readBest(finalFile, dir.resolve("repository"));

        assertThat(analyzer.source().kind()).isEqualTo(JfrSource.REPOSITORY);
        assertThat(analyzer.source().complete()).isTrue();
        assertThat(analyzer.source().chunks()).hasSize(chunks.size());
        JfrAnalyzer whole = JfrAnalyzer.read(multiChunk);
        assertThat(analyzer.recordingStart()).isEqualTo(whole.recordingStart());
        assertThat(analyzer.recordingEnd()).isEqualTo(whole.recordingEnd());
        assertThat(analyzer.window(whole.recordingStart(), whole.recordingEnd()))
                .isEqualTo(whole.window(whole.recordingStart(), whole.recordingEnd()));
        assertThat(JfrAnalyzer.readBest(multiChunk, dir.resolve("repository")).source().kind())
                .as("a whole final file wins").isEqualTo(JfrSource.RECORDING);
        assertThat(Duration.between(whole.recordingStart(), whole.recordingEnd())).isPositive();
    }
}
