package dev.jvmbench.api.contract;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One test per class of bug Schemathesis found (api/fuzz/schemathesis.sh, docs/testing.md): each
 * was a 500, an undocumented status or content type, or a response/request the contract described
 * wrongly. Over real HTTP, like a client.
 */
@ApiIntegrationTest
class FuzzRegressionTest {

    @LocalServerPort
    int port;
    ApiClient admin;

    @BeforeEach
    void client() {
        admin = ApiClient.admin(port);
    }

    private JsonNode servedContract() {
        return JsonMapper.builder().build().readTree(admin.withToken(null).get("/v3/api-docs").expect(200).body());
    }

    @Test
    void aRequestLinePastTheHeaderLimitIsProblemDetailsNotTomcatsHtml() {
        String jdks = String.join("&", java.util.Collections.nCopies(1500, "jdk=21"));
        var response = admin.get("/api/v1/history?metric=throughputRps&scenario=io-http&" + jdks).expect(400);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(response.body()).contains("\"status\":400").doesNotContain("<html");
    }

    @Test
    void anEmptyNumericParameterIsA400NotTheDefault() {
        assertThat(admin.get("/api/v1/jobs?page=").expect(400).body()).contains("page");
        admin.get("/api/v1/history?metric=throughputRps&scenario=io-http&jdk=").expect(400);
        admin.get("/api/v1/jobs?page=0").expect(200);
    }

    @Test
    void anEmptyListParameterIsA400NotEverything() {
        assertThat(admin.get("/api/v1/jobs?status=").expect(400).body()).contains("status");
        admin.get("/api/v1/jobs?label=").expect(400);
        admin.get("/api/v1/history?metric=throughputRps&scenario=io-http&jdk=21,").expect(400);
        admin.get("/api/v1/comparisons?job=1&metric=").expect(400);
        admin.get("/api/v1/jobs?status=QUEUED,RUNNING").expect(200);
        admin.get("/api/v1/jobs?label=note%3Da,").expect(200);
    }

    @Test
    void aLabelValueWithACommaIsOneLabel() {
        admin.get("/api/v1/jobs?label=note%3Da,b").expect(200);
        admin.get("/api/v1/history?metric=throughputRps&scenario=io-http&label=note%3Da,b").expect(200);
    }

    @Test
    void aQueryParameterWithoutANameIsA400NotA500() {
        var response = admin.get("/api/v1/jobs?=-752").expect(400);
        assertThat(response.json().get("detail").asString()).contains("query string is malformed");
        admin.get("/api/v1/history?cpus=0.0&=null").expect(400);
    }

    @Test
    void aMalformedMultipartBodyIsA400NotA500() {
        String boundary = "213bb6df236d5d21761890f375e1395f";
        admin.post("/api/v1/artifacts", "multipart/form-data; boundary=" + boundary,
                ("--" + boundary + "\r\n-425397--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8)).expect(400);
    }

    @Test
    void aPartWhoseHeadersNeverEndIsA400NotA413() {
        // Tomcat's part header limit (512 bytes) fails the parse with a "size" message, which Spring
        // reports as "maximum upload size exceeded"; the body is a few hundred bytes, far below the limit.
        String boundary = "63b9c55809877485d6ac19a044164fc6";
        String unterminated = "[" + "{\"k\": 1.5e+16}, ".repeat(60) + "[]]";
        var response = admin.post("/api/v1/artifacts", "multipart/form-data; boundary=" + boundary,
                ("--" + boundary + "\r\n" + unterminated + "--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8))
                .expect(400);
        assertThat(response.json().get("detail").asString()).contains("multipart body cannot be read");
    }

    @Test
    void aNulCharacterIsA400NotA500() {
        String nul = URLEncoder.encode("k\u0000=v", StandardCharsets.UTF_8);
        admin.get("/api/v1/jobs?label=" + nul).expect(400);
        admin.get("/api/v1/history?metric=throughputRps&scenario=io-http&label=" + nul).expect(400);
        var token = admin.postJson("/api/v1/tokens", map("name", "a\u0000b", "role", "read")).expect(400);
        assertThat(token.json().get("detail").asString()).contains("U+0000");
    }

    @Test
    void aStringFieldRefusesABooleanOrANumber() {
        assertThat(admin.postJson("/api/v1/tokens", "{\"name\": false, \"role\": \"read\"}").expect(400)
                .fieldError("name")).contains("string");
        admin.postJson("/api/v1/tokens", "{\"name\": 12, \"role\": \"read\"}").expect(400);
    }

    @Test
    void anUndeclaredMethodIs405WithAllowNotA400() {
        var response = admin.method("QUERY", "/api/v1/jobs").expect(405);
        assertThat(response.header("Allow")).contains("GET").contains("POST");
        admin.method("QUERY", "/api/v1/catalog/jdks").expect(405);
    }

    @Test
    void cancellingIsAPostAndTheCancelledJobStaysReadable() {
        long id = admin.postJson("/api/v1/jobs", dev.jvmbench.api.support.JobBodies.valid()).expect(201)
                .json().get("id").asLong();
        admin.delete("/api/v1/jobs/" + id).expect(405);
        assertThat(admin.post("/api/v1/jobs/" + id + "/cancel").expect(200).json().get("status").asString())
                .isEqualTo("CANCELLED");
        admin.get("/api/v1/jobs/" + id).expect(200);
    }

    @Test
    void aPathTheFirewallRefusesIsA400ProblemNotTheContainersErrorPage() {
        admin.get("/api/v1/runs/1/artifacts/a%25b").expect(400);
        // control characters in the path (what Schemathesis sent): refused by the firewall, same shape
        admin.get("/api/v1/runs/1/artifacts/a%C2%8Eb").expect(400);
    }

    @Test
    void comparingAnUnknownJobIsADocumented404() {
        admin.get("/api/v1/comparisons?job=987654321").expect(404);
        JsonNode responses = servedContract().at("/paths/~1api~1v1~1comparisons/get/responses");
        assertThat(responses.has("404")).isTrue();
        assertThat(responses.has("200")).isTrue();
    }

    @Test
    void theContractDescribesWhatTheHandlersAccept() {
        JsonNode doc = servedContract();
        // instance is the request's path: a URI reference, not an absolute URI
        assertThat(doc.at("/components/schemas/Problem/properties/instance/format").asString()).isEqualTo("uri-reference");
        // unknown properties are refused, so request schemas are closed
        assertThat(doc.at("/components/schemas/JobSpec/additionalProperties").asBoolean(true)).isFalse();
        assertThat(doc.at("/components/schemas/CreateTokenRequest/additionalProperties").asBoolean(true)).isFalse();
        assertThat(doc.at("/paths/~1api~1v1~1artifacts/post/requestBody/required").asBoolean()).isTrue();
        // JSON Schema patterns are searches: they must be anchored to mean what @Pattern means
        assertThat(doc.at("/paths/~1api~1v1~1runs~1{id}~1artifacts~1{name}/get/parameters/1/schema/pattern").asString())
                .startsWith("^").endsWith("$");
        assertThat(doc.at("/components/schemas/AppRef/properties/image/pattern").asString()).startsWith("^").endsWith("$");
        // parameters the handlers parse themselves carry their allowed values
        assertThat(doc.at("/paths/~1api~1v1~1history/get/parameters/0/schema/enum").toString()).contains("throughputRps");
        assertThat(doc.toString()).contains("\"format\":\"date-time\"");
        // and a value outside them is still a 400 with the allowed values
        assertThat(admin.get("/api/v1/history?metric=&scenario=io-http").expect(400).fieldError("metric"))
                .contains("throughputRps");
    }
}
