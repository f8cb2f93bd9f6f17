package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.profile.CollapsedStacks;
import dev.jvmbench.common.profile.ProfileKind;
import dev.jvmbench.common.store.ProfileRow;
import dev.jvmbench.worker.probe.JfrProfile;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LevelProfilesTest {

    @Test
    void aRowKeepsTheLargeStacksAndSaysWhatWasTrimmedAway() {
        Map<String, Long> stacks = new HashMap<>();
        stacks.put("main;hot", 100_000L);
        for (int i = 0; i < 10; i++) {
            stacks.put("main;warm" + i, 200L);
        }
        for (int i = 0; i < 11; i++) {
            stacks.put("main;cold" + i, 5L);
        }
        CollapsedStacks all = CollapsedStacks.of(stacks);

        ProfileRow row = LevelProfiles.row(7, 1, 80, 4000,
                new JfrProfile(ProfileKind.CPU, all, all.total(), 20_000_000L));

        assertThat(row.total()).isEqualTo(all.total());
        assertThat(row.stackCount()).as("0.1 % of 102,055 is 103: the hot and the warm stay").isEqualTo(11);
        assertThat(row.droppedStacks()).isEqualTo(11);
        assertThat(row.droppedTotal()).isEqualTo(55);
        assertThat(row.collapsed().total() + row.droppedTotal()).isEqualTo(row.total());
        assertThat(row.collapsed().stacks()).containsKey("main;hot").doesNotContainKey("main;cold0");
        assertThat(row.requests()).isEqualTo(4000);
        assertThat(row.samplingPeriodNs()).isEqualTo(20_000_000L);
        assertThat(row.level()).isEqualTo(80);
    }
}
