package dev.jvmbench.worker.probe;

import java.time.Instant;
import java.util.List;

/**
 * Where an analysis's events come from and how much of it could be read.
 *
 * @param kind     {@link #RECORDING} (the final file, read whole), {@link #REPOSITORY} (the
 *                 chunk files of the JVM's disk repository: the app did not write its final
 *                 file, e.g. it ran out of heap or was killed) or {@link #PARTIAL_RECORDING}
 *                 (the final file, read up to its first broken record)
 * @param chunks   every chunk found, in time order
 * @param complete whether every chunk was finished by the JVM and read to its end; a partial
 *                 analysis lacks at least the last second or so before the JVM stopped writing
 */
public record JfrSource(String kind, List<ChunkRead> chunks, boolean complete) {

    public static final String RECORDING = "recording";
    public static final String REPOSITORY = "repository";
    public static final String PARTIAL_RECORDING = "partial-recording";

    public JfrSource {
        chunks = List.copyOf(chunks);
    }

    /**
     * One chunk: a repository file, or a part of the final file.
     *
     * @param file     the file it is in
     * @param offset   where in the file it starts
     * @param start    the chunk's start as its header says
     * @param finished whether the JVM finished it; an unfinished chunk (the JVM stopped while
     *                 writing it) is read up to its last flush, about a second before the stop
     * @param events   events read from it
     * @param broken   why reading stopped before the chunk's end; null when read to its end
     */
    public record ChunkRead(String file, long offset, Instant start, boolean finished, long events, String broken) {
    }
}
