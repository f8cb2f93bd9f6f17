package dev.jvmbench.api.problem;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.sql.SQLException;
import org.springframework.beans.TypeMismatchException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * Every error as RFC 9457 problem details: field errors for bad input, the right 4xx for
 * everything a client can fix, 503 while the database is unreachable, and a 500 that never
 * echoes an exception message.
 */
@RestControllerAdvice
class ProblemHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);
    /** A bracketed map key (not a list index) in a Spring property path. */
    private static final java.util.regex.Pattern MAP_KEY = java.util.regex.Pattern.compile("\\[([^\\]]*[^0-9\\]][^\\]]*|)\\]");

    @ExceptionHandler(ApiException.class)
    ResponseEntity<Object> api(ApiException e, HttpServletRequest request) {
        ProblemDetail problem = Problems.withErrors(Problems.of(e.status(), e.title(), e.getMessage()), e.errors());
        if (e.type() != null) {
            problem.setType(URI.create(Problems.TYPE_BASE + e.type()));
        }
        return respond(problem, request);
    }

    private ResponseEntity<Object> databaseDown(Exception e, HttpServletRequest request) {
        log.warn("Database unavailable for {} {}: {}", request.getMethod(), request.getRequestURI(), e.toString());
        return respond(Problems.databaseUnavailable(), request);
    }

    /**
     * A query string or form body Tomcat cannot parse (e.g. {@code ?=1}, a parameter without a name):
     * the client's fault, found when the first parameter is read.
     */
    @ExceptionHandler(InvalidParameterException.class)
    ResponseEntity<Object> malformedParameters(InvalidParameterException e, HttpServletRequest request) {
        String detail = "the query string is malformed: every parameter needs a name (name=value&...)";
        return respond(Problems.withErrors(Problems.of(HttpStatus.BAD_REQUEST, "Bad Request", detail),
                List.of(new ApiException.FieldViolation("(query)", detail))), request);
    }

    /**
     * A header the security firewall refuses when a controller (or Spring MVC, e.g. the Accept
     * header) first reads it: a control character in its value or name. The client's fault, the same
     * 400 the firewall's handler gives for what it refuses before (ProblemSecurityHandlers).
     */
    @ExceptionHandler(RequestRejectedException.class)
    ResponseEntity<Object> rejected(RequestRejectedException e, HttpServletRequest request) {
        log.debug("Firewall refused {} {}: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        return respond(Problems.rejected(e), request);
    }

    /**
     * A value PostgreSQL refuses as data (SQLSTATE class 22: a NUL character in text or jsonb, a
     * number out of range...): the input's fault, so 400; other integrity violations stay 500.
     */
    @ExceptionHandler(DataIntegrityViolationException.class)
    ResponseEntity<Object> dataRefused(DataIntegrityViolationException e, HttpServletRequest request) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("22")) {
                log.info("Refused data on {} {}: {}", request.getMethod(), request.getRequestURI(), sql.getMessage());
                String detail = "22021".equals(sql.getSQLState()) || "22P05".equals(sql.getSQLState())
                        ? "a text value contains a character that cannot be stored (such as NUL, U+0000)"
                        : "a value cannot be stored: it is out of range or malformed";
                return respond(Problems.withErrors(Problems.of(HttpStatus.BAD_REQUEST, "Bad Request", detail),
                        List.of(new ApiException.FieldViolation("(body)", detail))), request);
            }
        }
        return unexpected(e, request);
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> unexpected(Exception e, HttpServletRequest request) {
        if (Problems.isDatabaseUnavailable(e)) {
            return databaseDown(e, request);
        }
        log.error("Unexpected error on {} {}", request.getMethod(), request.getRequestURI(), e);
        return respond(Problems.of(HttpStatus.INTERNAL_SERVER_ERROR, "Internal Server Error",
                Problems.UNEXPECTED_DETAIL), request);
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<ApiException.FieldViolation> errors = new ArrayList<>();
        for (FieldError error : e.getBindingResult().getFieldErrors()) {
            errors.add(new ApiException.FieldViolation(jsonPath(error.getField()), error.getDefaultMessage()));
        }
        e.getBindingResult().getGlobalErrors().forEach(g ->
                errors.add(new ApiException.FieldViolation(g.getObjectName(), g.getDefaultMessage())));
        errors.sort(java.util.Comparator.comparing(ApiException.FieldViolation::field));
        ApiException invalid = ApiException.invalid(errors);
        return respond(Problems.withErrors(Problems.of(HttpStatus.BAD_REQUEST, "Bad Request", invalid.getMessage()),
                errors), request(request));
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<ApiException.FieldViolation> errors = new ArrayList<>();
        e.getParameterValidationResults().forEach(result -> result.getResolvableErrors().forEach(error ->
                errors.add(new ApiException.FieldViolation(
                        result.getMethodParameter().getParameterName(), error.getDefaultMessage()))));
        ApiException invalid = ApiException.invalid(errors);
        return respond(Problems.withErrors(Problems.of(HttpStatus.BAD_REQUEST, "Bad Request", invalid.getMessage()),
                errors), request(request));
    }

    /** A path or query value of the wrong type: a 400 naming the parameter and what it must be. */
    @Override
    protected ResponseEntity<Object> handleTypeMismatch(TypeMismatchException e, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        String name = e instanceof MethodArgumentTypeMismatchException m ? m.getName() : e.getPropertyName();
        Class<?> type = e.getRequiredType() == null ? Object.class : e.getRequiredType();
        String each = "";
        if (Collection.class.isAssignableFrom(type) && e instanceof MethodArgumentTypeMismatchException m) {
            type = m.getParameter().nested().getNestedParameterType();
            each = "each value ";
        }
        String message = (Number.class.isAssignableFrom(type) || type.isPrimitive()
                ? each + "must be " + typeName(type) : "is not valid")
                + (e.getValue() == null ? "" : ", not '" + e.getValue() + "'");
        return invalidParameter(name == null ? "(parameter)" : name, message, request);
    }

    @Override
    protected ResponseEntity<Object> handleMissingServletRequestParameter(MissingServletRequestParameterException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return invalidParameter(e.getParameterName(), "is required", request);
    }

    @Override
    protected ResponseEntity<Object> handleMissingServletRequestPart(MissingServletRequestPartException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return invalidParameter(e.getRequestPartName(), "is required", request);
    }

    private ResponseEntity<Object> invalidParameter(String name, String message, WebRequest request) {
        List<ApiException.FieldViolation> errors = List.of(new ApiException.FieldViolation(name, message));
        return respond(Problems.withErrors(Problems.of(HttpStatus.BAD_REQUEST, "Bad Request", name + ": " + message),
                errors), request(request));
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<ApiException.FieldViolation> errors = new ArrayList<>();
        String detail = unreadableDetail(e, errors);
        return respond(Problems.withErrors(Problems.of(HttpStatus.BAD_REQUEST, "Bad Request", detail), errors),
                request(request));
    }

    /** Spring MVC's own exceptions (404, 405, 406, 413, 415, type mismatches): same shape, no internals. */
    @Override
    protected ResponseEntity<Object> handleExceptionInternal(Exception e, Object body, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        ProblemDetail problem = body instanceof ProblemDetail p ? p
                : Problems.of(status, Problems.reason(status.value()), "the request cannot be processed");
        if (status.is5xxServerError()) {
            log.error("Server error {} on {}", status, request.getDescription(false), e);
            problem.setDetail(Problems.UNEXPECTED_DETAIL);
        }
        problem.setType(URI.create(Problems.TYPE_BASE + status.value()));
        if (problem.getTitle() == null) {
            problem.setTitle(Problems.reason(status.value()));
        }
        HttpServletRequest servletRequest = request(request);
        if (servletRequest != null) {
            Problems.at(problem, servletRequest);
        }
        HttpHeaders merged = new HttpHeaders();
        if (headers != null) {
            merged.putAll(headers);
        }
        merged.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        return ResponseEntity.status(status).headers(merged).body(problem);
    }

    private static String unreadableDetail(HttpMessageNotReadableException e, List<ApiException.FieldViolation> errors) {
        Throwable cause = e.getCause();
        if (cause == null) {
            return e.getMessage() != null && e.getMessage().startsWith("Required request body is missing")
                    ? "the request body is missing" : "the request body cannot be read";
        }
        if (cause instanceof StreamReadException parse && !(cause instanceof MismatchedInputException)) {
            return "malformed JSON at line " + parse.getLocation().getLineNr() + ", column "
                    + parse.getLocation().getColumnNr() + ": " + firstLine(parse.getOriginalMessage());
        }
        if (cause instanceof JacksonException jackson) {
            String field = path(jackson);
            String message;
            if (cause instanceof InvalidNullException) {
                message = "must not be null; leave the property out for its default";
            } else if (cause instanceof UnrecognizedPropertyException unknown) {
                message = "unknown property '" + unknown.getPropertyName() + "'";
            } else if (cause instanceof ValueInstantiationException instantiation && instantiation.getCause() != null) {
                message = firstLine(instantiation.getCause().getMessage());
            } else if (cause instanceof InvalidFormatException format) {
                message = format.getCause() instanceof IllegalArgumentException arg ? arg.getMessage()
                        : "'" + format.getValue() + "' is not " + typeName(format.getTargetType());
            } else if (cause instanceof MismatchedInputException mismatch) {
                message = "must be " + typeName(mismatch.getTargetType());
            } else {
                message = firstLine(jackson.getOriginalMessage());
            }
            errors.add(new ApiException.FieldViolation(field.isEmpty() ? "(body)" : field, message));
            return (field.isEmpty() ? "" : field + ": ") + message;
        }
        return "the request body cannot be read";
    }

    /** Spring's property path as the other errors name fields: a map key as {@code labels.note}, an index as [1]. */
    static String jsonPath(String propertyPath) {
        return MAP_KEY.matcher(propertyPath).replaceAll(m -> java.util.regex.Matcher.quoteReplacement("." + m.group(1)));
    }

    private static String path(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference ref : e.getPath()) {
            if (ref.getPropertyName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String typeName(Class<?> type) {
        if (type == null) {
            return "a value of another type";
        }
        if (Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class)) {
            return type == Double.class || type == double.class ? "a number" : "an integer";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        if (java.util.Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "an object";
        }
        if (type.isEnum()) {
            return "one of " + java.util.Arrays.stream(type.getEnumConstants())
                    .map(c -> c.toString().toLowerCase(Locale.ROOT)).toList();
        }
        return "a " + type.getSimpleName();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "invalid value";
        }
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }

    private static HttpServletRequest request(WebRequest request) {
        return request instanceof ServletWebRequest servlet ? servlet.getRequest() : null;
    }

    private static ResponseEntity<Object> respond(ProblemDetail problem, HttpServletRequest request) {
        if (request != null) {
            Problems.at(problem, request);
        }
        HttpHeaders headers = new HttpHeaders();
        // as Problems.write does for the filters: a 503 tells the client when to retry
        if (problem.getStatus() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
            headers.set(HttpHeaders.RETRY_AFTER, Problems.RETRY_AFTER_SECONDS);
        }
        headers.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        return ResponseEntity.status(problem.getStatus()).headers(headers).body(problem);
    }
}
