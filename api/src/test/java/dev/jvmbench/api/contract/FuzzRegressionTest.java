package dev.jvmbench.api.contract;

import static dev.jvmbench.api.support.ApiClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.api.support.ApiClient;
import dev.jvmbench.api.support.ApiIntegrationTest;
import dev.jvmbench.api.support.JobBodies;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
        assertThat(response.fieldError("(request line or headers)")).contains("8 KB");
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
        admin.get("/api/v1/jobs/1/comparisons/jdks/21?metric=").expect(400);
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
        assertThat(response.fieldError("(query)")).contains("needs a name");
        admin.get("/api/v1/history?cpus=0.0&=null").expect(400);
    }

    @Test
    void aMalformedMultipartBodyIsA400NotA500() {
        String boundary = "213bb6df236d5d21761890f375e1395f";
        admin.post("/api/v1/artifacts", "multipart/form-data; boundary=" + boundary,
                ("--" + boundary + "\r\n-425397--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8)).expect(400)
                .fieldError("(body)");
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
    void aNulCharacterInAFilterMatchesNothingAndInABodyIsA400NamingTheField() {
        // PostgreSQL stores no U+0000: a filter holding one matches no job (an answer, not an error) ...
        String nul = URLEncoder.encode("k\u0000=v", StandardCharsets.UTF_8);
        assertThat(admin.get("/api/v1/jobs?label=" + nul).expect(200).json().get("totalItems").asLong()).isZero();
        admin.get("/api/v1/jobs?app=a%00b&scenario=io%00http").expect(200);
        assertThat(admin.get("/api/v1/history?metric=throughputRps&scenario=io-http&label=" + nul).expect(200).json()
                .get("series")).isEmpty();
        admin.get("/api/v1/history?metric=throughputRps&scenario=io%00http&app=x%00").expect(200);
        // ... and a value to store that holds one is refused before the database, naming the field
        assertThat(admin.postJson("/api/v1/tokens", map("name", "a\u0000b", "role", "read")).expect(400).fieldError("name"))
                .contains("control characters");
        Map<String, Object> job = JobBodies.valid();
        job.put("labels", map("note", "a\u0000b"));
        assertThat(admin.postJson("/api/v1/jobs", job).expect(400).fieldError("labels.note")).contains("NUL");
    }

    /** Found with a random seed: {@code "name": ""} was schema-valid (minLength 0) and refused. */
    @Test
    void aTokenNameIsOneLineWithACharacterThatIsNotASpace() {
        assertThat(admin.postJson("/api/v1/tokens", map("name", "", "role", "read")).expect(400).fieldError("name"))
                .isEqualTo("is required");
        for (String name : List.of(" ", "   ", "a\nb", "tab\there", "\u007f")) {
            assertThat(admin.postJson("/api/v1/tokens", map("name", name, "role", "read")).expect(400).fieldError("name"))
                    .as(name).contains("control characters");
        }
        // a name of 100 characters, counted as the contract counts them (code points): emoji are one each
        admin.postJson("/api/v1/tokens", map("name", "\uD83D\uDE00".repeat(100), "role", "read")).expect(201);
        admin.postJson("/api/v1/tokens", map("name", "\uD83D\uDE00".repeat(101), "role", "read")).expect(400);
        admin.postJson("/api/v1/tokens", map("name", "\u3000x\u00a0", "role", "read")).expect(201);
        JsonNode name = servedContract().at("/components/schemas/CreateTokenRequest/properties/name");
        assertThat(name.get("minLength").asInt()).isEqualTo(1);
        assertThat(name.get("maxLength").asInt()).isEqualTo(100);
        assertThat(name.get("pattern").asString()).isEqualTo(dev.jvmbench.common.text.TextRules.ONE_LINE_NAME);
    }

    /** JSON Schema's integers: 20.0 is the integer 20 (Schemathesis sends it so); 20.5 is no integer. */
    @Test
    void anIntegerWrittenWithAZeroFractionIsThatInteger() {
        Map<String, Object> job = JobBodies.valid();
        job.put("repetitions", 2.0);
        JobBodies.child(job, "load").put("levels", List.of(20.0, 8e1));
        JsonNode spec = admin.postJson("/api/v1/jobs", job).expect(201).json().get("spec");
        assertThat(spec.get("repetitions").asInt()).isEqualTo(2);
        assertThat(spec.at("/load/levels").toString()).isEqualTo("[20,80]");
        job.put("repetitions", 2.5);
        assertThat(admin.postJson("/api/v1/jobs", job).expect(400).fieldError("repetitions")).contains("2.5");
        job.put("repetitions", "2");
        admin.postJson("/api/v1/jobs", job).expect(400).fieldError("repetitions");
        job.put("repetitions", 1e300);
        admin.postJson("/api/v1/jobs", job).expect(400).fieldError("repetitions");
    }

    /** Numbers in paths and query strings as the contract types them: JSON numbers, 20.0 an integer. */
    @Test
    void aNumberParameterIsAJsonNumber() {
        admin.get("/api/v1/jobs?page=1.0&size=2e1").expect(200);
        admin.get("/api/v1/artifacts/987654.0").expect(404);
        for (String page : List.of("0x10", "%2310", "1d", "%201", "1.5", "NaN", "99999999999")) {
            assertThat(admin.get("/api/v1/jobs?page=" + page).expect(400).fieldError("page")).as(page)
                    .contains("must be an integer");
        }
        admin.get("/api/v1/history?metric=throughputRps&scenario=io-http&cpus=1e400").expect(400).fieldError("cpus");
        admin.get("/api/v1/history?metric=throughputRps&scenario=io-http&cpus=Infinity").expect(400).fieldError("cpus");
        admin.get("/api/v1/history?metric=throughputRps&scenario=io-http&jdk=21,0x19").expect(400).fieldError("jdk");
        admin.get("/api/v1/history?scenario=io-http").expect(400).fieldError("metric");
    }

    /** A boolean is true or false, not "true"; a request path is / and visible ASCII, whatever \S means where. */
    @Test
    void aBooleanIsJsonAndAPathIsVisibleAscii() {
        Map<String, Object> job = JobBodies.userImage("jvmbench/target-mvc:jdk25");
        job.put("app", map("image", "jvmbench/target-mvc:jdk25", "reactive", "false"));
        admin.postJson("/api/v1/jobs", job).expect(400).fieldError("app.reactive");
        job = JobBodies.userImage("jvmbench/target-mvc:jdk25");
        JobBodies.child(JobBodies.child(job, "scenario"), "request").put("path", "/a\u00a0b");
        admin.postJson("/api/v1/jobs", job).expect(400).fieldError("scenario.request.path");
        JobBodies.child(JobBodies.child(job, "scenario"), "request").put("path", "/a%C2%A0b?q=1");
        admin.postJson("/api/v1/jobs", job).expect(201);
        // and a label filter's value may hold any character, a line break too
        admin.get("/api/v1/jobs?label=" + URLEncoder.encode("note=a\nb", StandardCharsets.UTF_8)).expect(200);
    }

    /** No property is nullable: a null is refused where it is, and leaving the property out is the way to its default. */
    @Test
    void anExplicitNullIsA400WhereItIs() {
        Map<String, Object> job = JobBodies.valid();
        job.put("limits", null);
        assertThat(admin.postJson("/api/v1/jobs", job).expect(400).fieldError("limits")).contains("leave the property out");
        job = JobBodies.valid();
        JobBodies.child(job, "scenario").put("params", map("delayMs", null));
        admin.postJson("/api/v1/jobs", job).expect(400).fieldError("scenario.params.delayMs");
        job = JobBodies.valid();
        job.put("jdks", java.util.Arrays.asList(21, null));
        admin.postJson("/api/v1/jobs", job).expect(400).fieldError("jdks[1]");
        job = JobBodies.valid();
        job.remove("limits");
        admin.postJson("/api/v1/jobs", job).expect(201);
    }

    /** Found with seed 1992132943: an extra multipart part was ignored, though the upload's schema is closed. */
    @Test
    void anUploadWithAPartOtherThanFileIsA400NamingThePart() {
        String boundary = "55d8c30295fe77aca1efbea2d06ff5ff";
        String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jar\"\r\n"
                + "Content-Type: application/java-archive\r\n\r\nnot a jar\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"x-unknown\"\r\n\r\n42\r\n"
                + "--" + boundary + "--\r\n";
        assertThat(admin.post("/api/v1/artifacts", "multipart/form-data; boundary=" + boundary,
                body.getBytes(StandardCharsets.UTF_8)).expect(400).fieldError("x-unknown")).contains("one part, file");
        String twice = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jar\"\r\n\r\na\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.jar\"\r\n\r\nb\r\n"
                + "--" + boundary + "--\r\n";
        admin.post("/api/v1/artifacts", "multipart/form-data; boundary=" + boundary, twice.getBytes(StandardCharsets.UTF_8))
                .expect(400).fieldError("file");
    }

    /**
     * Found with seed 2042518243 (stateful phase): a part without a name next to the file was
     * dropped by Tomcat's multipart parser, so the JAR was stored (200) though the schema is closed.
     */
    @Test
    void anUploadWithANamelessPartIsA400AndStoresNothing() {
        String boundary = "de7f79c1bf8a9978347a227a964272e4";
        String jar = "nameless-part-" + UUID.randomUUID();
        String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"file.png\"\r\n"
                + "Content-Type: application/java-archive\r\n\r\n" + jar + "\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"\"\r\n\r\nnull\r\n"
                + "--" + boundary + "--\r\n";
        assertThat(admin.post("/api/v1/artifacts", "multipart/form-data; boundary=" + boundary,
                body.getBytes(StandardCharsets.UTF_8)).expect(400).fieldError("(unnamed part)")).contains("one part, file");
        String noName = body.replace("; name=\"\"", "");
        admin.post("/api/v1/artifacts", "multipart/form-data; boundary=" + boundary, noName.getBytes(StandardCharsets.UTF_8))
                .expect(400).fieldError("(unnamed part)");
        // the same bytes alone are new: the refused bodies stored nothing
        assertThat(admin.upload("/api/v1/artifacts", "file", "file.png", "application/java-archive",
                jar.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(201);
        // an unknown part before the file is refused before the file is read
        String first = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhi\r\n"
                + body.substring(body.indexOf("Content-Disposition: form-data; name=\"file\"") - boundary.length() - 4);
        admin.post("/api/v1/artifacts", "multipart/form-data; boundary=" + boundary, first.getBytes(StandardCharsets.UTF_8))
                .expect(400).fieldError("note");
        // no parts at all, and a body without its closing boundary
        admin.post("/api/v1/artifacts", "multipart/form-data; boundary=" + boundary,
                ("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8)).expect(400).fieldError("file");
        String fileOnly = body.substring(0, body.indexOf("--" + boundary + "\r\nContent-Disposition: form-data; name=\"\""));
        admin.post("/api/v1/artifacts", "multipart/form-data; boundary=" + boundary,
                fileOnly.getBytes(StandardCharsets.UTF_8)).expect(400).fieldError("(body)");
        admin.post("/api/v1/artifacts", "multipart/form-data", body.getBytes(StandardCharsets.UTF_8))
                .expect(400).fieldError("(body)");
    }

    /** Found with seed 1992132943: a submission naming an artifact that is not there answered an undocumented 404. */
    @Test
    void aSubmissionNamingAMissingArtifactIsADocumented404() {
        Map<String, Object> job = JobBodies.userImage("jvmbench/unused");
        job.put("app", map("artifactId", 987654321));
        admin.postJson("/api/v1/jobs", job).expect(404).fieldError("app.artifactId");
        JsonNode responses = servedContract().at("/paths/~1api~1v1~1jobs/post/responses");
        assertThat(responses.has("404")).isTrue();
        assertThat(responses.has("409")).isTrue();
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
        assertThat(admin.get("/api/v1/runs/1/artifacts/a%25b").expect(400).json().get("errors")).isNotEmpty();
        // control characters in the path (what Schemathesis sent): refused by the firewall, same shape
        admin.get("/api/v1/runs/1/artifacts/a%C2%8Eb").expect(400);
    }

    /**
     * Header bytes no HTTP client library lets through, sent over a socket: UTF-8 text (whose bytes,
     * read as ISO-8859-1, hold C1 control characters) and control characters in a header value, a
     * control character in a header name. The firewall refuses them when the header is read, inside
     * a filter or a controller; that was a 500 (the controller advice took the rejection for a bug).
     */
    @Test
    void aHeaderTheFirewallRefusesIsA400ProblemNotA500() {
        String job = JsonMapper.builder().build().writeValueAsString(JobBodies.valid());
        RawResponse russian = raw("POST", "/api/v1/jobs", "Idempotency-Key: " + latin1("ключ") + "\r\n", job);
        russian.expectProblem(400);
        assertThat(russian.fieldError("Idempotency-Key")).contains("control character");
        assertThat(russian.body()).doesNotContain("ключ");
        raw("POST", "/api/v1/jobs", "Idempotency-Key: a\u0001b\r\n", job).expectProblem(400);
        raw("POST", "/api/v1/jobs", "Idempotency-Key: a\u007fb\r\n", job).expectProblem(400);
        // é as one ISO-8859-1 byte passes the firewall (it is a letter there) and is the api's own 400
        assertThat(raw("POST", "/api/v1/jobs", "Idempotency-Key: caf\u00e9\r\n", job).expectProblem(400)
                .fieldError("Idempotency-Key")).contains("visible ASCII");
        // the token filter reads Authorization: refused there, before authentication, same 400
        RawResponse token = raw("GET", "/api/v1/jobs", "Authorization: Bearer " + latin1("токен") + "\r\n", null);
        token.expectProblem(400);
        assertThat(token.fieldError("Authorization")).contains("control character");
        // an Accept header is read to choose the answer's type, even the error's
        raw("GET", "/api/v1/jobs", "Accept: " + latin1("текст") + "\r\n", null).expectProblem(400);
        // a header name with a control character
        raw("GET", "/api/v1/jobs", "X-\u0085Note: 1\r\n", null).expectProblem(400);
        // and the same request with clean headers is answered as usual
        raw("GET", "/api/v1/jobs", "", null).expect(200);
    }

    /**
     * Raw non-ASCII bytes in the path are refused by the firewall, same 400; a query parameter whose
     * name holds a control character is no parameter of the api, ignored like any unknown one (the
     * firewall checks names only when they are listed, which the api never does).
     */
    @Test
    void aPathTheFirewallRefusesIsA400AndAStrangeParameterNameIsIgnored() {
        raw("GET", "/api/v1/jobs/" + latin1("é"), "", null).expectProblem(400);
        raw("GET", "/api/v1/jobs?a%C2%85b=1", "", null).expect(200);
        raw("GET", "/api/v1/jobs?" + URLEncoder.encode("\u0001", StandardCharsets.UTF_8) + "=1", "", null).expect(200);
    }

    /** The bytes of the text in UTF-8, one char per byte: what a socket sends of a String as ISO-8859-1. */
    private static String latin1(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    /** One HTTP/1.1 request written byte for byte (each char one ISO-8859-1 byte), as the admin. */
    private RawResponse raw(String method, String target, String extraHeaders, String jsonBody) {
        byte[] body = jsonBody == null ? new byte[0] : jsonBody.getBytes(StandardCharsets.UTF_8);
        String head = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n"
                + (extraHeaders.startsWith("Authorization:") ? "" : "Authorization: Bearer " + ApiClient.ADMIN_TOKEN + "\r\n")
                + extraHeaders + (jsonBody == null ? "" : "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n")
                + "\r\n";
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout(60_000);
            var out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            byte[] response = socket.getInputStream().readAllBytes();
            String text = new String(response, StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            String headers = text.substring(0, end);
            String content = text.substring(end + 4);
            if (headers.toLowerCase(java.util.Locale.ROOT).contains("transfer-encoding: chunked")) {
                content = unchunk(content);
            }
            int status = Integer.parseInt(headers.split(" ", 3)[1]);
            return new RawResponse(method + " " + target, status, headers,
                    new String(content.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A chunked body's content (one char per byte in, one char per byte out). */
    private static String unchunk(String chunked) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (true) {
            int lineEnd = chunked.indexOf("\r\n", at);
            int size = Integer.parseInt(chunked.substring(at, lineEnd).split(";")[0].trim(), 16);
            if (size == 0) {
                return out.toString();
            }
            out.append(chunked, lineEnd + 2, lineEnd + 2 + size);
            at = lineEnd + 2 + size + 2;
        }
    }

    private record RawResponse(String request, int status, String headers, String body) {

        RawResponse expect(int expected) {
            assertThat(status).as("status of %s; body: %s", request, body).isEqualTo(expected);
            return this;
        }

        /** The status, and an RFC 9457 body with it: type, title, status, detail and field errors. */
        RawResponse expectProblem(int expected) {
            expect(expected);
            assertThat(headers.toLowerCase(java.util.Locale.ROOT)).as("%s: %s", request, headers)
                    .contains("content-type: application/problem+json");
            JsonNode problem = JsonMapper.builder().build().readTree(body);
            assertThat(problem.get("status").asInt()).isEqualTo(expected);
            assertThat(problem.get("title").asString()).isNotBlank();
            assertThat(problem.get("detail").asString()).isNotBlank();
            assertThat(problem.get("type").asString()).startsWith("https://");
            assertThat(problem.get("errors")).as("field errors of %s: %s", request, body).isNotEmpty();
            return this;
        }

        String fieldError(String field) {
            for (JsonNode error : JsonMapper.builder().build().readTree(body).get("errors")) {
                if (error.get("field").asString().equals(field)) {
                    return error.get("message").asString();
                }
            }
            throw new AssertionError("no field error on '" + field + "' in " + body);
        }
    }

    @Test
    void comparingAnUnknownJobIsADocumented404() {
        admin.get("/api/v1/jobs/987654321/comparisons/jobs/1").expect(404);
        JsonNode responses = servedContract().at("/paths/~1api~1v1~1jobs~1{id}~1comparisons~1jobs~1{baselineJobId}/get/responses");
        assertThat(responses.has("404")).isTrue();
        assertThat(responses.has("200")).isTrue();
    }

    @Test
    void theContractDescribesWhatTheHandlersAccept() {
        JsonNode doc = servedContract();
        // instance is the request's path: a URI reference, not an absolute URI
        assertThat(doc.at("/components/schemas/Problem/properties/instance/format").asString()).isEqualTo("uri-reference");
        // unknown properties are refused, so request schemas are closed
        assertThat(doc.at("/components/schemas/JobSubmission/additionalProperties").asBoolean(true)).isFalse();
        // each response has its own schema (three records named View were merged into one)
        assertThat(doc.at("/paths/~1api~1v1~1history/get/responses/200/content/application~1json/schema/$ref").asString())
                .endsWith("/History");
        assertThat(doc.at("/paths/~1api~1v1~1jobs~1{id}~1statistics/get/responses/200/content/application~1json/schema/$ref")
                .asString()).endsWith("/JobStatistics");
        assertThat(doc.at("/components/schemas/Comparison/properties/comparisons").isMissingNode()).isFalse();
        assertThat(doc.at("/components/schemas/RunLinks/properties/points").isMissingNode()).isFalse();
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
