package dev.jvmbench.api.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * docs/grafana/jvmbench-platform.json queries only metrics that docs/metrics.md documents under
 * "Platform metrics" (the api's and the worker's tests check that every documented metric is
 * exported), and shows every documented metric somewhere.
 */
class GrafanaDashboardTest {

    private static final Path DASHBOARD = Path.of("..", "docs", "grafana", "jvmbench-platform.json");
    private static final Pattern METRIC = Pattern.compile("\\bjvmbench_[a-z_]+");

    @Test
    void everyQueriedMetricIsDocumentedAndEveryDocumentedOneIsShown() throws Exception {
        JsonNode dashboard = JsonMapper.builder().build().readTree(Files.readString(DASHBOARD));
        assertThat(dashboard.get("uid").asString()).isEqualTo("jvmbench-platform");
        List<String> exprs = new ArrayList<>();
        collectExprs(dashboard, exprs);
        assertThat(exprs).hasSizeGreaterThanOrEqualTo(10);

        Map<String, String> documented = documentedMetrics();
        Set<String> queried = new TreeSet<>();
        for (String expr : exprs) {
            Matcher m = METRIC.matcher(expr);
            assertThat(m.find()).as("expr queries a platform metric: %s", expr).isTrue();
            do {
                String name = m.group();
                String base = name.replaceAll("_(count|sum|max)$", "");
                boolean known = documented.containsKey(name)
                        || (!base.equals(name) && "timer".equals(documented.get(base)));
                assertThat(known).as("%s in %s is documented in docs/metrics.md (a timer's _count/_sum/_max under its name)",
                        name, expr).isTrue();
                queried.add(documented.containsKey(name) ? name : base);
            } while (m.find());
            assertThat(expr).as("balanced parentheses: %s", expr)
                    .matches(e -> e.chars().filter(c -> c == '(').count() == e.chars().filter(c -> c == ')').count());
        }
        System.out.println("dashboard queries " + queried.size() + " of " + documented.size() + " documented metrics: " + queried);
        assertThat(queried).containsExactlyInAnyOrderElementsOf(documented.keySet());
    }

    private static void collectExprs(JsonNode node, List<String> exprs) {
        if (node.isObject()) {
            for (var entry : node.properties()) {
                if (entry.getKey().equals("expr")) {
                    exprs.add(entry.getValue().asString());
                } else {
                    collectExprs(entry.getValue(), exprs);
                }
            }
        } else if (node.isArray()) {
            node.forEach(child -> collectExprs(child, exprs));
        }
    }

    /** Name to type of the rows of the "Platform metrics" table. */
    private static Map<String, String> documentedMetrics() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "metrics.md"));
        String section = doc.substring(doc.indexOf("# Platform metrics"));
        Matcher row = Pattern.compile("^\\| `(jvmbench_[a-z_]+)` \\| \\w+ \\| (\\w+) \\|", Pattern.MULTILINE).matcher(section);
        Map<String, String> types = new TreeMap<>();
        while (row.find()) {
            types.put(row.group(1), row.group(2));
        }
        assertThat(types).hasSizeGreaterThanOrEqualTo(10);
        return types;
    }
}
