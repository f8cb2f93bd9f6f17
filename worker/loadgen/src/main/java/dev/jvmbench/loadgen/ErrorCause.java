package dev.jvmbench.loadgen;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Maps Gatling's free-text error messages onto the few causes the platform reports. */
final class ErrorCause {

    // Gatling 3.15: "status.find.is(200), found 503" (older: "..., but actually found 503")
    private static final Pattern STATUS = Pattern.compile("status\\.find\\.\\w+\\(.*?\\),(?: but actually)? found (\\d{3})");

    private ErrorCause() {
    }

    static String of(String message) {
        if (message == null) {
            return "other";
        }
        Matcher status = STATUS.matcher(message);
        if (status.find()) {
            return "status-" + status.group(1);
        }
        String m = message.toLowerCase(Locale.ROOT);
        if (m.contains("connection refused")) {
            return "connection-refused";
        }
        // before the generic timeout: a connect timeout means the server never accepted
        if (m.contains("connect timed out") || m.contains("connecttimeout") || m.contains("connection timed out")) {
            return "connect-timeout";
        }
        if (m.contains("request timeout") || m.contains("timeout") || m.contains("timed out")) {
            return "timeout";
        }
        if (m.contains("connection reset")) {
            return "connection-reset";
        }
        if (m.contains("premature close") || m.contains("remotely closed") || m.contains("closed")) {
            return "connection-closed";
        }
        return "other";
    }
}
