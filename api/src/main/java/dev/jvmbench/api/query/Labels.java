package dev.jvmbench.api.query;

import dev.jvmbench.api.problem.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code label=key=value} filters of a query, as given (shared by the job list and history). */
public final class Labels {

    private Labels() {
    }

    /**
     * Read from the raw query, not through {@code @RequestParam List<String>}: Spring splits a single
     * value at its commas, so {@code label=note=a,b} would become two malformed labels.
     */
    public static Map<String, String> fromQuery(HttpServletRequest request) {
        Map<String, String> labels = new LinkedHashMap<>();
        String[] values = request.getParameterValues("label");
        if (values != null) {
            for (String value : values) {
                int eq = value.indexOf('=');
                if (eq <= 0) {
                    throw ApiException.invalid("label", "'" + value + "' must be key=value, e.g. branch=main");
                }
                labels.put(value.substring(0, eq), value.substring(eq + 1));
            }
        }
        return labels;
    }
}
