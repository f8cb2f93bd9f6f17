package dev.jvmbench.common.job;

import dev.jvmbench.common.text.MaxChars;
import dev.jvmbench.common.text.TextRules;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The request a user's app is benchmarked with, and what a correct answer looks like. */
public record CustomRequest(
        @Pattern(regexp = "^(GET|POST|PUT|PATCH|DELETE)$", message = "must be one of [GET, POST, PUT, PATCH, DELETE]")
        String method,
        @NotBlank(message = "is required")
        @Size(max = 2000, message = "must be at most 2000 characters")
        @Pattern(regexp = TextRules.URL_PATH, message = "must be an absolute path: / and visible ASCII characters (percent-encode the others)")
        String path,
        @MaxChars(65536) @Pattern(regexp = TextRules.NO_NUL, message = "must not contain NUL (U+0000)") String body,
        @Size(max = 20, message = "must hold at most 20 headers")
        Map<@Pattern(regexp = "^[A-Za-z0-9-]{1,100}$", message = "must be a header name") String,
                @NotNull(message = "must not be null") @MaxChars(2000)
                @Pattern(regexp = TextRules.HEADER_VALUE, message = "must not contain control characters but tab") String> headers,
        @Min(value = 100, message = "must be an HTTP status between 100 and 599")
        @Max(value = 599, message = "must be an HTTP status between 100 and 599") Integer expectedStatus,
        @Size(max = 2, message = "must hold at most [http, db]") List<Upstream> upstreams,
        @Size(max = 2000, message = "must be at most 2000 characters")
        @Pattern(regexp = TextRules.URL_PATH, message = "must be an absolute path: / and visible ASCII characters (percent-encode the others)")
        String readinessPath) {

    CustomRequest normalized() {
        return new CustomRequest(method == null ? "GET" : method, path, body,
                headers == null ? Map.of() : new TreeMap<>(headers),
                expectedStatus == null ? 200 : expectedStatus,
                upstreams == null ? List.of() : List.copyOf(new java.util.LinkedHashSet<>(upstreams)),
                readinessPath == null ? path : readinessPath);
    }
}
