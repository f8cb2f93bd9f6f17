package dev.jvmbench.worker.run;

import dev.jvmbench.common.job.CapacitySearch;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The levels of a capacity search (docs/statistics.md, "Capacity search"): grow from the start
 * by doubling while the SLO holds, then bisect between the highest level that met it and the
 * lowest that did not, until they are within the resolution or the steps run out. Pure: the next
 * level follows from the levels tried and whether each met the SLO.
 */
final class CapacitySearcher {

    /** A level tried and whether it met the SLO. */
    record Tried(int level, boolean met) {
    }

    private final CapacitySearch search;
    private final List<Tried> tried = new ArrayList<>();

    CapacitySearcher(CapacitySearch search) {
        this.search = search;
    }

    void record(int level, boolean met) {
        tried.add(new Tried(level, met));
    }

    List<Tried> tried() {
        return List.copyOf(tried);
    }

    /** The next level to try, or empty when the search is done. */
    OptionalInt next() {
        if (tried.size() >= search.maxSteps()) {
            return OptionalInt.empty();
        }
        if (tried.isEmpty()) {
            return OptionalInt.of(Math.min(search.start(), search.max()));
        }
        OptionalInt highestMet = tried.stream().filter(Tried::met).mapToInt(Tried::level).max();
        OptionalInt lowestMissed = tried.stream().filter(t -> !t.met()).mapToInt(Tried::level).min();
        if (lowestMissed.isEmpty()) {
            int last = highestMet.getAsInt();
            if (last >= search.max()) {
                return OptionalInt.empty();
            }
            return OptionalInt.of(Math.min(search.max(), last * 2));
        }
        int low = highestMet.orElse(0);
        int high = lowestMissed.getAsInt();
        if (high - low <= Math.max(1, Math.ceil(Math.max(low, 1) * search.resolutionPercent() / 100))) {
            return OptionalInt.empty();
        }
        int middle = low + (high - low) / 2;
        return middle <= low || middle >= high ? OptionalInt.empty() : OptionalInt.of(middle);
    }

    /** The highest level that met the SLO; empty when none did. */
    OptionalInt capacity() {
        return tried.stream().filter(Tried::met).mapToInt(Tried::level).max();
    }
}
