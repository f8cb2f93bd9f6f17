package dev.jvmbench.sample.shop.web;

import jakarta.validation.ConstraintViolationException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.validation.BindingResult;
import org.springframework.validation.FieldError;
import org.springframework.web.method.annotation.HandlerMethodValidationException;

/** "field: problem" lines from the three ways Spring reports invalid input. */
final class FieldErrors {

    private FieldErrors() {
    }

    static List<String> of(BindingResult result) {
        List<String> errors = new ArrayList<>();
        for (FieldError error : result.getFieldErrors()) {
            String message = error.isBindingFailure() ? "not a valid value" : error.getDefaultMessage();
            errors.add(error.getField() + ": " + message);
        }
        result.getGlobalErrors().forEach(error -> errors.add(error.getObjectName() + ": " + error.getDefaultMessage()));
        return errors;
    }

    static List<String> of(HandlerMethodValidationException e) {
        List<String> errors = new ArrayList<>();
        e.getParameterValidationResults().forEach(result -> {
            String name = result.getMethodParameter().getParameterName();
            for (MessageSourceResolvable error : result.getResolvableErrors()) {
                String field = error instanceof FieldError fieldError ? fieldError.getField() : name;
                errors.add(field + ": " + error.getDefaultMessage());
            }
        });
        return errors;
    }

    static List<String> of(ConstraintViolationException e) {
        return e.getConstraintViolations().stream()
                .map(v -> lastNode(v.getPropertyPath().toString()) + ": " + v.getMessage()).sorted().toList();
    }

    private static String lastNode(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }
}
