/**
 * The scenarios' own errors as RFC 9457 problem details, one copy for both target apps: each app's
 * {@code @RestControllerAdvice} extends {@link dev.jvmbench.targetapp.scenario.problem.ScenarioProblems}.
 * Only spring-web's {@code ProblemDetail} and handler annotations, which Spring MVC and WebFlux
 * both read; the scenario package itself stays free of any web framework.
 */
package dev.jvmbench.targetapp.scenario.problem;
