package dev.jvmbench.worker.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.job.CapacitySearch;
import dev.jvmbench.common.job.LoadProfile;
import dev.jvmbench.common.job.WarmupPolicy;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.worker.load.LevelRequest;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A spec's load as the run flow reads it, and the generator's request it makes of a level. */
class LoadSettingsTest {

    private static final ScenarioPlan PLAN = new ScenarioPlan("custom", false, "POST", "/orders?x=1", "{}",
            Map.of("Content-Type", "application/json"), 201, List.of(), 200, Map.of(), Map.of(), "/health");

    @Test
    void theSpecsSecondsAndMillisecondsAreDurationsAndTheWarmupPolicyIsAlwaysSet() {
        LoadSettings load = LoadSettings.of(new LoadProfile(LoadModel.OPEN, List.of(10, 20, 40), 30, 5, 2_500));

        assertThat(load.model()).isEqualTo(LoadModel.OPEN);
        assertThat(load.levels()).containsExactly(10, 20, 40);
        assertThat(load.searches()).isFalse();
        assertThat(load.levelSteps()).isEqualTo(3);
        assertThat(load.step()).isEqualTo(Duration.ofSeconds(30));
        assertThat(load.warmup()).isEqualTo(Duration.ofSeconds(5));
        assertThat(load.warmupSeconds()).isEqualTo(5);
        assertThat(load.requestTimeout()).isEqualTo(Duration.ofMillis(2_500));
        assertThat(load.requestTimeoutMs()).isEqualTo(2_500);
        assertThat(load.warmupPolicy()).as("a spec stored before policies existed").isEqualTo(WarmupPolicy.FIXED);
    }

    @Test
    void aSearchTakesAsManyStepsAsItMay() {
        CapacitySearch search = new CapacitySearch(10, 400, 7, 10.0);
        LoadSettings load = LoadSettings.of(new LoadProfile(LoadModel.CLOSED, null, 30, 5, 2_500, null, search));

        assertThat(load.searches()).isTrue();
        assertThat(load.levels()).isNull();
        assertThat(load.levelSteps()).isEqualTo(7);
    }

    @Test
    void aLevelsRequestCarriesTheLoadAndTheScenariosRequest() {
        LoadSettings load = LoadSettings.of(new LoadProfile(LoadModel.OPEN, List.of(50), 30, 5, 2_500));
        URI url = URI.create("http://127.0.0.1:8080/orders?x=1");

        LevelRequest request = load.request(PLAN, url, 50, Duration.ZERO, Duration.ofSeconds(2));

        assertThat(request).isEqualTo(new LevelRequest(LoadModel.OPEN, 50, Duration.ZERO, Duration.ofSeconds(2),
                Duration.ofMillis(2_500), "POST", url, Map.of("Content-Type", "application/json"), "{}", 201));
    }
}
