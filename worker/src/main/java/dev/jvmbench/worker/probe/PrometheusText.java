package dev.jvmbench.worker.probe;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads the few gauges of {@link ThreadGauge} out of a Prometheus text exposition (format 0.0.4;
 * OpenMetrics reads the same for gauges). Where several series match, the first wins: an app
 * exposes these once, tagged only with its own common tags.
 *
 * <p>Ours because no maintained parser of the format is on Maven Central: the Prometheus Java
 * client (io.prometheus:prometheus-metrics-exposition-textformats) only writes it, micrometer
 * only writes it, and the one Java parser published there (org.hawkular.agent's, later
 * org.github.jmazzitelli:prometheus-scraper) has had no release for years and brings an old
 * protobuf. A few gauges by name and one label need a line reader, not a grammar.
 */
final class PrometheusText {

    private PrometheusText() {
    }

    static Map<ThreadGauge, Double> threadGauges(String body) {
        Map<ThreadGauge, Double> values = new EnumMap<>(ThreadGauge.class);
        for (String line : body.lines().toList()) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Series series = Series.parse(line);
            if (series == null) {
                continue;
            }
            for (ThreadGauge gauge : ThreadGauge.values()) {
                if (gauge.metricName.equals(series.name())
                        && (gauge.schedulingStatus == null
                            || gauge.schedulingStatus.equals(series.labels().get(ThreadGauge.SCHEDULING_STATUS_LABEL)))) {
                    values.putIfAbsent(gauge, series.value());
                }
            }
        }
        return values;
    }

    /** One sample line: {@code name{label="value",...} value [timestamp]}; null when malformed. */
    record Series(String name, Map<String, String> labels, double value) {

        static Series parse(String line) {
            int brace = line.indexOf('{');
            int space = line.indexOf(' ');
            Map<String, String> labels = new HashMap<>();
            String name;
            int rest;
            if (brace >= 0 && (space < 0 || brace < space)) {
                name = line.substring(0, brace);
                rest = parseLabels(line, brace + 1, labels);
                if (rest < 0) {
                    return null;
                }
            } else if (space > 0) {
                name = line.substring(0, space);
                rest = space;
            } else {
                return null;
            }
            String[] tail = line.substring(rest).strip().split("\\s+");
            if (tail.length == 0 || tail[0].isEmpty()) {
                return null;
            }
            try {
                return new Series(name, labels, parseValue(tail[0]));
            } catch (NumberFormatException e) {
                return null;
            }
        }

        /** Returns the index after the closing brace, or -1. Label values may hold escaped quotes. */
        private static int parseLabels(String line, int from, Map<String, String> labels) {
            int i = from;
            while (i < line.length()) {
                char c = line.charAt(i);
                if (c == '}') {
                    return i + 1;
                }
                if (c == ',' || c == ' ') {
                    i++;
                    continue;
                }
                int equals = line.indexOf('=', i);
                if (equals < 0 || equals + 1 >= line.length() || line.charAt(equals + 1) != '"') {
                    return -1;
                }
                String key = line.substring(i, equals).strip();
                StringBuilder value = new StringBuilder();
                int j = equals + 2;
                for (; j < line.length() && line.charAt(j) != '"'; j++) {
                    char v = line.charAt(j);
                    if (v == '\\' && j + 1 < line.length()) {
                        char escaped = line.charAt(++j);
                        value.append(escaped == 'n' ? '\n' : escaped);
                    } else {
                        value.append(v);
                    }
                }
                if (j >= line.length()) {
                    return -1;
                }
                labels.put(key, value.toString());
                i = j + 1;
            }
            return -1;
        }

        private static double parseValue(String text) {
            return switch (text) {
                case "+Inf" -> Double.POSITIVE_INFINITY;
                case "-Inf" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(text);
            };
        }
    }
}
