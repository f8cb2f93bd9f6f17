package dev.jvmbench.api.contract;

import dev.jvmbench.api.problem.ApiException;
import io.swagger.v3.oas.annotations.media.Schema;
import java.net.URI;
import java.util.List;

/**
 * The documented shape of every error body (RFC 9457, application/problem+json). {@code instance}
 * is a URI reference (RFC 9457 section 3.1.5): this api puts the request's path there.
 */
record Problem(URI type, String title, int status, String detail,
               @Schema(type = "string", format = "uri-reference") URI instance,
               List<ApiException.FieldViolation> errors) {
}
