package dev.jvmbench.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

class AdmissionFilterTest {

    @Test
    void requestsPastTheLimitWaitTheirTurnAndA503ComesOnlyAfterTheTimeout() throws Exception {
        BenchProperties properties = new Binder(new MapConfigurationPropertySource(Map.of(
                "bench.api.max-concurrent-requests", "1", "bench.api.admission-timeout", "300ms")))
                .bindOrCreate("bench", BenchProperties.class);
        AdmissionFilter filter = new AdmissionFilter(properties, JsonMapper.builder().build());
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = Thread.ofVirtual().start(() -> {
            try {
                filter.doFilter(new MockHttpServletRequest("GET", "/api/v1/jobs"), new MockHttpServletResponse(),
                        (req, res) -> {
                            inside.countDown();
                            try {
                                release.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();

        MockHttpServletResponse refused = new MockHttpServletResponse();
        filter.doFilter(new MockHttpServletRequest("GET", "/api/v1/jobs/1"), refused, new MockFilterChain());
        assertThat(refused.getStatus()).isEqualTo(503);
        assertThat(refused.getContentType()).isEqualTo("application/problem+json");
        assertThat(refused.getHeader("Retry-After")).isEqualTo("5");
        assertThat(refused.getContentAsString()).contains("the api is busy");

        MockHttpServletResponse health = new MockHttpServletResponse();
        filter.doFilter(new MockHttpServletRequest("GET", "/actuator/health"), health, new MockFilterChain());
        assertThat(health.getStatus()).as("outside /api nothing queues").isEqualTo(200);

        release.countDown();
        holder.join(10_000);
        MockHttpServletResponse admitted = new MockHttpServletResponse();
        filter.doFilter(new MockHttpServletRequest("GET", "/api/v1/jobs/1"), admitted, new MockFilterChain());
        assertThat(admitted.getStatus()).as("the permit came back").isEqualTo(200);
    }
}
