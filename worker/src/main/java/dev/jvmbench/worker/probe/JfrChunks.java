package dev.jvmbench.worker.probe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The chunks of a JFR file, found from their headers, so that each can be read on its own: a
 * broken chunk then costs only itself, and a chunk the JVM never finished (it was killed, or it
 * ran out of heap and never wrote its final file) is still read up to its last flush.
 *
 * <p>The header layout is that of {@code jdk.jfr.internal.consumer.ChunkHeader} (format 2.x,
 * JDK 14 and later): magic {@code FLR\0}, major and minor version, then longs for the chunk size
 * (offset 8), constant pool and metadata positions, start nanos (32), duration, start ticks and
 * ticks per second, and a file-state byte (64) that is 0 once the chunk is finished. While a
 * chunk is being written, the JVM flushes about once a second: it writes the events, their
 * constants and, where it changed, the metadata, then updates size, positions and state in the
 * header. Everything up to the header's size is therefore a consistent chunk, only not marked
 * finished. The JDK's own reader, given such a chunk, reads it and then waits for it to be
 * finished ("Recording file is stuck in locked stream state"); a copy cut at that size and
 * marked finished reads to its end.
 */
final class JfrChunks {

    static final int HEADER_SIZE = 68;
    private static final int CHUNK_SIZE_POSITION = 8;
    private static final int METADATA_POSITION = 24;
    private static final int START_NANOS_POSITION = 32;
    private static final int FILE_STATE_POSITION = 64;
    private static final byte[] MAGIC = {'F', 'L', 'R', 0};

    private JfrChunks() {
    }

    /**
     * One chunk.
     *
     * @param length   bytes of it that are in the file (less than its size when cut off)
     * @param size     its size as the header says (up to the last flush when unfinished)
     * @param metadata whether a metadata event has been written (a chunk killed before its
     *                 first flush has none and cannot be read)
     */
    record Chunk(Path file, long offset, long length, long size, Instant start, boolean finished, boolean metadata) {

        boolean truncated() {
            return length < size;
        }
    }

    /** The chunks of {@code file} in file order; a file too short for one header has none. */
    static List<Chunk> split(Path file) throws IOException {
        List<Chunk> chunks = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long fileSize = channel.size();
            long offset = 0;
            while (fileSize - offset >= HEADER_SIZE) {
                ByteBuffer header = ByteBuffer.allocate(HEADER_SIZE);
                while (header.hasRemaining() && channel.read(header, offset + header.position()) > 0) {
                    // read the whole header
                }
                header.flip();
                for (byte b : MAGIC) {
                    if (header.get() != b) {
                        throw new IOException("not a JFR chunk at offset " + offset + " of " + file);
                    }
                }
                long size = header.getLong(CHUNK_SIZE_POSITION);
                long metadataPosition = header.getLong(METADATA_POSITION);
                long startNanos = header.getLong(START_NANOS_POSITION);
                boolean finished = header.get(FILE_STATE_POSITION) == 0;
                long remaining = fileSize - offset;
                if (size < HEADER_SIZE) {
                    // written before the first flush: the header holds no size yet
                    size = remaining;
                }
                chunks.add(new Chunk(file, offset, Math.min(size, remaining), size,
                        Instant.ofEpochSecond(0, startNanos), finished, metadataPosition > 0));
                if (!finished || size >= remaining) {
                    break;
                }
                offset += size;
            }
        }
        return chunks;
    }

    /**
     * A file that holds just {@code chunk}, marked finished, for {@code jdk.jfr.consumer.RecordingFile}:
     * the file itself when it is exactly one finished chunk, else a copy in {@code directory}.
     */
    static Path standalone(Chunk chunk, Path directory) throws IOException {
        if (chunk.finished() && chunk.offset() == 0 && chunk.length() == Files.size(chunk.file())) {
            return chunk.file();
        }
        Path copy = Files.createTempFile(directory, "chunk-", ".jfr");
        try (FileChannel in = FileChannel.open(chunk.file(), StandardOpenOption.READ);
             FileChannel out = FileChannel.open(copy, StandardOpenOption.WRITE)) {
            long copied = 0;
            while (copied < chunk.length()) {
                long n = in.transferTo(chunk.offset() + copied, chunk.length() - copied, out);
                if (n <= 0) {
                    throw new IOException("could not copy chunk at " + chunk.offset() + " of " + chunk.file());
                }
                copied += n;
            }
            out.write(ByteBuffer.wrap(new byte[] {0}), FILE_STATE_POSITION);
        }
        return copy;
    }
}
