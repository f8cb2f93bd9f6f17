package dev.jvmbench.api.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.ProfileKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The frames a CPU comparison names are those whose change stands out of the sampling: execution
 * samples are counts, and a difference of one or two samples in a profile of a few hundred is what
 * two runs of the same code give (the demo named five such frames, each one sample, as "the frames
 * that changed").
 */
class CpuFrameNoiseTest {

    private static final long PERIOD_NS = 20_000_000L;

    private static CellProfiles.Merged cpu(String stacks, long requests) {
        CollapsedStacks parsed = CollapsedStacks.parse(stacks);
        long total = parsed.stacks().values().stream().mapToLong(Long::longValue).sum();
        return new CellProfiles.Merged(new CellProfiles.Query(1, 25, ThreadModel.PLATFORM, 80, ProfileKind.CPU, RunSide.JOB),
                List.of(), parsed, requests, total, total, PERIOD_NS);
    }

    @Test
    void aFrameThatLostHalfItsSamplesIsNamedAndOneSampleOfDifferenceIsNot() {
        var baseline = cpu("app.Main.main;app.Primes.count 200\napp.Main.main;app.Json.write 3\n", 1000);
        var candidate = cpu("app.Main.main;app.Primes.count 100\napp.Main.main;app.Json.write 4\n", 1000);
        var diff = CellProfiles.diff(baseline, candidate, 5);
        assertThat(diff.frames()).extracting(CellProfiles.FrameChangeView::frame).containsExactly("app.Primes.count");
        // 100 samples of 20 ms over 1000 requests: 2 ms per request less
        assertThat(diff.frames().getFirst().delta()).isEqualTo(-2.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void equalProfilesNameNoFrameHoweverTheyWobble() {
        var baseline = cpu("a;b 7\na;c 5\na;d 1\n", 300);
        var candidate = cpu("a;b 6\na;c 6\na;e 1\n", 300);
        assertThat(CellProfiles.diff(baseline, candidate, 5).frames()).isEmpty();
    }

    @Test
    void aProfileThatHoldsLittleOfTheMeasuredCpuSaysSo() {
        // the demo: 0.044 ms per request in samples against 1.68 ms measured (platform), 0.051 of 0.649 (virtual)
        assertThat(SummaryMarkdown.coverage(0.044, 1.68, 0.051, 0.649))
                .isEqualTo(" (⚠️ the execution samples hold only 3 % and 8 % of the measured CPU per request: they see "
                        + "threads running Java code, not the kernel, GC or JIT time)");
        assertThat(SummaryMarkdown.coverage(7.5, 8.15, 4.6, 5.15)).as("a CPU-bound app's samples hold most of it").isEmpty();
    }
}
