package dev.jvmbench.worker.run;

import dev.jvmbench.worker.load.LevelResult;
import java.time.Instant;

/** A level whose point is stored: its measured window, for the JFR analysis at the end, and what the generator saw. */
record MeasuredLevel(int levelIndex, int level, Instant start, Instant end, LevelResult load) {
}
