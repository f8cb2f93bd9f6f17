package dev.jvmbench.worker.run;

import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.catalog.ScenarioDefinition;
import dev.jvmbench.common.catalog.ScenarioParam;
import dev.jvmbench.common.job.CustomRequest;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.Upstream;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * What a run requests and what it needs, resolved from the job: for a built-in scenario its
 * catalogue entry with the parameters bound to query string, app environment or upstream; for a
 * user's app its custom request.
 *
 * @param httpDelayMs   delay of the nginx upstream (when it is needed)
 * @param appEnv        environment the scenario adds to the app (e.g. the pool size)
 * @param params        every parameter with its effective value (defaults filled in)
 * @param readinessPath what to probe until the app answers
 */
record ScenarioPlan(String name, boolean stock, String method, String pathAndQuery, String body,
                    Map<String, String> headers, int expectedStatus, List<Upstream> upstreams, double httpDelayMs,
                    Map<String, String> appEnv, Map<String, Double> params, String readinessPath) {

    static final double DEFAULT_HTTP_DELAY_MS = 200;

    static ScenarioPlan of(JobSpec spec, ScenarioCatalog catalog) {
        if (spec.scenario().hasCustomRequest()) {
            CustomRequest r = spec.scenario().request();
            return new ScenarioPlan(spec.scenario().name(), false, r.method(), r.path(), r.body(), r.headers(),
                    r.expectedStatus(), r.upstreams(), DEFAULT_HTTP_DELAY_MS, Map.of(), Map.of(), r.readinessPath());
        }
        ScenarioDefinition definition = catalog.find(spec.scenario().name())
                .orElseThrow(() -> new RunFailure("scenario " + spec.scenario().name() + " is no longer in the catalogue"));
        Map<String, Double> values = new LinkedHashMap<>();
        Map<String, String> env = new LinkedHashMap<>();
        StringJoiner query = new StringJoiner("&", "?", "").setEmptyValue("");
        double delayMs = DEFAULT_HTTP_DELAY_MS;
        for (ScenarioParam param : definition.params()) {
            double value = spec.scenario().params().getOrDefault(param.name(), param.defaultValue());
            values.put(param.name(), value);
            String binding = param.binding();
            if (binding.startsWith("query:")) {
                query.add(binding.substring(6) + "=" + plain(value * param.scale()));
            } else if (binding.startsWith("env:")) {
                env.put(binding.substring(4), plain(value * param.scale()));
            } else if (binding.equals("upstream:http-delay")) {
                delayMs = value;
            } else {
                throw new RunFailure("scenario " + definition.name() + ": unknown parameter binding " + binding);
            }
        }
        return new ScenarioPlan(definition.name(), true, "GET", definition.path() + query, null, Map.of(), 200,
                definition.upstreams(), delayMs, env, values, "/actuator/health/readiness");
    }

    boolean needs(Upstream upstream) {
        return upstreams.contains(upstream);
    }

    private static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
