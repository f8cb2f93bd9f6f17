package dev.jvmbench.api.analysis;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.jvmbench.common.job.ThreadModel;
import java.util.List;
import java.util.Locale;

/**
 * Confirmation before alerting (docs/statistics.md): the decision, apart from any database so that
 * it is tested in milliseconds. A cell whose comparison with the baseline comes out regressed or
 * improved runs again ({@code gate.confirm.extraRepetitions} times); the flag stands only if the
 * extra runs alone, compared with the same baseline, give the same verdict.
 */
public final class Confirmation {

    private Confirmation() {
    }

    @io.swagger.v3.oas.annotations.media.Schema(name = "ConfirmationState")
    public enum State {
        /** The cell was flagged and its extra runs have not all ended (or not started). */
        PENDING,
        /** The extra runs alone gave the same verdict: the flag stands. */
        CONFIRMED,
        /** The extra runs alone did not: the flag was a false alarm, and does not count. */
        NOT_CONFIRMED,
        /** Nothing flagged: nothing to confirm. */
        NOT_NEEDED;

        @JsonValue
        public String wire() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * One cell's confirmation: the verdict of the planned repetitions (initial), that of the extra
     * runs alone against the same baseline (recheck; null before they ran), and the state.
     */
    @io.swagger.v3.oas.annotations.media.Schema(name = "ConfirmationCheck")
    public record Check(int jdk, ThreadModel threadModel, Verdict initial, Verdict recheck, State state, int extraRuns) {
    }

    /** Whether a verdict raises an alarm worth confirming: a regression or an improvement. */
    static boolean flags(Verdict verdict) {
        return verdict == Verdict.REGRESSED || verdict == Verdict.IMPROVED;
    }

    /**
     * The state of one cell. {@code ended}: the job has ended, so no extra run is still to come; a
     * flagged cell without a recheck then (its extra runs failed or were cancelled) is not confirmed:
     * an alarm nobody could reproduce does not fail a build.
     */
    static State state(Verdict initial, Verdict recheck, boolean ended) {
        if (!flags(initial)) {
            return State.NOT_NEEDED;
        }
        if (!ended) {
            return State.PENDING;
        }
        return recheck == initial ? State.CONFIRMED : State.NOT_CONFIRMED;
    }

    /**
     * The verdict a cell counts with once settled: the initial one unless it was not confirmed; then
     * the recheck's, except that a recheck flagging the other way (or none at all) counts as no
     * detectable change: two sets of runs that disagree cannot tell the builds apart.
     */
    static Verdict settled(Verdict initial, Verdict recheck, State state) {
        if (state != State.NOT_CONFIRMED) {
            return initial;
        }
        return recheck == null || flags(recheck) ? Verdict.NO_DETECTABLE_CHANGE : recheck;
    }

    /** The job's state over its cells: pending while one is, else confirmed if one is, else not confirmed if one is. */
    static State overall(List<State> states) {
        for (State wanted : List.of(State.PENDING, State.CONFIRMED, State.NOT_CONFIRMED)) {
            if (states.contains(wanted)) {
                return wanted;
            }
        }
        return State.NOT_NEEDED;
    }
}
