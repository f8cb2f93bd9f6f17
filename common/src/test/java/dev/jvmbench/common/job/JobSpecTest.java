package dev.jvmbench.common.job;

import dev.jvmbench.loadgen.protocol.LoadModel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobSpecTest {

    private static JobSpec minimal() {
        return new JobSpec(null, List.of(ThreadModel.VIRTUAL, ThreadModel.PLATFORM, ThreadModel.VIRTUAL),
                List.of(25, 21, 25), new ScenarioSpec("io-http", null, null),
                new LoadProfile(null, List.of(20, 80), null, null, null), null, null, null, null, null, null, null, null, null, null);
    }

    @Test
    void normalisingFillsDefaultsAndRemovesDuplicates() {
        JobSpec spec = minimal().normalized();
        assertThat(spec.jdks()).containsExactly(21, 25);
        assertThat(spec.threadModels()).containsExactly(ThreadModel.VIRTUAL, ThreadModel.PLATFORM);
        assertThat(spec.repetitions()).isEqualTo(3);
        assertThat(spec.limits()).isEqualTo(new Limits(1.0, 512));
        assertThat(spec.load().model()).isEqualTo(LoadModel.CLOSED);
        assertThat(spec.load().stepSeconds()).isEqualTo(30);
        assertThat(spec.load().warmupSeconds()).isEqualTo(10);
        assertThat(spec.platform().maxThreads()).isEqualTo(200);
        assertThat(spec.scenario().params()).isEmpty();
        assertThat(spec.labels()).isEmpty();
        assertThat(spec.runCount()).isEqualTo(2 * 2 * 3);
        assertThat(spec.usesStockApps()).isTrue();
    }

    @Test
    void normalisingIsIdempotent() {
        JobSpec once = minimal().normalized();
        assertThat(once.normalized()).isEqualTo(once);
    }

    @Test
    void aCustomRequestGetsItsDefaults() {
        CustomRequest request = new CustomRequest(null, "/orders", null, null, null, null, null).normalized();
        assertThat(request.method()).isEqualTo("GET");
        assertThat(request.expectedStatus()).isEqualTo(200);
        assertThat(request.readinessPath()).isEqualTo("/orders");
        assertThat(request.headers()).isEqualTo(Map.of());
    }

    @Test
    void anImageReferenceMayCarryTheJdk() {
        AppRef app = new AppRef("registry.example/shop:jdk{jdk}", null, null, null);
        assertThat(app.imageVariesByJdk()).isTrue();
        assertThat(app.imageFor(25)).isEqualTo("registry.example/shop:jdk25");
        assertThat(app.portOrDefault()).isEqualTo(8080);
    }

    @Test
    void wireNamesAreLowerCaseAndErrorsListTheAllowedValues() {
        assertThat(ThreadModel.fromWire("Virtual")).isEqualTo(ThreadModel.VIRTUAL);
        assertThat(ThreadModel.WEBFLUX.wireName()).isEqualTo("webflux");
        assertThatThrownBy(() -> ThreadModel.fromWire("green"))
                .hasMessage("'green' is not one of [platform, virtual, webflux]");
        assertThatThrownBy(() -> LoadModel.fromWire(null)).hasMessageContaining("[closed, open]");
    }
}
