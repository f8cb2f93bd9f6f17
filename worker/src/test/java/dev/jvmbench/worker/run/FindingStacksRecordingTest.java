package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.finding.Finding;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.worker.finding.Diagnosis;
import dev.jvmbench.worker.finding.RunFacts;
import dev.jvmbench.worker.finding.RunObservations;
import dev.jvmbench.worker.load.LevelResult;
import dev.jvmbench.worker.probe.BurnerRecording;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * From a real recording ({@link BurnerRecording}) to a finding's stacks in one pass: the profiles
 * cut for storage are the ones the findings read, the event-loop thread's CPU apart from the
 * others', and a level past the recording's end says it has none.
 */
class FindingStacksRecordingTest {

    private static MeasuredLevel level(int index, Instant start, Instant end) {
        LevelResult load = new LevelResult(LoadModel.CLOSED, 8, start, end, 1.5, 1000, 1000, 0, Map.of(), 5, 9, 12, 20,
                666, null, null, 666, 8, 10, 1);
        return new MeasuredLevel(index, 8 * (index + 1), start, end, load, null, List.of());
    }

    private static Finding at(FindingCode code, int levelIndex) {
        return Finding.of(code, levelIndex, 8 * (levelIndex + 1), null, "a sentence", Map.of(), null);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> first(Finding finding) {
        return ((List<Map<String, Object>>) finding.evidence().get("stacks")).getFirst();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> top(Map<String, Object> extract) {
        return (List<Map<String, Object>>) extract.get("top");
    }

    @Test
    void theStoredProfilesAreTheFindingsStacks() {
        BurnerRecording burner = BurnerRecording.get();
        Instant end = burner.mark("B-end");
        List<MeasuredLevel> levels = List.of(level(0, burner.mark("B-start"), end),
                level(1, end.plusSeconds(60), end.plusSeconds(70)));

        LevelProfiles.Cut cut = LevelProfiles.cut(7, burner.recording(), levels);

        assertThat(cut.rows()).as("four kinds of the level the recording covers").hasSize(4)
                .allMatch(row -> row.levelIndex() == 0 && row.requests() == 1000);
        RunFacts webflux = new RunFacts("cpu", true, Map.of(), ThreadModel.WEBFLUX, 25, 1, 512, null, LoadModel.CLOSED,
                10_000, 16_384, 10);
        RunObservations seen = new RunObservations(null, "complete", List.of(), Map.of(), Map.of(), cut.profiles());
        List<Finding> found = Diagnosis.withStacks(List.of(at(FindingCode.EVENT_LOOP_BLOCKED, 0),
                at(FindingCode.GC_PRESSURE, 0), at(FindingCode.POOL_EXHAUSTED, 0), at(FindingCode.GC_PRESSURE, 1)),
                webflux, seen);

        Map<String, Object> loop = first(found.get(0));
        assertThat(loop).containsEntry("kind", "cpu").containsEntry("threads", "event-loop").containsEntry("perRequestUnit", "ms");
        assertThat(top(loop)).isNotEmpty().allSatisfy(stack -> assertThat(stack.get("frame")).isEqualTo("Burner.burnLoop"));
        assertThat((double) loop.get("selectedShare")).as("the loop burns a third of the time, beside burnB")
                .isBetween(0.05, 0.75);
        assertThat(top(first(found.get(1))).getFirst()).containsEntry("frame", "Burner.allocB");
        assertThat(top(first(found.get(2)))).anySatisfy(stack -> assertThat(stack.get("frame")).isEqualTo("Burner.lockB"));
        assertThat(first(found.get(3))).containsEntry("missing", LevelProfiles.NOT_COVERED).doesNotContainKey("top");
    }
}
