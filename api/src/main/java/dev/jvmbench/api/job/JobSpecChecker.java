package dev.jvmbench.api.job;

import dev.jvmbench.api.analysis.Metric;
import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.api.problem.ApiException.FieldViolation;
import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.catalog.ScenarioDefinition;
import dev.jvmbench.common.catalog.ScenarioParam;
import dev.jvmbench.common.job.JobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The checks Bean Validation cannot express: the rules between fields (SubmissionRules), the
 * catalogues (JDKs, scenarios and their parameters, metric ids), the submission policy, uploaded
 * artifacts and baseline jobs.
 */
@Component
class JobSpecChecker {

    private final JdkCatalog jdks;
    private final ScenarioCatalog scenarios;
    private final SubmissionPolicy policy;
    private final JsonMapper json;

    JobSpecChecker(JdkCatalog jdks, ScenarioCatalog scenarios, SubmissionPolicy policy, JsonMapper json) {
        this.jdks = jdks;
        this.scenarios = scenarios;
        this.policy = policy;
        this.json = json;
    }

    /**
     * What a job may refer to: the artifacts and jobs stored now; whyNotExecutable says why an
     * artifact is no executable JAR, empty when it is one.
     */
    record References(LongPredicate artifactExists, LongFunction<Optional<String>> whyNotExecutable,
                      LongPredicate jobExists) {
    }

    /**
     * Returns the normalised spec. Throws a 400 listing every rule the spec breaks (each one the
     * contract states: JobSubmissionSchema); else a 404 when it names an artifact or a baseline job
     * that does not exist, or a 409 when the artifact is no executable JAR.
     */
    JobSpec check(JobSpec submitted, References references) {
        JobSpec spec = submitted.normalized();
        List<FieldViolation> errors = new ArrayList<>();
        // the submission as its JSON (without what it left out), the shape the contract's schema describes
        JsonNode tree = json.valueToTree(submitted);
        SubmissionRules.ALL.forEach(rule -> errors.addAll(rule.check(tree)));
        checkJdks(spec, errors);
        if (spec.usesStockApps()) {
            checkStockScenario(spec, errors);
        } else {
            checkUserApp(spec, errors);
        }
        checkMetrics(spec, errors);
        policy.check(spec, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        List<FieldViolation> missing = new ArrayList<>();
        Long artifactId = spec.usesStockApps() ? null : spec.app().artifactId();
        if (artifactId != null && !references.artifactExists().test(artifactId)) {
            missing.add(new FieldViolation("app.artifactId", "no uploaded artifact with id " + artifactId
                    + "; upload the JAR with POST /api/v1/artifacts first"));
        }
        if (spec.baseline() != null && spec.baseline().jobId() != null && !references.jobExists().test(spec.baseline().jobId())) {
            missing.add(new FieldViolation("baseline.jobId", "no job with id " + spec.baseline().jobId()));
        }
        if (!missing.isEmpty()) {
            throw new ApiException(HttpStatus.NOT_FOUND, "Not Found", missing.size() == 1
                    ? missing.getFirst().field() + ": " + missing.getFirst().message()
                    : "the job refers to an artifact and a job that do not exist", missing);
        }
        if (artifactId != null) {
            references.whyNotExecutable().apply(artifactId).ifPresent(reason -> {
                throw new ApiException(HttpStatus.CONFLICT, "Conflict", "app.artifactId: artifact " + artifactId
                        + " cannot run: " + reason, List.of(new FieldViolation("app.artifactId", "artifact " + artifactId
                        + " is no executable JAR: " + reason)));
            });
        }
        return spec;
    }

    /** The gate names metrics by their ids (the contract lists them: JobSubmissionSchema). */
    private static void checkMetrics(JobSpec spec, List<FieldViolation> errors) {
        var gate = spec.gate();
        for (int i = 0; i < gate.metrics().size(); i++) {
            if (Metric.fromId(gate.metrics().get(i)).isEmpty()) {
                errors.add(new FieldViolation("gate.metrics[" + i + "]", "'" + gate.metrics().get(i)
                        + "' is not one of " + Metric.ids()));
            }
        }
        gate.thresholds().keySet().stream().filter(id -> Metric.fromId(id).isEmpty()).forEach(id ->
                errors.add(new FieldViolation("gate.thresholds." + id, "'" + id + "' is not one of " + Metric.ids())));
    }

    private void checkJdks(JobSpec spec, List<FieldViolation> errors) {
        for (int i = 0; i < spec.jdks().size(); i++) {
            int version = spec.jdks().get(i);
            var entry = jdks.find(version);
            String field = "jdks[" + i + "]";
            if (entry.isEmpty()) {
                errors.add(new FieldViolation(field, "JDK " + version + " is not in the catalogue; available: "
                        + jdks.availableVersions()));
            } else if (!entry.get().available()) {
                errors.add(new FieldViolation(field, "JDK " + version + " is unavailable here: " + entry.get().reason()));
            }
        }
    }

    private void checkStockScenario(JobSpec spec, List<FieldViolation> errors) {
        if (spec.scenario().hasCustomRequest()) {
            errors.add(new FieldViolation("scenario.request",
                    "a custom request needs the app under test: set app.image or app.artifactId"));
            return;
        }
        var definition = scenarios.find(spec.scenario().name());
        if (definition.isEmpty()) {
            errors.add(new FieldViolation("scenario.name", "'" + spec.scenario().name()
                    + "' is not a built-in scenario; built-in: " + scenarios.names()));
            return;
        }
        checkParams(definition.get(), spec.scenario().params(), errors);
    }

    private static void checkParams(ScenarioDefinition definition, Map<String, Double> params, List<FieldViolation> errors) {
        params.forEach((name, value) -> {
            String field = "scenario.params." + name;
            var param = definition.param(name);
            if (param.isEmpty()) {
                errors.add(new FieldViolation(field, "is not a parameter of " + definition.name() + "; parameters: "
                        + definition.params().stream().map(ScenarioParam::name).toList()));
            } else if (value == null || value < param.get().min() || value > param.get().max()) {
                errors.add(new FieldViolation(field, "must be between " + plain(param.get().min()) + " and "
                        + plain(param.get().max()) + (param.get().unit() == null ? "" : " " + param.get().unit())));
            } else if (!param.get().allows(value)) {
                errors.add(new FieldViolation(field, "must be a whole number"));
            }
        });
    }

    /** A user's app runs a custom request (the contract: CustomScenario); the rest of its rules are SubmissionRules. */
    private static void checkUserApp(JobSpec spec, List<FieldViolation> errors) {
        if (!spec.scenario().hasCustomRequest()) {
            errors.add(new FieldViolation("scenario.request",
                    "is required for a user's app: the method, path and expected status to benchmark"));
        } else if (!spec.scenario().params().isEmpty()) {
            errors.add(new FieldViolation("scenario.params", "apply to built-in scenarios only"));
        }
    }

    private static String plain(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
