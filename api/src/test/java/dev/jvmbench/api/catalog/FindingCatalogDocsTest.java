package dev.jvmbench.api.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jvmbench.common.finding.FindingCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/findings.md is where a user reads what a finding means: its catalogue table must list
 * every code GET /api/v1/catalog/findings serves, with the same severity, and nothing else.
 */
class FindingCatalogDocsTest {

    /** A row of the catalogue table: | `code` | severity | when | evidence |. */
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9-]+)` \\| (critical|warning|info) \\|", Pattern.MULTILINE);

    @Test
    void docsListEveryCodeWithItsSeverity() throws IOException {
        String docs = Files.readString(Path.of("..", "docs", "findings.md"));
        Map<String, String> documented = new LinkedHashMap<>();
        Matcher row = ROW.matcher(docs);
        while (row.find()) {
            assertThat(documented.put(row.group(1), row.group(2))).as("%s documented once", row.group(1)).isNull();
        }
        Map<String, String> served = new LinkedHashMap<>();
        Arrays.stream(FindingCode.values()).forEach(c -> served.put(c.code(), c.severity().wireName()));
        assertThat(documented).as("docs/findings.md's catalogue against FindingCode").isEqualTo(served);
    }
}
