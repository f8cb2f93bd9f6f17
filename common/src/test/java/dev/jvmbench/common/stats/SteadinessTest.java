package dev.jvmbench.common.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SteadinessTest {

    @Test
    void aFlatNoisySeriesIsSteady() {
        Random random = new Random(42);
        List<Double> series = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            series.add(1000 + random.nextGaussian() * 30);
        }

        Steadiness.Result result = Steadiness.test(series);

        assertThat(result.verdict()).isEqualTo(Steadiness.Verdict.STEADY);
        assertThat(result.driftLow()).isLessThan(0.05);
        assertThat(result.driftHigh()).isGreaterThan(-0.05);
    }

    @Test
    void aWarmingUpSeriesIsNotSteadyAndSaysItRose() {
        // throughput climbing from 600 to ~1000 req/s over 20 s, as a JIT warming up
        List<Double> series = new ArrayList<>();
        Random random = new Random(7);
        for (int i = 0; i < 20; i++) {
            series.add(1000 - 400 * Math.exp(-i / 6.0) + random.nextGaussian() * 15);
        }

        Steadiness.Result result = Steadiness.test(series);

        assertThat(result.verdict()).isEqualTo(Steadiness.Verdict.NOT_STEADY);
        assertThat(result.rising()).isTrue();
        assertThat(result.drift()).isGreaterThan(0.2);
        assertThat(result.driftLow()).isGreaterThan(0);
    }

    @Test
    void aRealButSmallDriftIsSteadyEnough() {
        // +2% over the window, with almost no noise: the trend is real but under the 5% tolerance
        List<Double> series = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            series.add(1000 + i * 1.0 + (i % 2 == 0 ? 0.5 : -0.5));
        }

        Steadiness.Result result = Steadiness.test(series);

        assertThat(result.driftLow()).isGreaterThan(0);
        assertThat(result.drift()).isCloseTo(0.019, within(0.003));
        assertThat(result.verdict()).isEqualTo(Steadiness.Verdict.STEADY);
    }

    @Test
    void aSlowWanderInsideTheToleranceIsSteady() {
        // each second close to the one before (a steady app's GC and scheduling), about 1.5% wide
        Random random = new Random(3);
        List<Double> series = new ArrayList<>();
        double level = 0;
        for (int i = 0; i < 30; i++) {
            level = 0.8 * level + random.nextGaussian() * 9;
            series.add(1000 + level);
        }

        assertThat(Steadiness.test(series).verdict()).isEqualTo(Steadiness.Verdict.STEADY);
    }

    @Test
    void oneSlowSecondDoesNotTiltTheTrend() {
        List<Double> series = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            series.add(i == 17 ? 200.0 : 1000.0 + (i % 2) * 10);
        }

        Steadiness.Result result = Steadiness.test(series);

        assertThat(result.verdict()).isEqualTo(Steadiness.Verdict.STEADY);
        assertThat(Math.abs(result.drift())).isLessThan(0.02);
    }

    @Test
    void aLongSeriesIsBatchedNotDropped() {
        List<Double> series = new ArrayList<>();
        for (int i = 0; i < 3600; i++) {
            series.add(1000.0 + i * 0.1);
        }

        Steadiness.Result result = Steadiness.test(series);

        assertThat(result.seconds()).isLessThanOrEqualTo(Steadiness.MAX_POINTS);
        assertThat(result.verdict()).isEqualTo(Steadiness.Verdict.NOT_STEADY);
        assertThat(result.drift()).isCloseTo(0.3, within(0.02));
    }

    @Test
    void tooShortOrEmptyIsUndetermined() {
        assertThat(Steadiness.test(List.of(1.0, 2.0, 3.0)).verdict()).isEqualTo(Steadiness.Verdict.UNDETERMINED);
        assertThat(Steadiness.test(List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)).verdict())
                .isEqualTo(Steadiness.Verdict.UNDETERMINED);
        assertThat(Steadiness.test(Arrays.asList(5.0, null, 5.0, null, 5.0, null)).verdict())
                .isEqualTo(Steadiness.Verdict.UNDETERMINED);
    }

    @Test
    void aDegradingSeriesIsNotSteadyAndFalling() {
        List<Double> series = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            series.add(1000.0 - i * 20 + (i % 3) * 5);
        }

        Steadiness.Result result = Steadiness.test(series);

        assertThat(result.verdict()).isEqualTo(Steadiness.Verdict.NOT_STEADY);
        assertThat(result.rising()).isFalse();
        assertThat(result.driftHigh()).isLessThan(0);
    }

}
