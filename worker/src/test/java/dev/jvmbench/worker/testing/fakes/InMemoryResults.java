package dev.jvmbench.worker.testing.fakes;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.jvm.JvmFacts;
import dev.jvmbench.common.jvm.Recording;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesPhase;
import dev.jvmbench.common.store.Point;
import dev.jvmbench.common.store.ProfileRow;
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
    private final Map<String, PointSeries> series = new LinkedHashMap<>();
    private final Map<Integer, List<Finding>> levelFindings = new java.util.TreeMap<>();
    private List<Finding> runFindings;
    private Recording recording;
    private JvmFacts jvmFacts;
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

    @Override
    public synchronized void storeSeries(long runId, int levelIndex, SeriesPhase phase, PointSeries values) {
        series.merge(levelIndex + "/" + phase.wireName(), values, PointSeries::with);
    }

    @Override
    public synchronized void replaceLevelFindings(long runId, int levelIndex, List<Finding> found) {
        levelFindings.put(levelIndex, List.copyOf(found));
    }

    @Override
    public synchronized void replaceRunFindings(long runId, List<Finding> found) {
        runFindings = List.copyOf(found);
        levelFindings.clear();
    }

    /** A window's series by "levelIndex/phase" (e.g. "0/measured"). */
    public synchronized Map<String, PointSeries> series() {
        return Map.copyOf(series);
    }

    /** The run's findings as stored now: the settled list once the run ended, else the levels' so far. */
    public synchronized List<Finding> findings() {
        if (runFindings != null) {
            return runFindings;
        }
        return levelFindings.values().stream().flatMap(List::stream).toList();
    }

    @Override
    public synchronized void storeJvm(long runId, Recording recording, JvmFacts facts) {
        this.recording = recording;
        this.jvmFacts = facts;
    }

    /** How much of the recording was read; null until the run stored it. */
    public synchronized Recording recording() {
        return recording;
    }

    public synchronized JvmFacts jvm() {
        return jvmFacts;
    }

    private final List<ProfileRow> profiles = new java.util.ArrayList<>();

    @Override
    public synchronized void replaceProfiles(long runId, List<ProfileRow> found) {
        profiles.removeIf(profile -> profile.runId() == runId);
        profiles.addAll(found);
    }

    public synchronized List<ProfileRow> profiles() {
        return List.copyOf(profiles);
    }
}
