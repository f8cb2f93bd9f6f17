package dev.jvmbench.api.problem;

import java.net.URI;
import java.util.List;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/** Builds RFC 9457 problem details with the fields every error of this API carries. */
public final class Problems {

    public static final String TYPE_BASE = "https://jvmbench.dev/problems/";

    private Problems() {
    }

    public static ProblemDetail of(HttpStatusCode status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        problem.setType(URI.create(TYPE_BASE + status.value()));
        return problem;
    }

    public static ProblemDetail withErrors(ProblemDetail problem, List<ApiException.FieldViolation> errors) {
        if (!errors.isEmpty()) {
            problem.setProperty("errors", errors);
        }
        return problem;
    }
}
