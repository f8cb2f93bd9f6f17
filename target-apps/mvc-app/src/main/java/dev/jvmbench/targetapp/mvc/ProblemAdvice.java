package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.problem.ScenarioProblems;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The scenarios' own errors as RFC 9457 problem details ({@link ScenarioProblems}, shared with the
 * WebFlux app). Spring MVC's own errors are problem details too, through
 * {@code spring.mvc.problemdetails.enabled=true}.
 */
@RestControllerAdvice
class ProblemAdvice extends ScenarioProblems {
}
