package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.common.job.Slo;
import dev.jvmbench.common.job.ThreadModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A capacity search's cell capacity: each run's own highest level that met the SLO, then their median. */
class SearchedCapacityTest {

    private static final Slo SLO = new Slo(250.0, 1.0);

    @Test
    void eachRunFindsItsOwnCapacityAndTheCellTakesTheirMedianWithAnInterval() {
        // Three runs searched 10, 20, 40, 80 (missed), then bisected: 60, 50 / 70 / 60.
        var results = results(
                run(1, level(10, 50, 0), level(20, 60, 0), level(40, 90, 0), level(80, 900, 0), level(60, 300, 0), level(50, 200, 0)),
                run(2, level(10, 50, 0), level(20, 60, 0), level(40, 90, 0), level(80, 900, 0), level(60, 240, 0), level(70, 260, 0)),
                run(3, level(10, 50, 0), level(20, 60, 0), level(40, 90, 0), level(80, 900, 0), level(60, 249, 0.005)));

        var capacity = CellSamples.of(results).values().iterator().next().capacity(LoadModel.CLOSED, SLO, true);

        assertThat(capacity.searchedLevel().median()).isEqualTo(60);
        assertThat(capacity.searchedLevel().low()).isLessThanOrEqualTo(50);
        assertThat(capacity.searchedLevel().high()).isGreaterThanOrEqualTo(60);
        assertThat(capacity.searchedLevel().runs()).isEqualTo(3);
        assertThat(capacity.level()).isEqualTo(60);
        assertThat(capacity.throughputRps().runs()).isEqualTo(3);
    }

    @Test
    void listedLevelsKeepTheirCrossRunMediansAndARunThatMetNothingHasNoCapacity() {
        var results = results(run(1, level(10, 900, 0)), run(2, level(10, 50, 0.05)));

        var cell = CellSamples.of(results).values().iterator().next();
        assertThat(cell.capacity(LoadModel.CLOSED, SLO, true)).as("no run met the SLO").isNull();
        assertThat(cell.capacity(LoadModel.OPEN, SLO, false)).as("listed open-model levels: no capacity").isNull();
    }

    private record Run(long id, List<StoredResults.PointFacts> points) {
    }

    private static StoredResults.PointFacts level(int level, double p95, double errorRate) {
        return new StoredResults.PointFacts(0, 0, level, Map.of(Metric.THROUGHPUT_RPS, level * 4.0,
                Metric.LATENCY_P95_MS, p95, Metric.ERROR_RATE, errorRate), List.of(), null, null, null, null);
    }

    private static Run run(long id, StoredResults.PointFacts... points) {
        List<StoredResults.PointFacts> withRun = new ArrayList<>();
        int index = 0;
        for (var p : points) {
            withRun.add(new StoredResults.PointFacts(id, index++, p.level(), p.values(), p.flags(), null, null, null, null));
        }
        return new Run(id, withRun);
    }

    private static StoredResults.JobResults results(Run... runs) {
        List<StoredResults.RunFacts> facts = new ArrayList<>();
        List<StoredResults.PointFacts> points = new ArrayList<>();
        for (Run run : runs) {
            facts.add(new StoredResults.RunFacts(run.id(), (int) run.id(), 25, ThreadModel.PLATFORM, (int) run.id(),
                    RunStatus.SUCCEEDED, null));
            points.addAll(run.points());
        }
        return new StoredResults.JobResults(null, facts, points);
    }
}
