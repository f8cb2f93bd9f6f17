package dev.jvmbench.api.job;

import dev.jvmbench.api.analysis.Metric;
import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.api.problem.ApiException.FieldViolation;
import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.catalog.ScenarioDefinition;
import dev.jvmbench.common.catalog.ScenarioParam;
import dev.jvmbench.common.job.AppRef;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.ThreadModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import org.springframework.stereotype.Component;

/**
 * The checks Bean Validation cannot express: the catalogues (JDKs, scenarios and their
 * parameters), the app and the thread models it supports, uploaded artifacts.
 */
@Component
class JobSpecChecker {

    private final JdkCatalog jdks;
    private final ScenarioCatalog scenarios;
    private final SubmissionPolicy policy;

    JobSpecChecker(JdkCatalog jdks, ScenarioCatalog scenarios, SubmissionPolicy policy) {
        this.jdks = jdks;
        this.scenarios = scenarios;
        this.policy = policy;
    }

    /** Returns the normalised spec, or throws a 400 listing every problem found. */
    JobSpec check(JobSpec submitted, LongPredicate artifactExists, LongPredicate jobExists) {
        JobSpec spec = submitted.normalized();
        List<FieldViolation> errors = new ArrayList<>();
        checkJdks(spec, errors);
        if (spec.usesStockApps()) {
            checkStockScenario(spec, errors);
        } else {
            checkUserApp(spec, artifactExists, errors);
        }
        if (new HashSet<>(spec.load().levels()).size() != spec.load().levels().size()) {
            errors.add(new FieldViolation("load.levels", "must not repeat a level"));
        }
        checkJudging(spec, jobExists, errors);
        policy.check(spec, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        return spec;
    }

    private static void checkJudging(JobSpec spec, LongPredicate jobExists, List<FieldViolation> errors) {
        if (spec.baseline() != null) {
            boolean byId = spec.baseline().jobId() != null;
            if (byId == spec.baseline().bySelector()) {
                errors.add(new FieldViolation("baseline", "give exactly one of jobId or labels (e.g. {\"labels\": "
                        + "{\"branch\": \"main\"}} for the latest successful job on main)"));
            } else if (byId && !jobExists.test(spec.baseline().jobId())) {
                errors.add(new FieldViolation("baseline.jobId", "no job with id " + spec.baseline().jobId()));
            }
        }
        if (spec.slo() != null && spec.slo().latencyP95Ms() == null && spec.slo().errorRatePercent() == null) {
            errors.add(new FieldViolation("slo", "give latencyP95Ms, errorRatePercent or both"));
        }
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

    private void checkUserApp(JobSpec spec, LongPredicate artifactExists, List<FieldViolation> errors) {
        AppRef app = spec.app();
        if ((app.image() == null) == (app.artifactId() == null)) {
            errors.add(new FieldViolation("app", "give exactly one of image or artifactId"));
        }
        if (app.artifactId() != null && !artifactExists.test(app.artifactId())) {
            errors.add(new FieldViolation("app.artifactId", "no uploaded artifact with id " + app.artifactId()
                    + "; upload the JAR with POST /api/v1/artifacts first"));
        }
        if (app.image() != null && !app.imageVariesByJdk() && spec.jdks().size() > 1) {
            errors.add(new FieldViolation("app.image", "an image holds one JDK: name one JDK, put {jdk} in the "
                    + "image reference, or upload the JAR to compare JDKs"));
        }
        if (!spec.scenario().hasCustomRequest()) {
            errors.add(new FieldViolation("scenario.request",
                    "is required for a user's app: the method, path and expected status to benchmark"));
        } else if (!spec.scenario().params().isEmpty()) {
            errors.add(new FieldViolation("scenario.params", "apply to built-in scenarios only"));
        }
        for (int i = 0; i < spec.threadModels().size(); i++) {
            ThreadModel model = spec.threadModels().get(i);
            if (app.reactiveApp() && model != ThreadModel.WEBFLUX) {
                errors.add(new FieldViolation("threadModels[" + i + "]",
                        "a reactive app (app.reactive=true) runs only the webflux thread model"));
            } else if (!app.reactiveApp() && model == ThreadModel.WEBFLUX) {
                errors.add(new FieldViolation("threadModels[" + i + "]",
                        "webflux needs a reactive app: set app.reactive=true (a servlet app runs platform or virtual)"));
            }
        }
    }

    private static String plain(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
