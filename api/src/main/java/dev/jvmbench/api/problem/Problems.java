package dev.jvmbench.api.problem;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.transaction.CannotCreateTransactionException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds RFC 9457 problem details with the fields every error of this API carries, for the
 * controller advice and for the filters that answer before it (admission, tokens, firewall).
 */
public final class Problems {

    public static final String TYPE_BASE = "https://jvmbench.dev/problems/";
    /** What a 503 tells the client to wait: a database restart or a burst takes seconds. */
    public static final String RETRY_AFTER_SECONDS = "5";
    /** A 5xx never echoes the exception: what happened is in the log, not in the response. */
    public static final String UNEXPECTED_DETAIL = "an unexpected error occurred; it has been logged";

    private Problems() {
    }

    public static ProblemDetail of(HttpStatusCode status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        problem.setType(URI.create(TYPE_BASE + status.value()));
        return problem;
    }

    /** The status's reason phrase as title, or "Error" for a status Spring does not know. */
    public static String reason(int status) {
        HttpStatus resolved = HttpStatus.resolve(status);
        return resolved == null ? "Error" : resolved.getReasonPhrase();
    }

    public static ProblemDetail withErrors(ProblemDetail problem, List<ApiException.FieldViolation> errors) {
        if (!errors.isEmpty()) {
            problem.setProperty("errors", errors);
        }
        return problem;
    }

    private static final java.util.regex.Pattern REJECTED_HEADER_VALUE =
            java.util.regex.Pattern.compile("the header: \"(.*) \" has a value", java.util.regex.Pattern.DOTALL);

    /**
     * A request the security firewall refuses, wherever it is refused: eagerly for the path, the
     * method or the host (before any filter), lazily for a header or parameter (when a filter or
     * controller first reads it). One 400 for both, naming what was refused: the header by name,
     * never its value (it may be a token), the query or the URL. A header value is refused for a
     * control character; UTF-8 text arrives with some, since header bytes are read as ISO-8859-1.
     */
    public static ProblemDetail rejected(RequestRejectedException e) {
        String message = e.getMessage() == null ? "" : e.getMessage();
        java.util.regex.Matcher header = REJECTED_HEADER_VALUE.matcher(message);
        ApiException.FieldViolation error;
        if (header.find()) {
            error = new ApiException.FieldViolation(header.group(1), "holds a control character: header values are read "
                    + "byte by byte (ISO-8859-1), so text outside ASCII arrives with some; send visible ASCII");
        } else if (message.contains("header name")) {
            error = new ApiException.FieldViolation("(headers)", "a header name holds a control character or a character "
                    + "that is not assigned; header names are visible ASCII");
        } else if (message.contains("parameter")) {
            error = new ApiException.FieldViolation("(query)", "a parameter name or value holds a control character");
        } else if (message.contains("HTTP method")) {
            error = new ApiException.FieldViolation("(method)", "the HTTP method is not allowed");
        } else if (message.contains("domain")) {
            error = new ApiException.FieldViolation("(host)", "the Host header names a domain that is not trusted");
        } else {
            error = new ApiException.FieldViolation("(url)", "the request URL is not allowed: " + message);
        }
        String detail = error.field().equals("(url)") ? error.message() : error.field() + ": " + error.message();
        return withErrors(of(HttpStatus.BAD_REQUEST, "Bad Request", detail), List.of(error));
    }

    public static ProblemDetail serviceUnavailable(String detail) {
        return of(HttpStatus.SERVICE_UNAVAILABLE, "Service Unavailable", detail);
    }

    public static ProblemDetail databaseUnavailable() {
        return serviceUnavailable("the platform's database is not reachable right now; retry shortly");
    }

    /**
     * Whether a failure means the database is out of reach (down, restarting, pool exhausted), which
     * a client answers by retrying: a 503, never a 500. A connection lost mid-request does not always
     * arrive as Spring's translated exceptions: JPA, Hibernate and the pool wrap it differently
     * depending on where it broke. SQL state class 08 is "connection exception"; 57P01-57P03 are
     * the server shutting down or starting ("terminating connection due to administrator command",
     * what a pooled connection gets when PostgreSQL stops under it, arrives as a GenericJDBCException
     * with 57P01); the pool's "Connection is closed" comes without a state.
     */
    public static boolean isDatabaseUnavailable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CannotGetJdbcConnectionException || t instanceof CannotCreateTransactionException
                    || t instanceof DataAccessResourceFailureException || t instanceof QueryTimeoutException
                    || t instanceof SQLTransientConnectionException || t instanceof SQLRecoverableException
                    || t instanceof SQLNonTransientConnectionException) {
                return true;
            }
            if (t instanceof SQLException sql && (sql.getSQLState() == null
                    ? "Connection is closed".equals(sql.getMessage()) : isOutageState(sql.getSQLState()))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isOutageState(String sqlState) {
        return sqlState.startsWith("08") || sqlState.equals("57P01") || sqlState.equals("57P02")
                || sqlState.equals("57P03");
    }

    public static ProblemDetail at(ProblemDetail problem, HttpServletRequest request) {
        return at(problem, request.getRequestURI());
    }

    /** The path as {@code instance}; left out when the path is not even a URI reference (the firewall's cases). */
    public static ProblemDetail at(ProblemDetail problem, String path) {
        try {
            problem.setInstance(URI.create(path));
        } catch (IllegalArgumentException notAUri) {
            problem.setInstance(null);
        }
        return problem;
    }

    /** For filters, which answer before Spring MVC's message converters are in play. */
    public static void write(JsonMapper json, HttpServletRequest request, HttpServletResponse response,
                             ProblemDetail problem) throws IOException {
        at(problem, request);
        response.setStatus(problem.getStatus());
        if (problem.getStatus() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
            response.setHeader("Retry-After", RETRY_AFTER_SECONDS);
        }
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        json.writeValue(response.getOutputStream(), problem);
    }
}
