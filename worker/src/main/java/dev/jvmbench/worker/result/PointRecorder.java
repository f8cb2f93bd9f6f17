package dev.jvmbench.worker.result;

import dev.jvmbench.common.store.Point;
import dev.jvmbench.common.store.ResultPoints;
import dev.jvmbench.common.store.RunArtifacts;
import dev.jvmbench.worker.database.DatabaseWrites;
import org.springframework.stereotype.Component;

/**
 * Writes points and raw artifacts through their owners ({@link ResultPoints}, {@link RunArtifacts}).
 * A write is idempotent (a point is keyed by run and level, an artifact by run and name), so a
 * write retried after a lost connection never duplicates: writes are retried with backoff for
 * about a minute while the database is unreachable ({@link DatabaseWrites}).
 */
@Component
public class PointRecorder implements ResultSink {

    private final ResultPoints points;
    private final RunArtifacts artifacts;
    private final DatabaseWrites writes;

    PointRecorder(ResultPoints points, RunArtifacts artifacts, DatabaseWrites writes) {
        this.points = points;
        this.artifacts = artifacts;
        this.writes = writes;
    }

    @Override
    public void insert(Point p) {
        writes.retrying("point " + p.levelIndex() + " of run " + p.runId(), () -> points.insert(p));
    }

    @Override
    public void updateJvm(long runId, int levelIndex, Double gcPauseMsPerSecond, Double heapMeanMb, Long pinnedEvents,
                          String extraFlag) {
        writes.retrying("JVM metrics of point " + levelIndex + " of run " + runId,
                () -> points.updateJvm(runId, levelIndex, gcPauseMsPerSecond, heapMeanMb, pinnedEvents, extraFlag));
    }

    @Override
    public void flagAll(long runId, String flag) {
        writes.retrying("flag " + flag + " on run " + runId, () -> points.flagAll(runId, flag));
    }

    @Override
    public void storeArtifact(long runId, String name, String contentType, byte[] content) {
        writes.retrying("artifact " + name + " of run " + runId,
                () -> artifacts.store(runId, name, contentType, content));
    }
}
