package dev.jvmbench.api.problem;

import java.util.List;
import org.springframework.http.HttpStatus;

/** An error with its HTTP status and a message safe to show to the client. */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String title;
    private final List<FieldViolation> errors;
    private final String type;

    public ApiException(HttpStatus status, String title, String detail) {
        this(status, title, detail, List.of());
    }

    public ApiException(HttpStatus status, String title, String detail, List<FieldViolation> errors) {
        this(status, title, detail, errors, null);
    }

    private ApiException(HttpStatus status, String title, String detail, List<FieldViolation> errors, String type) {
        super(detail);
        this.status = status;
        this.title = title;
        this.errors = List.copyOf(errors);
        this.type = type;
    }

    /**
     * An error a client may want to tell apart from others with the same status: its problem
     * type is {@code https://jvmbench.dev/problems/<type>} (e.g. quota-exceeded) instead of the status.
     */
    public static ApiException typed(HttpStatus status, String type, String title, String detail) {
        return new ApiException(status, title, detail, List.of(), type);
    }

    public static ApiException notFound(String what, Object id) {
        return new ApiException(HttpStatus.NOT_FOUND, "Not Found", "no " + what + " with id " + id);
    }

    public static ApiException conflict(String detail) {
        return new ApiException(HttpStatus.CONFLICT, "Conflict", detail);
    }

    public static ApiException invalid(List<FieldViolation> errors) {
        String detail = errors.size() == 1 ? errors.getFirst().field() + ": " + errors.getFirst().message()
                : errors.size() + " fields are invalid";
        return new ApiException(HttpStatus.BAD_REQUEST, "Bad Request", detail, errors);
    }

    public static ApiException invalid(String field, String message) {
        return invalid(List.of(new FieldViolation(field, message)));
    }

    public HttpStatus status() {
        return status;
    }

    public String title() {
        return title;
    }

    /** The problem type's last segment, or null for the status. */
    public String type() {
        return type;
    }

    public List<FieldViolation> errors() {
        return errors;
    }

    /** One invalid field: a JSON path such as {@code load.levels[1]} and what is wrong with it. */
    public record FieldViolation(String field, String message) {
    }
}
