package dev.jvmbench.api.job;

import static dev.jvmbench.api.contract.ConstraintSchemas.typed;

import dev.jvmbench.api.analysis.Metric;
import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.catalog.ScenarioDefinition;
import dev.jvmbench.common.catalog.ScenarioParam;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * The request body of POST /api/v1/jobs as the contract states it: JobSubmission, every rule the
 * api checks (JobSpecChecker, SubmissionPolicy) that is not an annotation of JobSpec, in JSON
 * Schema, from the same sources: the rules between fields (SubmissionRules, one allOf entry each),
 * this installation's catalogues (available JDKs, built-in scenarios and their parameters), its
 * submission policy (images, JVM options, reserved environment) and the metric ids. A submission the schema allows is accepted, unless it names an artifact or a baseline
 * job that does not exist (404) or an artifact that is no executable JAR (409).
 *
 * <p>JobSpec stays the shape of a stored spec (GET /api/v1/jobs/{id}): the catalogues and the policy
 * may change after a job was accepted. The components both share (Gate) get the metric ids, which
 * hold for every stored spec too.
 */
final class JobSubmissionSchema {

    static final String NAME = "JobSubmission";
    private static final String REF = "#/components/schemas/";
    private static final String JOBS = "/api/v1/jobs";

    private JobSubmissionSchema() {
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    static OpenApiCustomizer of(JdkCatalog jdks, ScenarioCatalog scenarios, SubmissionPolicy policy) {
        return openApi -> {
            Map<String, Schema> components = openApi.getComponents().getSchemas();
            Schema spec = components.get("JobSpec");
            metricIds(components);

            Map<String, Schema> properties = new LinkedHashMap<>(spec.getProperties());
            properties.put("app", ref("SubmittedApp"));
            properties.put("threadModels", copyArray((Schema) properties.get("threadModels")));
            Schema jdkItems = typed("integer").format("int32");
            jdkItems.setEnum(new ArrayList<>(jdks.availableVersions()));
            Schema jdkList = copyArray((Schema) properties.get("jdks"));
            jdkList.setItems(jdkItems);
            properties.put("jdks", jdkList);
            properties.put("scenario", typed("object")
                    .description("a built-in scenario (BuiltInScenario) for the stock apps; a custom request (CustomScenario) "
                            + "for your app (app given)"));
            Schema options = copyArray((Schema) properties.get("jvmOptions"));
            options.setItems(typed("string").minLength(1).maxLength(500).pattern(policy.jvmOptionPattern()));
            properties.put("jvmOptions", options);
            Schema env = copyMap((Schema) properties.get("env"));
            Schema envNames = copyString(env.getPropertyNames());
            envNames.setNot(new Schema<>().pattern(policy.reservedEnvPattern()));
            env.setPropertyNames(envNames);
            properties.put("env", env);

            Schema submission = typed("object")
                    .description("A job to submit: what the api accepts here and now (this installation's catalogues and "
                            + "submission policy). Leave app out to benchmark the stock apps with a built-in scenario; "
                            + "give app (an image or an uploaded artifact) to benchmark your app with a custom request.");
            submission.setProperties(properties);
            submission.setRequired(new ArrayList<>(spec.getRequired()));
            submission.setAdditionalProperties(false);
            // the scenario's shape follows the app: the stock apps' catalogue or a custom request
            Schema hasApp = new Schema<>().required(List.of("app"));
            List<Schema> rules = new ArrayList<>();
            rules.add(conditional(hasApp, property("scenario", ref("CustomScenario")), property("scenario", ref("BuiltInScenario"))));
            SubmissionRules.ALL.forEach(rule -> rules.add(rule.schema()));
            submission.setAllOf(rules);
            components.put(NAME, submission);
            components.put("SubmittedApp", submittedApp(components.get("AppRef"), policy));
            components.put("BuiltInScenario", builtIn(scenarios));
            components.put("CustomScenario", custom(components.get("ScenarioSpec")));

            MediaType json = openApi.getPaths().get(JOBS).getPost().getRequestBody().getContent().get("application/json");
            json.setSchema(ref(NAME));
        };
    }

    /** The gate's metric ids, which every stored spec keeps too. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void metricIds(Map<String, Schema> components) {
        Schema gate = components.get("Gate");
        ((Schema) gate.getProperties().get("metrics")).setItems(typed("string")._enum(Metric.ids()));
        ((Schema) gate.getProperties().get("thresholds")).setPropertyNames(typed("string")._enum(Metric.ids()));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema submittedApp(Schema appRef, SubmissionPolicy policy) {
        Map<String, Schema> properties = new LinkedHashMap<>(appRef.getProperties());
        properties.put("image", typed("string").minLength(1).maxLength(500).pattern(policy.imagePattern())
                .description("An image this installation runs (bench.policy.allowed-images, bench.policy.registries); "
                        + "{jdk} stands for each JDK's feature version"));
        Schema app = typed("object")
                .description("Your app: exactly one of image and artifactId (an executable JAR uploaded with "
                        + "POST /api/v1/artifacts)");
        app.setProperties(properties);
        app.setAdditionalProperties(false);
        return app;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema builtIn(ScenarioCatalog catalog) {
        List<Schema> scenarios = new ArrayList<>();
        for (ScenarioDefinition definition : catalog.scenarios()) {
            Map<String, Schema> params = new LinkedHashMap<>();
            for (ScenarioParam param : definition.params()) {
                // a whole-number parameter (a count, a 0/1 switch) is an integer in the contract too: the
                // checker refuses 2.5, so a schema that allowed it would reject a valid request (ST202)
                params.put(param.name(), (param.integer() ? typed("integer").format("int64") : typed("number").format("double"))
                        .minimum(BigDecimal.valueOf(param.min())).maximum(BigDecimal.valueOf(param.max()))
                        .description(param.description() + (param.unit() == null ? "" : " (" + param.unit() + ")")));
            }
            Schema paramsSchema = typed("object");
            paramsSchema.setProperties(params);
            paramsSchema.setAdditionalProperties(false);
            Schema scenario = typed("object").description(definition.description());
            Map<String, Schema> properties = new LinkedHashMap<>();
            properties.put("name", typed("string")._const(definition.name()));
            properties.put("params", paramsSchema);
            scenario.setProperties(properties);
            scenario.setRequired(List.of("name"));
            scenario.setAdditionalProperties(false);
            scenarios.add(scenario);
        }
        return new Schema<>().description("A built-in scenario of the stock apps (GET /api/v1/catalog/scenarios) "
                + "with its parameters").oneOf(scenarios);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema custom(Schema scenarioSpec) {
        Map<String, Schema> properties = new LinkedHashMap<>(scenarioSpec.getProperties());
        properties.put("params", typed("object").maxProperties(0)
                .description("parameters belong to built-in scenarios: none here"));
        Schema scenario = typed("object").description("Your app's scenario: a name and the request to send");
        scenario.setProperties(properties);
        scenario.setRequired(List.of("name", "request"));
        scenario.setAdditionalProperties(false);
        return scenario;
    }

    @SuppressWarnings("rawtypes")
    private static Schema conditional(Schema condition, Schema then, Schema otherwise) {
        Schema rule = new Schema<>();
        rule.setIf(condition);
        rule.setThen(then);
        if (otherwise != null) {
            rule.setElse(otherwise);
        }
        return rule;
    }

    @SuppressWarnings("rawtypes")
    private static Schema property(String name, Schema schema) {
        return new Schema<>().addProperty(name, schema);
    }

    @SuppressWarnings("rawtypes")
    private static Schema ref(String component) {
        return new Schema<>().$ref(REF + component);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema copyArray(Schema original) {
        Schema copy = typed("array");
        copy.setItems(original.getItems());
        copy.setMinItems(original.getMinItems());
        copy.setMaxItems(original.getMaxItems());
        return copy;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema copyMap(Schema original) {
        Schema copy = typed("object");
        copy.setAdditionalProperties(original.getAdditionalProperties());
        copy.setPropertyNames(original.getPropertyNames());
        copy.setMinProperties(original.getMinProperties());
        copy.setMaxProperties(original.getMaxProperties());
        return copy;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema copyString(Schema original) {
        Schema copy = typed("string");
        if (original != null) {
            copy.setPattern(original.getPattern());
            copy.setMinLength(original.getMinLength());
            copy.setMaxLength(original.getMaxLength());
        }
        return copy;
    }
}
