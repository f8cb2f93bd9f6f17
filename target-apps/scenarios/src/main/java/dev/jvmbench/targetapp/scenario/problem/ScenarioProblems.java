package dev.jvmbench.targetapp.scenario.problem;

import dev.jvmbench.targetapp.scenario.InvalidParameterException;
import dev.jvmbench.targetapp.scenario.UpstreamFailedException;
import dev.jvmbench.targetapp.scenario.UpstreamNotConfiguredException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;

/**
 * The scenarios' own errors as RFC 9457 problem details, the same in both apps. Each app's
 * {@code @RestControllerAdvice} extends this class (Spring finds the inherited handlers) and adds
 * only what is its own. The framework's own errors (a parameter that is not a number, ...) are
 * problem details too, through {@code spring.mvc.problemdetails.enabled=true} or
 * {@code spring.webflux.problemdetails.enabled=true}.
 */
public abstract class ScenarioProblems {

    @ExceptionHandler
    public ProblemDetail badParameter(InvalidParameterException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
        problem.setTitle("Bad parameter");
        problem.setProperty("parameter", e.parameter());
        return problem;
    }

    @ExceptionHandler
    public ProblemDetail notConfigured(UpstreamNotConfiguredException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
        problem.setTitle("Upstream not configured");
        problem.setProperty("missingVariable", e.variable());
        return problem;
    }

    @ExceptionHandler
    public ProblemDetail upstreamFailed(UpstreamFailedException e) {
        HttpStatus status = e.busy() ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.BAD_GATEWAY;
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, e.getMessage());
        problem.setTitle("Upstream failed");
        problem.setProperty("scenario", e.scenario());
        if (e.status() > 0) {
            problem.setProperty("upstreamStatus", e.status());
        }
        return problem;
    }
}
