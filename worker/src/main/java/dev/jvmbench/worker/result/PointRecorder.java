package dev.jvmbench.worker.result;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.jvm.JvmFacts;
import dev.jvmbench.common.jvm.Recording;
import dev.jvmbench.common.series.PointSeries;
import dev.jvmbench.common.series.SeriesPhase;
import dev.jvmbench.common.store.Point;
import dev.jvmbench.common.store.ProfileRow;
import dev.jvmbench.common.store.PointSeriesStore;
import dev.jvmbench.common.store.ResultPoints;
import dev.jvmbench.common.store.RunArtifacts;
import dev.jvmbench.common.store.RunFindings;
import dev.jvmbench.common.store.RunJvm;
import dev.jvmbench.common.store.RunProfiles;
import java.util.List;
import dev.jvmbench.worker.database.DatabaseWrites;
import org.springframework.stereotype.Component;

/**
 * Writes points, their series, findings and raw artifacts through their owners ({@link
 * ResultPoints}, {@link PointSeriesStore}, {@link RunFindings}, {@link RunArtifacts}, {@link RunProfiles}). A write is
 * idempotent (a point is keyed by run and level, a series by run, level and phase, findings are
 * replaced by what they cover, an artifact by run and name), so a
 * write retried after a lost connection never duplicates: writes are retried with backoff for
 * about a minute while the database is unreachable ({@link DatabaseWrites}).
 */
@Component
public class PointRecorder implements ResultSink {

    private final ResultPoints points;
    private final PointSeriesStore series;
    private final RunFindings findings;
    private final RunJvm jvm;
    private final RunArtifacts artifacts;
    private final RunProfiles profiles;
    private final DatabaseWrites writes;

    PointRecorder(ResultPoints points, PointSeriesStore series, RunFindings findings, RunJvm jvm,
                  RunArtifacts artifacts, RunProfiles profiles, DatabaseWrites writes) {
        this.points = points;
        this.series = series;
        this.findings = findings;
        this.jvm = jvm;
        this.artifacts = artifacts;
        this.profiles = profiles;
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

    @Override
    public void storeSeries(long runId, int levelIndex, SeriesPhase phase, PointSeries values) {
        writes.retrying(phase.wireName() + " series of point " + levelIndex + " of run " + runId,
                () -> series.store(runId, levelIndex, phase, values));
    }

    @Override
    public void replaceLevelFindings(long runId, int levelIndex, List<Finding> found) {
        writes.retrying("findings of point " + levelIndex + " of run " + runId,
                () -> findings.replaceOfLevel(runId, levelIndex, found));
    }

    @Override
    public void replaceRunFindings(long runId, List<Finding> found) {
        writes.retrying("findings of run " + runId, () -> findings.replaceOfRun(runId, found));
    }

    @Override
    public void storeJvm(long runId, Recording recording, JvmFacts facts) {
        writes.retrying("what the JVM of run " + runId + " saw", () -> jvm.store(runId, recording, facts));
    }

    @Override
    public void replaceProfiles(long runId, List<ProfileRow> found) {
        writes.retrying("profiles of run " + runId, () -> profiles.replaceOfRun(runId, found));
    }
}
