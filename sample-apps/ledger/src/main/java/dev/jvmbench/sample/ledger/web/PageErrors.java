package dev.jvmbench.sample.ledger.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/**
 * The HTML pages' errors: the error page (templates/error.mustache) with the right status. Spring's
 * own exceptions on these pages (a non-numeric id) reach the same page through Boot's error view
 * with their 4xx status.
 */
@ControllerAdvice(annotations = Controller.class)
@Order(Ordered.LOWEST_PRECEDENCE) // @RestController is a @Controller too: ApiProblems answers those first
class PageErrors {

    @ExceptionHandler(NotFoundException.class)
    ModelAndView notFound(NotFoundException e, HttpServletRequest request) {
        return page(HttpStatus.NOT_FOUND, e.getMessage(), request);
    }

    @ExceptionHandler(BadRequestException.class)
    ModelAndView badRequest(BadRequestException e, HttpServletRequest request) {
        return page(HttpStatus.BAD_REQUEST, e.field() + " " + e.getMessage(), request);
    }

    private static ModelAndView page(HttpStatus status, String message, HttpServletRequest request) {
        return new ModelAndView("error", Map.of("status", status.value(), "error", status.getReasonPhrase(),
                "message", message, "path", request.getRequestURI()), status);
    }
}
