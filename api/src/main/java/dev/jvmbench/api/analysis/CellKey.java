package dev.jvmbench.api.analysis;

import dev.jvmbench.common.job.ThreadModel;
import java.util.Comparator;

/** One cell of a job's matrix: a JDK and a thread model. */
record CellKey(int jdk, ThreadModel threadModel) {

    static final Comparator<CellKey> ORDER = Comparator.comparingInt(CellKey::jdk)
            .thenComparing(CellKey::threadModel);

    String label() {
        return "JDK " + jdk + " " + threadModel.wireName();
    }
}
