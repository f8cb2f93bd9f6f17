package dev.jvmbench.api.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ProblemErrorReportValveTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aMessageWithQuotesBackslashesAndControlCharactersIsValidJson() {
        String detail = "a \"quoted\" C:\\path\\ with a\nnew line, a\ttab, \u0001 and \u001f and a </script>";
        String title = "Bad \"title\" \\";
        String body = ProblemErrorReportValve.body(400, title, detail,
                List.of(new ApiException.FieldViolation("\"field\"\\", detail)));

        JsonNode problem = JSON.readTree(body);
        assertThat(problem.get("type").asString()).isEqualTo(Problems.TYPE_BASE + 400);
        assertThat(problem.get("title").asString()).isEqualTo(title);
        assertThat(problem.get("status").asInt()).isEqualTo(400);
        assertThat(problem.get("detail").asString()).isEqualTo(detail);
        assertThat(problem.get("errors").get(0).get("field").asString()).isEqualTo("\"field\"\\");
        assertThat(problem.get("errors").get(0).get("message").asString()).isEqualTo(detail);
        assertThat(body).doesNotContain("\n", "\t", "\u0001", "\u001f");
    }

    @Test
    void tomcatsErrorsKeepTheirShape() {
        JsonNode badRequest = JSON.readTree(ProblemErrorReportValve.body(400));
        assertThat(badRequest.propertyNames()).containsExactly("type", "title", "status", "detail", "errors");
        assertThat(badRequest.get("title").asString()).isEqualTo("Bad Request");
        assertThat(badRequest.get("errors").get(0).get("field").asString()).isEqualTo("(request line or headers)");
        assertThat(badRequest.get("errors").get(0).get("message").asString()).contains("8 KB");

        JsonNode serverError = JSON.readTree(ProblemErrorReportValve.body(500));
        assertThat(serverError.propertyNames()).containsExactly("type", "title", "status", "detail");
        assertThat(serverError.get("detail").asString()).isEqualTo(Problems.UNEXPECTED_DETAIL);
        assertThat(serverError.get("status").asInt()).isEqualTo(500);
    }
}
