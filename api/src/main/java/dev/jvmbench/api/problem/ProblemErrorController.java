package dev.jvmbench.api.problem;

import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The servlet container's error dispatch (a request Tomcat or the security firewall refuses before
 * any handler, e.g. an encoded slash or a control character in the path) answered like every other
 * error: problem details, never Boot's default JSON or an HTML page, never internals.
 */
@Hidden
@RestController
class ProblemErrorController implements ErrorController {

    @RequestMapping("${server.error.path:/error}")
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = code instanceof Integer value && HttpStatus.resolve(value) != null
                ? HttpStatus.valueOf(value) : HttpStatus.INTERNAL_SERVER_ERROR;
        String detail = status.is5xxServerError() ? Problems.UNEXPECTED_DETAIL
                : status == HttpStatus.BAD_REQUEST ? "the request cannot be processed: its URL or headers are malformed"
                : "the request cannot be processed";
        ProblemDetail problem = Problems.of(status, Problems.reason(status.value()), detail);
        if (status == HttpStatus.BAD_REQUEST) {
            Problems.withErrors(problem, List.of(new ApiException.FieldViolation("(url or headers)", detail)));
        }
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        if (uri instanceof String path) {
            Problems.at(problem, path);
        }
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }
}
