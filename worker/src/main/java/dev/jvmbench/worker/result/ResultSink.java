package dev.jvmbench.worker.result;

/**
 * Where the run flow keeps what it measured: one point per load level as soon as the level
 * ends (a failure later keeps it), what JFR tells per level once the recording is read, flags,
 * and the run's raw artifacts. {@link PointRecorder} writes them to PostgreSQL; the flow's unit
 * tests keep them in memory.
 */
public interface ResultSink {

    void insert(Point point);

    /** Fills in what JFR tells about a level once the recording is available. */
    void updateJvm(long runId, int levelIndex, Double gcPauseMsPerSecond, Double heapMeanMb, Long pinnedEvents,
                   String extraFlag);

    /** Adds a flag (e.g. that JFR was lost) to every point of a run. */
    void flagAll(long runId, String flag);

    void storeArtifact(long runId, String name, String contentType, byte[] content);
}
