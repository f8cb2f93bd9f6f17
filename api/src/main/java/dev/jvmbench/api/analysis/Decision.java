package dev.jvmbench.api.analysis;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.jvmbench.common.job.ThreadModel;
import java.util.List;
import java.util.Locale;

/**
 * Enough pairs to decide (docs/statistics.md): with a paired baseline and {@code gate.maxPairs}, a
 * cell's verdict is decided when, for every gate metric at every level, the interval of the ratio
 * lies wholly beyond the threshold (a change of at least that size, either way) or wholly within it
 * (no change of that size). An interval that straddles a threshold leaves the cell open, and the job
 * adds a pair of it, up to the maximum; a cell still open then is "undecided after N pairs", with the
 * rows that kept it open. Apart from any database, so that it is tested in milliseconds.
 */
public final class Decision {

    private Decision() {
    }

    @io.swagger.v3.oas.annotations.media.Schema(name = "DecisionState")
    public enum State {
        /** Every gate row's interval lies wholly beyond or wholly within its threshold. */
        DECIDED,
        /** A row is open and the cell has fewer pairs than gate.maxPairs: a pair of it is queued or will be. */
        ADDING_PAIRS,
        /** A row is still open at gate.maxPairs pairs (or the job ended before): its verdict rests on too few pairs. */
        UNDECIDED;

        @JsonValue
        public String wire() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * One cell: the pairs its verdict rests on (the fewest over its gate rows), the most it may grow to,
     * its state and, while open, each open row with its interval against the threshold.
     */
    @io.swagger.v3.oas.annotations.media.Schema(name = "DecisionCheck")
    public record Check(int jdk, ThreadModel threadModel, int pairs, int maxPairs, State state, List<String> open) {
    }

    /**
     * Whether a gate row's interval settles it. A row not judged (one pair) is open; a row whose
     * baseline median is 0 has no ratio and is settled by whether the quantity appeared.
     */
    static boolean decided(Comparisons.Row row) {
        if (row.verdict() == Verdict.NOT_JUDGED) {
            return false;
        }
        if (row.ratio() == null || row.ratioLow() == null || row.ratioHigh() == null) {
            return true;
        }
        double threshold = row.thresholdPercent() / 100.0;
        double low = row.ratioLow();
        double high = row.ratioHigh();
        boolean beyond = low >= 1.0 + threshold || high <= 1.0 - threshold;
        boolean within = low >= 1.0 - threshold && high <= 1.0 + threshold;
        return beyond || within;
    }

    /** What keeps a row open, e.g. "Throughput at 80: ×0.970 [0.930, 1.010] straddles the 5 % threshold". */
    static String open(Comparisons.Row row) {
        if (row.verdict() == Verdict.NOT_JUDGED) {
            return String.format(Locale.ROOT, "%s at %d: one pair, no interval yet", row.metric().label(), row.level());
        }
        return String.format(Locale.ROOT, "%s at %d: ×%.3f [%.3f, %.3f] straddles the %s %% threshold",
                row.metric().label(), row.level(), row.ratio(), row.ratioLow(), row.ratioHigh(),
                Comparisons.thresholdText(row.thresholdPercent()));
    }

    /**
     * A cell's check over its gate rows. {@code canGrow}: the job is still judging (CONFIRMING, no
     * confirmation run yet), so an open cell below {@code maxPairs} gets another pair.
     */
    static Check check(CellKey cell, List<Comparisons.Row> rows, int maxPairs, boolean canGrow) {
        int pairs = rows.stream().mapToInt(r -> r.pairs() == null ? r.candidateRuns() : r.pairs()).min().orElse(0);
        List<String> open = rows.stream().filter(r -> !decided(r)).map(Decision::open).toList();
        State state = open.isEmpty() ? State.DECIDED
                : canGrow && pairs < maxPairs ? State.ADDING_PAIRS : State.UNDECIDED;
        return new Check(cell.jdk(), cell.threadModel(), pairs, maxPairs, state, open);
    }
}
