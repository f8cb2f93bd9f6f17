package dev.jvmbench.common.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FrameChangesTest {

    @Test
    void theLargestChangesComeFirstWhicheverTheirDirectionAndAMissingFrameIsZero() {
        var changes = FrameChanges.rank(
                Map.of("a.A.hot", 3.0, "b.B.gone", 0.8, "c.C.same", 1.0, "d.D.small", 0.10),
                Map.of("a.A.hot", 1.8, "c.C.same", 1.0, "e.E.new", 0.5, "d.D.small", 0.12),
                10, 0.05);

        assertThat(changes).extracting(FrameChanges.Change::frame).containsExactly("a.A.hot", "b.B.gone", "e.E.new");
        assertThat(changes.getFirst().delta()).isCloseTo(-1.2, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(changes.get(1).candidate()).isZero();
        assertThat(changes.get(2).baseline()).isZero();
        assertThat(FrameChanges.rank(Map.of("a", 1.0, "b", 2.0), Map.of(), 1, 0)).extracting(FrameChanges.Change::frame)
                .containsExactly("b");
    }
}
