package dev.jvmbench.api.job;

import static dev.jvmbench.api.job.SubmissionRule.always;
import static dev.jvmbench.api.job.SubmissionRule.distinct;
import static dev.jvmbench.api.job.SubmissionRule.exactlyOne;
import static dev.jvmbench.api.job.SubmissionRule.itemsIn;
import static dev.jvmbench.api.job.SubmissionRule.present;
import static dev.jvmbench.api.job.SubmissionRule.when;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.problem.ApiException.FieldViolation;
import io.swagger.v3.core.util.Json31;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One declaration, two readings: each shape checks a submission's tree and writes the same shape
 * as JSON Schema. JobValidationTest has the 400s of the real api, the contract test the served
 * schema, and the fuzz stage (api/fuzz) checks that the api accepts what the schema allows.
 */
class SubmissionRulesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JsonNode tree(String json) {
        return JSON.readTree(json.replace('\'', '"'));
    }

    /** The rule's schema as the served document writes it (OpenAPI 3.1), to compare as JSON. */
    private static JsonNode schema(SubmissionRule rule) {
        return JSON.readTree(Json31.pretty(rule.schema()));
    }

    @Test
    void aConditionalRuleChecksOnlyWhenItsConditionHoldsAndIsAnIfThenInTheSchema() {
        SubmissionRule searchNeedsSlo = when(present("load.search"), present("slo"), "needs an slo");

        assertThat(searchNeedsSlo.check(tree("{'load': {'search': {'start': 10}}}")))
                .containsExactly(new FieldViolation("slo", "needs an slo"));
        assertThat(searchNeedsSlo.check(tree("{'load': {'search': {'start': 10}}, 'slo': {'latencyP95Ms': 5}}"))).isEmpty();
        assertThat(searchNeedsSlo.check(tree("{'load': {'levels': [10]}}"))).isEmpty();
        assertThat(searchNeedsSlo.check(tree("{}"))).isEmpty();
        assertThat(schema(searchNeedsSlo)).isEqualTo(tree("{'description': 'needs an slo', 'if': {'required': ['load'],"
                + " 'properties': {'load': {'required': ['search'], 'properties': {'search': {}}}}},"
                + " 'then': {'required': ['slo'], 'properties': {'slo': {}}}}"));
    }

    @Test
    void aRuleOnAValueThatMayBeLeftOutHoldsWithoutIt() {
        SubmissionRule oneOf = always(exactlyOne("baseline", "jobId", "labels"), "give exactly one");

        assertThat(oneOf.check(tree("{}"))).isEmpty();
        assertThat(oneOf.check(tree("{'baseline': {'jobId': 1}}"))).isEmpty();
        assertThat(oneOf.check(tree("{'baseline': {'jobId': 1, 'labels': {'a': 'b'}}}")))
                .extracting(FieldViolation::field).containsExactly("baseline");
        assertThat(oneOf.check(tree("{'baseline': {'mode': 'paired'}}"))).extracting(FieldViolation::field)
                .containsExactly("baseline");
        assertThat(schema(oneOf)).isEqualTo(tree("{'properties': {'baseline': {'oneOf': [{'required': ['jobId']},"
                + " {'required': ['labels']}]}}}"));

        SubmissionRule unique = always(distinct("load.levels"), "must not repeat a level");
        assertThat(unique.check(tree("{'load': {'levels': [10, 20, 10]}}"))).extracting(FieldViolation::field)
                .containsExactly("load.levels");
        assertThat(unique.check(tree("{'load': {'levels': [10, 20]}}"))).isEmpty();
        assertThat(unique.check(tree("{'load': {'search': {}}}"))).isEmpty();
        assertThat(schema(unique)).isEqualTo(tree("{'properties': {'load': {'properties': {'levels': {'uniqueItems': true}}}}}"));
    }

    @Test
    void itemsOutsideTheAllowedValuesAreReportedEachAtItsIndexUnlessTheRuleNamesAField() {
        SubmissionRule webfluxOnly = when(SubmissionRule.equalTo("app.reactive", true), itemsIn("threadModels", "webflux"),
                "only webflux");

        assertThat(webfluxOnly.check(tree("{'app': {'reactive': true}, 'threadModels': ['webflux', 'virtual', 'platform']}")))
                .extracting(FieldViolation::field).containsExactly("threadModels[1]", "threadModels[2]");
        assertThat(webfluxOnly.check(tree("{'app': {'reactive': false}, 'threadModels': ['virtual']}"))).isEmpty();
        assertThat(webfluxOnly.at("threadModels").check(tree("{'app': {'reactive': true}, 'threadModels': ['virtual', 'platform']}")))
                .containsExactly(new FieldViolation("threadModels", "only webflux"));
    }

    @Test
    void aSubmissionThatBreaksSeveralRulesOfTheTableHearsOfEachOnce() {
        JsonNode reactive = tree("{'app': {'image': 'x:{jdk}', 'reactive': true}, 'threadModels': ['webflux', 'webflux'],"
                + " 'jdks': [21, 25], 'load': {'levels': [10], 'search': {'start': 1}}, 'gate': {'maxPairs': 4},"
                + " 'slo': {}}");
        List<FieldViolation> broken = SubmissionRules.ALL.stream().flatMap(rule -> rule.check(reactive).stream()).toList();

        assertThat(broken).extracting(FieldViolation::field)
                .containsExactlyInAnyOrder("threadModels", "load", "slo", "gate.maxPairs");
    }
}
