package dev.jvmbench.common.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CollapsedStacksTest {

    @Test
    void equalStacksAddAndTheLargestComesFirst() {
        CollapsedStacks stacks = CollapsedStacks.parse("a.A.main;b.B.work 3\n\na.A.main 1\na.A.main;b.B.work 4\n");

        assertThat(stacks.stacks()).containsExactly(Map.entry("a.A.main;b.B.work", 7L), Map.entry("a.A.main", 1L));
        assertThat(stacks.total()).isEqualTo(8);
        assertThat(stacks.format()).isEqualTo("a.A.main;b.B.work 7\na.A.main 1\n");
        assertThat(CollapsedStacks.parse(stacks.format())).isEqualTo(stacks);
    }

    @Test
    void aLineWithoutAValueIsRefusedAndZeroValuesAreLeftOut() {
        assertThatThrownBy(() -> CollapsedStacks.parse("a.A.main\n")).isInstanceOf(IllegalArgumentException.class);
        assertThat(CollapsedStacks.of(Map.of("a.A.main", 0L, "b.B.run", 2L)).stacks()).containsOnlyKeys("b.B.run");
    }

    @Test
    void mergingAddsTheSameStacksOfBothAndScalingRounds() {
        CollapsedStacks one = CollapsedStacks.parse("m;x 10\nm;y 5\n");
        CollapsedStacks two = CollapsedStacks.parse("m;x 2\nm;z 1\n");

        CollapsedStacks merged = one.plus(two);

        assertThat(merged.stacks()).containsExactly(Map.entry("m;x", 12L), Map.entry("m;y", 5L), Map.entry("m;z", 1L));
        assertThat(merged.scaled(0.5).stacks())
                .containsExactly(Map.entry("m;x", 6L), Map.entry("m;y", 3L), Map.entry("m;z", 1L));
        assertThat(merged.scaled(0.1).stacks()).as("0.1 and 0.5 round to 0 and 1").containsOnlyKeys("m;x", "m;y");
    }

    @Test
    void trimmingDropsTheSmallSharesAndPastTheMostKeptAndSaysWhat() {
        StringBuilder text = new StringBuilder("m;big 9000\n");
        for (int i = 0; i < 20; i++) {
            text.append("m;small").append(i).append(" 50\n");
        }
        text.append("m;tiny 5\n");
        CollapsedStacks stacks = CollapsedStacks.parse(text.toString());

        CollapsedStacks.Trimmed byShare = stacks.trim(0.001, 1000);
        assertThat(byShare.kept().stacks()).hasSize(21).doesNotContainKey("m;tiny");
        assertThat(byShare.droppedStacks()).isEqualTo(1);
        assertThat(byShare.droppedValue()).isEqualTo(5);

        CollapsedStacks.Trimmed byCount = stacks.trim(0.001, 3);
        assertThat(byCount.kept().stacks()).containsOnlyKeys("m;big", "m;small0", "m;small1");
        assertThat(byCount.droppedStacks()).isEqualTo(19);
        assertThat(byCount.kept().total() + byCount.droppedValue()).isEqualTo(stacks.total());
    }

    @Test
    void selfIsTheLeafsValueAndTotalCountsARecursiveFrameOncePerStack() {
        CollapsedStacks stacks = CollapsedStacks.parse("main;f;f;g 6\nmain;f 3\nmain;h 1\n");

        assertThat(stacks.frameWeights()).containsExactly(
                new CollapsedStacks.FrameWeight("g", 6, 6),
                new CollapsedStacks.FrameWeight("f", 3, 9),
                new CollapsedStacks.FrameWeight("h", 1, 1),
                new CollapsedStacks.FrameWeight("main", 0, 10));
    }
}
