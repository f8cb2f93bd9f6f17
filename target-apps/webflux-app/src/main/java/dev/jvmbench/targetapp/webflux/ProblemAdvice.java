package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.InvalidParameterException;
import dev.jvmbench.targetapp.scenario.UpstreamFailedException;
import dev.jvmbench.targetapp.scenario.UpstreamNotConfiguredException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.util.concurrent.RejectedExecutionException;

/**
 * The scenarios' own errors as RFC 9457 problem details. WebFlux's own errors (a parameter
 * that is not a number, ...) are problem details too, through
 * {@code spring.webflux.problemdetails.enabled=true}.
 */
@RestControllerAdvice
class ProblemAdvice {

    @ExceptionHandler
    ProblemDetail badParameter(InvalidParameterException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
        problem.setTitle("Bad parameter");
        problem.setProperty("parameter", e.parameter());
        return problem;
    }

    @ExceptionHandler
    ProblemDetail notConfigured(UpstreamNotConfiguredException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
        problem.setTitle("Upstream not configured");
        problem.setProperty("missingVariable", e.variable());
        return problem;
    }

    @ExceptionHandler
    ProblemDetail upstreamFailed(UpstreamFailedException e) {
        HttpStatus status = e.busy() ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.BAD_GATEWAY;
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, e.getMessage());
        problem.setTitle("Upstream failed");
        problem.setProperty("scenario", e.scenario());
        if (e.status() > 0) {
            problem.setProperty("upstreamStatus", e.status());
        }
        return problem;
    }

    /** A bounded scheduler's queue is full (io-db: 100,000 waiting requests): busy, not broken. */
    @ExceptionHandler
    ProblemDetail saturated(RejectedExecutionException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
                "too many requests waiting for a worker thread");
        problem.setTitle("Saturated");
        return problem;
    }
}
