package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.problem.ScenarioProblems;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.util.concurrent.RejectedExecutionException;

/**
 * The scenarios' own errors as RFC 9457 problem details ({@link ScenarioProblems}, shared with the
 * MVC app), and the one error only this app has. WebFlux's own errors are problem details too,
 * through {@code spring.webflux.problemdetails.enabled=true}.
 */
@RestControllerAdvice
class ProblemAdvice extends ScenarioProblems {

    /** A bounded scheduler's queue is full (io-db: 100,000 waiting requests): busy, not broken. */
    @ExceptionHandler
    ProblemDetail saturated(RejectedExecutionException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
                "too many requests waiting for a worker thread");
        problem.setTitle("Saturated");
        return problem;
    }
}
