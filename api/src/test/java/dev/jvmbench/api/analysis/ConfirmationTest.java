package dev.jvmbench.api.analysis;

import static dev.jvmbench.api.analysis.Confirmation.State.CONFIRMED;
import static dev.jvmbench.api.analysis.Confirmation.State.NOT_CONFIRMED;
import static dev.jvmbench.api.analysis.Confirmation.State.NOT_NEEDED;
import static dev.jvmbench.api.analysis.Confirmation.State.PENDING;
import static dev.jvmbench.api.analysis.Verdict.IMPROVED;
import static dev.jvmbench.api.analysis.Verdict.NO_DETECTABLE_CHANGE;
import static dev.jvmbench.api.analysis.Verdict.REGRESSED;
import static dev.jvmbench.api.analysis.Verdict.WITHIN_TOLERANCE;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The decision of confirmation before alerting, without a database. */
class ConfirmationTest {

    @Test
    void onlyARegressionOrAnImprovementIsConfirmed() {
        assertThat(Confirmation.state(NO_DETECTABLE_CHANGE, null, false)).isEqualTo(NOT_NEEDED);
        assertThat(Confirmation.state(WITHIN_TOLERANCE, null, true)).isEqualTo(NOT_NEEDED);
        assertThat(Confirmation.state(REGRESSED, null, false)).as("extra runs to come").isEqualTo(PENDING);
        assertThat(Confirmation.state(IMPROVED, REGRESSED, false)).as("not all extra runs ended").isEqualTo(PENDING);
    }

    @Test
    void theFlagStandsOnlyWhenTheExtraRunsAloneSayTheSame() {
        assertThat(Confirmation.state(REGRESSED, REGRESSED, true)).isEqualTo(CONFIRMED);
        assertThat(Confirmation.state(IMPROVED, IMPROVED, true)).isEqualTo(CONFIRMED);
        assertThat(Confirmation.state(REGRESSED, WITHIN_TOLERANCE, true)).isEqualTo(NOT_CONFIRMED);
        assertThat(Confirmation.state(REGRESSED, NO_DETECTABLE_CHANGE, true)).isEqualTo(NOT_CONFIRMED);
        assertThat(Confirmation.state(REGRESSED, IMPROVED, true)).isEqualTo(NOT_CONFIRMED);
        assertThat(Confirmation.state(REGRESSED, null, true)).as("no extra run succeeded").isEqualTo(NOT_CONFIRMED);
    }

    @Test
    void aFalseAlarmCountsWithWhatTheExtraRunsFoundAndDisagreementWithNothing() {
        assertThat(Confirmation.settled(REGRESSED, REGRESSED, CONFIRMED)).isEqualTo(REGRESSED);
        assertThat(Confirmation.settled(WITHIN_TOLERANCE, null, NOT_NEEDED)).isEqualTo(WITHIN_TOLERANCE);
        assertThat(Confirmation.settled(REGRESSED, WITHIN_TOLERANCE, NOT_CONFIRMED)).isEqualTo(WITHIN_TOLERANCE);
        assertThat(Confirmation.settled(REGRESSED, IMPROVED, NOT_CONFIRMED)).isEqualTo(NO_DETECTABLE_CHANGE);
        assertThat(Confirmation.settled(IMPROVED, null, NOT_CONFIRMED)).isEqualTo(NO_DETECTABLE_CHANGE);
    }

    @Test
    void theJobIsPendingWhileACellIsThenConfirmedIfOneIs() {
        assertThat(Confirmation.overall(List.of(NOT_NEEDED, CONFIRMED, PENDING))).isEqualTo(PENDING);
        assertThat(Confirmation.overall(List.of(NOT_CONFIRMED, CONFIRMED, NOT_NEEDED))).isEqualTo(CONFIRMED);
        assertThat(Confirmation.overall(List.of(NOT_NEEDED, NOT_CONFIRMED))).isEqualTo(NOT_CONFIRMED);
        assertThat(Confirmation.overall(List.of(NOT_NEEDED))).isEqualTo(NOT_NEEDED);
        assertThat(NOT_CONFIRMED.wire()).isEqualTo("not-confirmed");
    }

    /**
     * What the two-stage rule buys, on the verdict itself: 2000 A/A jobs of identical cells whose runs
     * wander by a 3% normal noise; each flagged job gets 3 extra runs judged alone. The bootstrap on 3
     * runs flags some of them; a false alarm that survives must be flagged twice, independently.
     */
    @Test
    void confirmationCutsTheFalseAlarmsOfIdenticalCells() {
        java.util.Random random = new java.util.Random(42);
        int flagged = 0;
        int confirmed = 0;
        for (int job = 0; job < 2000; job++) {
            double[] base = noisy(random, 3);
            Verdict initial = verdict(base, noisy(random, 3));
            if (!Confirmation.flags(initial)) {
                continue;
            }
            flagged++;
            if (Confirmation.state(initial, verdict(base, noisy(random, 3)), true) == CONFIRMED) {
                confirmed++;
            }
        }
        // the figures docs/statistics.md quotes
        System.out.printf("A/A false alarms: %d of 2000 flagged, %d confirmed%n", flagged, confirmed);
        assertThat(flagged).as("the bootstrap on 3 runs per side does flag identical cells").isPositive();
        assertThat(confirmed).as("false alarms that survive confirmation (of %d flagged)", flagged)
                .isLessThan(Math.max(1, flagged / 4));
    }

    private static double[] noisy(java.util.Random random, int runs) {
        double[] values = new double[runs];
        for (int i = 0; i < runs; i++) {
            values[i] = 100 * (1 + 0.03 * random.nextGaussian());
        }
        return values;
    }

    private static Verdict verdict(double[] baseline, double[] candidate) {
        return Comparisons.row(Metric.THROUGHPUT_RPS, 10, baseline, candidate, 5.0).verdict();
    }
}
