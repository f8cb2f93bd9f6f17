package dev.jvmbench.api.security;

import dev.jvmbench.api.problem.Problems;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import tools.jackson.databind.json.JsonMapper;

/**
 * 401, 403 and the filter chain's 503 as problem details, like every other error of the API; and 400 for a request the
 * firewall refuses (an encoded slash, percent or dot segment in the path, a control character in a
 * header...), which would otherwise fall through to the servlet container's error page.
 */
class ProblemSecurityHandlers implements AuthenticationEntryPoint, AccessDeniedHandler, RequestRejectedHandler {

    private final JsonMapper json;

    ProblemSecurityHandlers(JsonMapper json) {
        this.json = json;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
            throws IOException {
        String detail = request.getHeader("Authorization") == null
                ? "this endpoint needs 'Authorization: Bearer <token>'"
                : e.getMessage();
        response.setHeader("WWW-Authenticate", "Bearer realm=\"jvmbench\"");
        write(request, response, HttpStatus.UNAUTHORIZED, "Unauthorized", detail);
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
            throws IOException {
        write(request, response, HttpStatus.FORBIDDEN, "Forbidden",
                "the token's role may not " + request.getMethod() + " " + request.getRequestURI());
    }

    /**
     * The firewall's refusals that reach the filter chain: the path, method and host (refused before
     * any filter) and a header read by a filter (the token filter reads Authorization). Those read
     * by a controller are answered by the controller advice, with the same body.
     */
    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, RequestRejectedException e)
            throws IOException {
        Problems.write(json, request, response, Problems.rejected(e));
    }

    /**
     * The token lookup runs in a filter, before any controller advice: a database outage there is
     * answered here, the same 503 the controllers give (see ProblemHandler), never a 500.
     */
    void databaseUnavailable(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Problems.write(json, request, response, Problems.databaseUnavailable());
    }

    private void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String title,
                       String detail) throws IOException {
        Problems.write(json, request, response, Problems.of(status, title, detail));
    }
}
