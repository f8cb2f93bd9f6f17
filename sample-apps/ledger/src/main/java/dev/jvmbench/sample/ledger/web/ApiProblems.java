package dev.jvmbench.sample.ledger.web;

import java.net.URI;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * The JSON endpoints' errors as RFC 9457 problem details: 400 with the fields at fault in
 * {@code errors}, 404, 409 when another request changed an account first (the client retries),
 * 422 for a refused transfer. Spring's own exceptions (unreadable JSON, a non-numeric id, a wrong
 * method or media type) come through {@link ResponseEntityExceptionHandler} in the same shape.
 */
@RestControllerAdvice(annotations = RestController.class)
@Order(Ordered.HIGHEST_PRECEDENCE) // before PageErrors, which matches every @Controller, @RestController included
class ApiProblems extends ResponseEntityExceptionHandler {

    @ExceptionHandler(NotFoundException.class)
    ProblemDetail notFound(NotFoundException e) {
        return problem(HttpStatus.NOT_FOUND, "Not found", e.getMessage());
    }

    @ExceptionHandler(BadRequestException.class)
    ProblemDetail badRequest(BadRequestException e) {
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "Invalid request", e.field() + " " + e.getMessage());
        problem.setProperty("errors", List.of(e.field() + ": " + e.getMessage()));
        return problem;
    }

    @ExceptionHandler(UnprocessableException.class)
    ProblemDetail refused(UnprocessableException e) {
        return problem(HttpStatus.UNPROCESSABLE_CONTENT, "Transfer refused", e.getMessage());
    }

    /**
     * A version conflict (another transfer changed the account between our read and our write), or
     * a lock PostgreSQL broke to end a deadlock: nothing was booked, the same request may be retried.
     */
    @ExceptionHandler({OptimisticLockingFailureException.class, PessimisticLockingFailureException.class})
    ProblemDetail concurrentUpdate(RuntimeException e) {
        return problem(HttpStatus.CONFLICT, "Conflict", "an account was changed by another request; nothing was booked, try again");
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "Invalid request", "some fields are not valid");
        problem.setProperty("errors", e.getBindingResult().getFieldErrors().stream()
                .map(ApiProblems::describe).sorted().toList());
        return ResponseEntity.badRequest().body(problem);
    }

    private static String describe(FieldError error) {
        return error.getField() + ": " + error.getDefaultMessage();
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        problem.setType(URI.create("about:blank"));
        return problem;
    }
}
