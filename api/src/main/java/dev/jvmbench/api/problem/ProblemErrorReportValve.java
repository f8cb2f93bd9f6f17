package dev.jvmbench.api.problem;

import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat's last word, for the errors it answers before any servlet runs (a request line or
 * headers past the 8 KB limit, a malformed request line): problem details like every other
 * error of the api, instead of Tomcat's HTML page. Errors that reach the application are
 * answered by {@link ProblemHandler} and {@link ProblemErrorController}, and this valve leaves a
 * response that already has a body alone.
 *
 * <p>Tomcat builds the valve from its class name, outside the application context, so the body is
 * written by Jackson's shared {@link JsonMapper} rather than the application's: the same JSON either
 * way, its strings escaped by Jackson.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(false);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        String body = body(status);
        try {
            response.setContentType("application/problem+json");
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(body);
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the connection is gone or the response committed meanwhile: nothing more to say
        }
    }

    /** The problem details Tomcat's error {@code status} is answered with. */
    static String body(int status) {
        String detail = status == 400 ? "the request cannot be processed: its request line or headers are malformed or too large (8 KB)"
                : status >= 500 ? Problems.UNEXPECTED_DETAIL
                : "the request cannot be processed";
        List<ApiException.FieldViolation> errors = status == 400
                ? List.of(new ApiException.FieldViolation("(request line or headers)", detail)) : List.of();
        return body(status, Problems.reason(status), detail, errors);
    }

    /** {@code type}, {@code title}, {@code status}, {@code detail} and, when there are any, {@code errors}. */
    static String body(int status, String title, String detail, List<ApiException.FieldViolation> errors) {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", Problems.TYPE_BASE + status);
        problem.put("title", title);
        problem.put("status", status);
        problem.put("detail", detail);
        if (!errors.isEmpty()) {
            problem.put("errors", errors);
        }
        return JsonMapper.shared().writeValueAsString(problem);
    }
}
