package dev.jvmbench.api.job;

import dev.jvmbench.api.analysis.Metric;
import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.api.problem.ApiException.FieldViolation;
import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.catalog.ScenarioDefinition;
import dev.jvmbench.common.catalog.ScenarioParam;
import dev.jvmbench.common.job.AppRef;
import dev.jvmbench.common.job.BaselineMode;
import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.ThreadModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.springframework.http.HttpStatus;
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
        checkDistinct("jdks", submitted.jdks(), "a JDK", errors);
        checkDistinct("threadModels", submitted.threadModels(), "a thread model", errors);
        checkJdks(spec, errors);
        if (spec.usesStockApps()) {
            checkStockScenario(spec, errors);
        } else {
            checkUserApp(spec, errors);
        }
        checkLoad(spec, errors);
        checkJudging(spec, errors);
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

    /** A list whose items must differ: a repeat is a mistake (the contract says uniqueItems). */
    private static void checkDistinct(String field, List<?> items, String what, List<FieldViolation> errors) {
        if (items != null && new HashSet<>(items).size() != items.size()) {
            errors.add(new FieldViolation(field, "must not repeat " + what));
        }
    }

    /** Levels listed or searched for, never both; a search looks for what meets the SLO, so it needs one. */
    private static void checkLoad(JobSpec spec, List<FieldViolation> errors) {
        var load = spec.load();
        if (load == null) {
            return;
        }
        checkDistinct("load.levels", load.levels(), "a level", errors);
        if ((load.levels() == null) == (load.search() == null)) {
            errors.add(new FieldViolation("load", "give exactly one of levels (e.g. [50, 100]) or search "
                    + "(e.g. {\"start\": 10, \"max\": 2000} with an slo: the highest load that meets it)"));
        }
        if (load.search() != null && spec.slo() == null) {
            errors.add(new FieldViolation("slo", "a capacity search (load.search) needs an slo to search against, "
                    + "e.g. {\"latencyP95Ms\": 250, \"errorRatePercent\": 1}"));
        }
    }

    private static void checkJudging(JobSpec spec, List<FieldViolation> errors) {
        if (spec.baseline() != null && (spec.baseline().jobId() != null) == (spec.baseline().labels() != null)) {
            errors.add(new FieldViolation("baseline", "give exactly one of jobId or labels (e.g. {\"labels\": "
                    + "{\"branch\": \"main\"}} for the latest successful job on main)"));
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
        if (gate.maxPairs() != null) {
            if (spec.baseline() == null) {
                errors.add(new FieldViolation("gate.maxPairs", "pairs are added to decide the verdict against a baseline: "
                        + "give a baseline (e.g. {\"labels\": {\"branch\": \"main\"}}) or leave maxPairs out"));
            } else if (spec.baseline().mode() == BaselineMode.STORED) {
                errors.add(new FieldViolation("gate.maxPairs", "needs a paired baseline (baseline.mode paired): more runs "
                        + "of this job alone cannot narrow an interval whose other side is stored"));
            }
        }
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

    private void checkUserApp(JobSpec spec, List<FieldViolation> errors) {
        AppRef app = spec.app();
        if ((app.image() == null) == (app.artifactId() == null)) {
            errors.add(new FieldViolation("app", "give exactly one of image or artifactId"));
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
