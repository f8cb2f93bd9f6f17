package dev.jvmbench.worker.finding;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.FindingCode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Explains a run: the findings of each measured level as it ends, and those only the whole run
 * shows once its recording and logs are read. A generic finding gives way to a specific one of
 * the same level that explains the same thing (timeouts explained by queueing are not also
 * reported as plain request errors).
 */
public final class Diagnosis {

    /** Findings that name the cause of a level's failed requests. */
    private static final Set<FindingCode> EXPLAIN_ERRORS = EnumSet.of(FindingCode.QUEUEING_TIMEOUTS,
            FindingCode.STOPPED_ANSWERING, FindingCode.CLIENT_POOL_EXHAUSTED, FindingCode.JAVA_OOM,
            FindingCode.POOL_EXHAUSTED);

    private Diagnosis() {
    }

    /** The findings one level shows on its own, worst first. */
    public static List<Finding> ofLevel(RunFacts run, LevelFacts level) {
        return settle(LevelRules.evaluate(run, level));
    }

    /**
     * The findings only the whole run shows (JFR, the log), with the levels' own findings they
     * explain settled against them: returns the run-wide findings to add, worst first.
     */
    public static List<Finding> ofRun(RunFacts run, List<LevelFacts> levels, RunObservations seen) {
        return settle(RunRules.evaluate(run, levels, seen));
    }

    /**
     * The findings with, for those that stacks carry (gc-pressure, pool-exhausted, pinning,
     * event-loop-blocked), the level's top stacks of the profile that shows them added to their
     * evidence, or why the level has no profile ({@link FindingStacks}). Order kept.
     */
    public static List<Finding> withStacks(List<Finding> findings, RunFacts run, RunObservations seen) {
        return FindingStacks.attach(findings, run, seen.profiles());
    }

    /**
     * Drops the generic findings a specific one of the same level explains, and orders worst
     * first. Applied again when run-wide findings join a level's.
     */
    public static List<Finding> settle(List<Finding> findings) {
        List<Finding> kept = new ArrayList<>();
        for (Finding finding : findings) {
            boolean explained = switch (finding.code()) {
                case REQUEST_ERRORS -> sameLevel(findings, finding, EXPLAIN_ERRORS);
                // seconds without an answer in time, while Little's law predicts every answer comes too
                // late, are the queue, not a dead app
                case STOPPED_ANSWERING -> sameLevel(findings, finding, EnumSet.of(FindingCode.QUEUEING_TIMEOUTS));
                default -> false;
            };
            if (!explained) {
                kept.add(finding);
            }
        }
        kept.sort(Finding::worstFirst);
        return List.copyOf(kept);
    }

    private static boolean sameLevel(List<Finding> findings, Finding finding, Set<FindingCode> explaining) {
        return findings.stream().anyMatch(other -> explaining.contains(other.code())
                && Objects.equals(other.levelIndex(), finding.levelIndex()));
    }
}
