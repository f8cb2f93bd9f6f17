package dev.jvmbench.api.problem;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;

/**
 * Tomcat's last word, for the errors it answers before any servlet runs (a request line or
 * headers past the 8 KB limit, a malformed request line): problem details like every other
 * error of the api, instead of Tomcat's HTML page. Errors that reach the application are
 * answered by {@link ProblemHandler} and {@link ProblemErrorController}, and this valve leaves a
 * response that already has a body alone.
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
        String title = Problems.reason(status);
        String detail = status == 400 ? "the request cannot be processed: its request line or headers are malformed or too large (8 KB)"
                : status >= 500 ? Problems.UNEXPECTED_DETAIL
                : "the request cannot be processed";
        String errors = status == 400 ? ",\"errors\":[{\"field\":\"(request line or headers)\",\"message\":\"" + detail + "\"}]" : "";
        String body = "{\"type\":\"" + Problems.TYPE_BASE + status + "\",\"title\":\"" + title + "\",\"status\":" + status
                + ",\"detail\":\"" + detail + "\"" + errors + "}";
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
}
