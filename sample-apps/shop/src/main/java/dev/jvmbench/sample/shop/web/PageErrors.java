package dev.jvmbench.sample.shop.web;

import jakarta.validation.ConstraintViolationException;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.validation.BindException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;

/**
 * The HTML pages' errors: a page that says what went wrong with the right status (404 for an
 * unknown category or product, 400 for a bad filter), never a stack trace. Anything else falls
 * to Boot's error page (templates/error.html) as a 500.
 */
@ControllerAdvice(basePackages = "dev.jvmbench.sample.shop.storefront")
class PageErrors {

    @ExceptionHandler(NotFoundException.class)
    ModelAndView notFound(NotFoundException e) {
        return page(HttpStatus.NOT_FOUND, e.getMessage(), null);
    }

    @ExceptionHandler(BadRequestException.class)
    ModelAndView badRequest(BadRequestException e) {
        return page(HttpStatus.BAD_REQUEST, e.getMessage(), null);
    }

    @ExceptionHandler(BindException.class)
    ModelAndView invalid(BindException e) {
        return page(HttpStatus.BAD_REQUEST, "Some of the filters are not valid.", FieldErrors.of(e.getBindingResult()));
    }

    @ExceptionHandler(HandlerMethodValidationException.class)
    ModelAndView invalid(HandlerMethodValidationException e) {
        return page(HttpStatus.BAD_REQUEST, "Some of the parameters are not valid.", FieldErrors.of(e));
    }

    @ExceptionHandler(ConstraintViolationException.class)
    ModelAndView invalid(ConstraintViolationException e) {
        return page(HttpStatus.BAD_REQUEST, "Some of the parameters are not valid.", FieldErrors.of(e));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ModelAndView mismatch(MethodArgumentTypeMismatchException e) {
        return page(HttpStatus.BAD_REQUEST, "Some of the parameters are not valid.",
                List.of(e.getName() + ": not a valid value"));
    }

    private static ModelAndView page(HttpStatus status, String message, List<String> errors) {
        ModelAndView page = new ModelAndView("error", status);
        page.addObject("status", status.value());
        page.addObject("error", status.getReasonPhrase());
        page.addObject("message", message);
        page.addObject("errors", errors);
        return page;
    }
}
