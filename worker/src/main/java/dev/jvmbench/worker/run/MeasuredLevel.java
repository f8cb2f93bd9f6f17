package dev.jvmbench.worker.run;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.worker.finding.LevelFacts;
import dev.jvmbench.worker.load.LevelResult;
import java.time.Instant;
import java.util.List;

/**
 * A level whose point is stored: its measured window (for the JFR analysis at the end), what the
 * generator saw, the facts the finding rules read and the findings the level showed on its own.
 */
record MeasuredLevel(int levelIndex, int level, Instant start, Instant end, LevelResult load, LevelFacts facts,
                     List<Finding> findings) {

    MeasuredLevel {
        findings = List.copyOf(findings);
    }
}
