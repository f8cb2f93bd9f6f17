package dev.jvmbench.worker.cores;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HostCoresTest {

    @Test
    void readsAndWritesCpusetLists() {
        assertThat(HostCores.parse("0-3,6,8-9")).containsExactly(0, 1, 2, 3, 6, 8, 9);
        assertThat(HostCores.cpuset(List.of(0, 1, 2, 5, 7, 8))).isEqualTo("0-2,5,7-8");
        assertThat(HostCores.cpuset(List.of(1))).isEqualTo("1");
        assertThat(HostCores.ofHost().cores()).isNotEmpty()
                .hasSizeLessThanOrEqualTo(Runtime.getRuntime().availableProcessors() * 4);
    }

    @Test
    void aWholeNumberLimitGetsTheLastCoresAndTheRestGoToEverythingElse() {
        Placement two = new HostCores(List.of(0, 1)).placementFor(1.0);
        assertThat(two.pinned()).isTrue();
        assertThat(two.app()).isEqualTo("1");
        assertThat(two.others()).isEqualTo("0");
        assertThat(two.describe()).isEqualTo("app on core 1; load generator and upstreams on core 0");

        Placement eight = new HostCores(List.of(0, 1, 2, 3, 4, 5, 6, 7)).placementFor(2);
        assertThat(eight.app()).isEqualTo("6-7");
        assertThat(eight.others()).isEqualTo("0-5");
    }

    @Test
    void tooFewCoresOrAFractionalLimitKeepTheQuotaAndSayWhy() {
        Placement crowded = new HostCores(List.of(0, 1)).placementFor(2);
        assertThat(crowded.pinned()).isFalse();
        assertThat(crowded.tooFewCores()).isTrue();
        assertThat(crowded.note()).contains("this worker has 2 cores (0-1)").contains("too few to give the app 2");
        assertThat(crowded.app()).isNull();

        Placement half = new HostCores(List.of(0, 1, 2, 3)).placementFor(0.5);
        assertThat(half.pinned()).isFalse();
        assertThat(half.tooFewCores()).as("a quota by the job's choice is no shortage").isFalse();

        assertThat(new HostCores(List.of(3)).placementFor(1).tooFewCores()).isTrue();
        assertThat(CorePinning.off("kubernetes").placementFor(1).note()).isEqualTo("kubernetes");
    }

    @Test
    void onlyTheLocalDockerEngineIsPinnedAndOnlyWhenAsked() {
        // bench.worker.engine: pods are placed by Kubernetes, and the generator's cores are not ours to pick there
        assertThat(new CorePinning(true, "kubernetes").placementFor(1).pinned()).isFalse();
        assertThat(new CorePinning(true, "kubernetes").placementFor(1).note()).contains("kubernetes engine");
        assertThat(new CorePinning(false, "docker").placementFor(1).note()).contains("bench.worker.pin-cores=false");
        boolean enoughCores = HostCores.ofHost().cores().size() >= 2;
        assertThat(new CorePinning(true, "docker").placementFor(1).pinned()).isEqualTo(enoughCores);
    }
}
