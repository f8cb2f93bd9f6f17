package dev.jvmbench.worker.result;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.jvm.JvmFacts;
import dev.jvmbench.common.jvm.Recording;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesPhase;
import dev.jvmbench.common.store.Point;
import dev.jvmbench.common.store.ProfileRow;
import java.util.List;

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

    /** A window's per-second columns; a second call for the same window adds (or replaces) columns. */
    void storeSeries(long runId, int levelIndex, SeriesPhase phase, PointSeries series);

    /** The findings of one level as it ends, replacing any earlier ones of that level. */
    void replaceLevelFindings(long runId, int levelIndex, List<Finding> findings);

    /** The run's settled findings once it ends, replacing every earlier one. */
    void replaceRunFindings(long runId, List<Finding> findings);

    /** What the run's JVM saw (null facts when its recording was lost); a second call replaces the first. */
    void storeJvm(long runId, Recording recording, JvmFacts facts);

    /** The run's profiles per level and kind once its recording is read, replacing every earlier one of the run. */
    void replaceProfiles(long runId, List<ProfileRow> profiles);
}
