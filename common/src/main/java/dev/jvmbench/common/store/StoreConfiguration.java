package dev.jvmbench.common.store;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/** The owners as beans, on the application's JdbcClient and JsonMapper: {@code @Import} it. */
@Configuration(proxyBeanMethods = false)
public class StoreConfiguration {

    @Bean
    Jobs jobs(JdbcClient jdbc, JsonMapper json) {
        return new Jobs(jdbc, json);
    }

    @Bean
    Runs runs(JdbcClient jdbc, JsonMapper json) {
        return new Runs(jdbc, json);
    }

    @Bean
    ResultPoints resultPoints(JdbcClient jdbc, JsonMapper json) {
        return new ResultPoints(jdbc, json);
    }

    @Bean
    RunArtifacts runArtifacts(JdbcClient jdbc) {
        return new RunArtifacts(jdbc);
    }

    @Bean
    PointSeriesStore pointSeriesStore(JdbcClient jdbc, JsonMapper json) {
        return new PointSeriesStore(jdbc, json);
    }

    @Bean
    RunFindings runFindings(JdbcClient jdbc, JsonMapper json) {
        return new RunFindings(jdbc, json);
    }

    @Bean
    RunJvm runJvm(JdbcClient jdbc, JsonMapper json) {
        return new RunJvm(jdbc, json);
    }

    @Bean
    RunProfiles runProfiles(JdbcClient jdbc, JsonMapper json) {
        return new RunProfiles(jdbc, json);
    }

    @Bean
    NoiseProfiles noiseProfiles(JdbcClient jdbc, JsonMapper json) {
        return new NoiseProfiles(jdbc, json);
    }

    @Bean
    PlatformDatabase platformDatabase(JdbcClient jdbc) {
        return new PlatformDatabase(jdbc);
    }
}
