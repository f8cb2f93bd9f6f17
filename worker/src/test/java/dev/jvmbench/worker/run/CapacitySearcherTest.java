package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.job.CapacitySearch;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

class CapacitySearcherTest {

    /** Runs a whole search against an app whose SLO holds up to {@code capacity}. */
    private static List<Integer> search(CapacitySearch search, IntPredicate meets, CapacitySearcher searcher) {
        List<Integer> levels = new ArrayList<>();
        for (OptionalInt next = searcher.next(); next.isPresent(); next = searcher.next()) {
            levels.add(next.getAsInt());
            searcher.record(next.getAsInt(), meets.test(next.getAsInt()));
        }
        return levels;
    }

    @Test
    void growsByDoublingThenBisectsToTheResolution() {
        CapacitySearch search = new CapacitySearch(10, 10_000, 12, 5.0);
        CapacitySearcher searcher = new CapacitySearcher(search);

        List<Integer> levels = search(search, level -> level <= 100, searcher);

        assertThat(levels.subList(0, 5)).containsExactly(10, 20, 40, 80, 160);
        assertThat(searcher.capacity()).hasValue(levels.stream().filter(l -> l <= 100).max(Integer::compare).orElseThrow());
        assertThat(searcher.capacity().getAsInt()).isBetween(95, 100);
        assertThat(levels).hasSizeLessThanOrEqualTo(12);
    }

    @Test
    void stopsAtItsMaximumAndItsStepBudget() {
        CapacitySearcher unbounded = new CapacitySearcher(new CapacitySearch(10, 50, 10, 5.0));
        assertThat(search(null, level -> true, unbounded)).containsExactly(10, 20, 40, 50);
        assertThat(unbounded.capacity()).hasValue(50);

        CapacitySearcher short_ = new CapacitySearcher(new CapacitySearch(10, 10_000, 3, 5.0));
        assertThat(search(null, level -> level <= 1000, short_)).containsExactly(10, 20, 40);
    }

    @Test
    void nothingMeetsTheSlo() {
        CapacitySearcher searcher = new CapacitySearcher(new CapacitySearch(10, 10_000, 10, 5.0));

        List<Integer> levels = search(null, level -> false, searcher);

        assertThat(levels).startsWith(10, 5, 2, 1);
        assertThat(searcher.capacity()).isEmpty();
    }
}
