package dev.jvmbench.worker.testing.fakes;

import dev.jvmbench.worker.result.Point;
import dev.jvmbench.worker.result.ResultSink;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Points, JFR updates, flags and artifacts kept in memory; a write can be made to fail. */
public final class InMemoryResults implements ResultSink {

    public record JvmUpdate(int levelIndex, Double gcPauseMsPerSecond, Double heapMeanMb, Long pinnedEvents, String flag) {
    }

    private final List<Point> points = new ArrayList<>();
    private final List<JvmUpdate> jvm = new ArrayList<>();
    private final Set<String> runFlags = new LinkedHashSet<>();
    private final Map<String, byte[]> artifacts = new LinkedHashMap<>();
    private RuntimeException flagFailure;

    /** flagAll throws this from now on (a database that stays unreachable past the retries). */
    public void failFlags(RuntimeException failure) {
        flagFailure = failure;
    }

    @Override
    public synchronized void insert(Point point) {
        points.add(point);
    }

    @Override
    public synchronized void updateJvm(long runId, int levelIndex, Double gcPauseMsPerSecond, Double heapMeanMb,
                                       Long pinnedEvents, String extraFlag) {
        jvm.add(new JvmUpdate(levelIndex, gcPauseMsPerSecond, heapMeanMb, pinnedEvents, extraFlag));
    }

    @Override
    public synchronized void flagAll(long runId, String flag) {
        if (flagFailure != null) {
            throw flagFailure;
        }
        runFlags.add(flag);
    }

    @Override
    public synchronized void storeArtifact(long runId, String name, String contentType, byte[] content) {
        artifacts.put(name, content.clone());
    }

    public synchronized List<Point> points() {
        return List.copyOf(points);
    }

    public synchronized List<JvmUpdate> jvmUpdates() {
        return List.copyOf(jvm);
    }

    /** Flags added to every point of the run. */
    public synchronized Set<String> runFlags() {
        return Set.copyOf(runFlags);
    }

    public synchronized Map<String, byte[]> artifacts() {
        return Map.copyOf(artifacts);
    }
}
