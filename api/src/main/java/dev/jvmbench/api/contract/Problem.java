package dev.jvmbench.api.contract;

import dev.jvmbench.api.problem.ApiException;
import java.net.URI;
import java.util.List;

/** The documented shape of every error body (RFC 9457, application/problem+json). */
record Problem(URI type, String title, int status, String detail, URI instance,
               List<ApiException.FieldViolation> errors) {
}
