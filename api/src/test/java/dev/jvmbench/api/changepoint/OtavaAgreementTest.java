package dev.jvmbench.api.changepoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The platform's change points against Apache Otava's, the reference implementation, on the same
 * synthetic series ({@link SyntheticSeries}) at the same significance level, window and magnitude.
 *
 * <p>Otava {@value #OTAVA_VERSION} comes from PyPI into a venv under the tools cache
 * ({@code $JVMBENCH_TOOLS_DIR}, default {@code ~/.cache/jvmbench/tools}, as api/fuzz/schemathesis.sh),
 * {@code otava-<version>}, installed once; a warm machine reuses it. When it cannot be installed the
 * test fails and says why: it never passes without having compared.
 *
 * <p>Agreement is checked twice. In {@link EDivisive.Options#otavaMerge} mode the Java implementation
 * re-tests after a removal exactly as Otava 0.8.0 does, and every series must give Otava's indexes and
 * (to 1e-6 relative) its p-values. In the platform's mode (both neighbours re-tested) any difference
 * must be that one: printed with its reason, and the Otava-mode result equal to Otava's.
 */
@Tag("otava")
class OtavaAgreementTest {

    static final String OTAVA_VERSION = "0.8.0";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String MERGE_REASON = "Otava 0.8.0's merge re-tests the right neighbour of a removed change "
            + "point and the one after it, not the left one whose right side grew; the platform re-tests both "
            + "(docs/statistics.md, \"Change points\")";

    /** What both must find at Otava's defaults: the steps at their job, nothing on outliers or noise. */
    private static final Map<String, List<Integer>> EXPECTED_AT_DEFAULTS = Map.ofEntries(
            Map.entry("step +5% at 20", List.of(20)), Map.entry("step +10% at 20", List.of(20)),
            Map.entry("step -5% at 20", List.of(20)), Map.entry("step -10% at 8", List.of(8)),
            Map.entry("steps +10% at 15, -5% at 30", List.of(15, 30)),
            Map.entry("long: +5% at 40, +10% at 85", List.of(40, 85)),
            Map.entry("outliers +30% at 12, -25% at 27", List.of()),
            Map.entry("step +10% at 25, outlier +30% at 10", List.of(25)),
            Map.entry("noise #1", List.of()), Map.entry("noise #2", List.of()), Map.entry("noise #3", List.of()),
            Map.entry("noise #4", List.of()), Map.entry("noise #5", List.of()), Map.entry("noise #6", List.of()),
            Map.entry("noise, 120 jobs", List.of()));

    @Test
    void changePointsAgreeWithOtavaOnSyntheticSeries() throws Exception {
        Path python = otavaPython();
        Map<String, double[]> series = SyntheticSeries.all();
        List<EDivisive.Options> settings = List.of(EDivisive.Options.defaults(), new EDivisive.Options(20, 0.01, 0.0),
                new EDivisive.Options(50, 0.001, 0.04));
        int agreed = 0;
        int compared = 0;
        List<String> report = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (EDivisive.Options options : settings) {
            JsonNode otava = runOtava(python, series, options);
            assertThat(otava.get("otava").asString()).as("installed Otava version").isEqualTo(OTAVA_VERSION);
            report.add(String.format("window %d, max p-value %s, min magnitude %s:", options.window(),
                    options.maxPValue(), options.minMagnitude()));
            for (var entry : series.entrySet()) {
                compared++;
                List<Integer> reference = new ArrayList<>();
                List<Double> referenceP = new ArrayList<>();
                for (JsonNode cp : otava.at("/changes").get(entry.getKey())) {
                    reference.add(cp.get("index").asInt());
                    referenceP.add(cp.get("pvalue").asDouble());
                }
                var asOtava = EDivisive.detect(entry.getValue(), options.withOtavaMerge());
                var platform = EDivisive.detect(entry.getValue(), options);
                List<Integer> asOtavaIndexes = asOtava.stream().map(EDivisive.ChangePoint::index).toList();
                List<Integer> platformIndexes = platform.stream().map(EDivisive.ChangePoint::index).toList();
                report.add(String.format("  %-38s otava %-12s platform %-12s%s", entry.getKey(), reference,
                        platformIndexes, platformIndexes.equals(reference) ? "" : "  differs: " + MERGE_REASON));
                if (!asOtavaIndexes.equals(reference)) {
                    problems.add(entry.getKey() + " (window " + options.window() + "): Otava " + reference
                            + ", Java in Otava's merge mode " + asOtavaIndexes);
                    continue;
                }
                for (int i = 0; i < reference.size(); i++) {
                    double expected = referenceP.get(i);
                    double actual = asOtava.get(i).pValue();
                    if (Math.abs(actual - expected) > 1e-6 * Math.max(expected, 1e-300) && Math.abs(actual - expected) > 1e-300) {
                        problems.add(entry.getKey() + ": p-value at " + reference.get(i) + " is " + actual
                                + ", Otava's " + expected);
                    }
                }
                if (platformIndexes.equals(reference)) {
                    agreed++;
                } else if (options.equals(EDivisive.Options.defaults())) {
                    problems.add(entry.getKey() + ": at Otava's defaults the platform finds " + platformIndexes
                            + ", Otava " + reference);
                }
                if (options.equals(EDivisive.Options.defaults())) {
                    List<Integer> expected = EXPECTED_AT_DEFAULTS.get(entry.getKey());
                    if (expected != null && !(expected.equals(reference) && expected.equals(platformIndexes))) {
                        problems.add(entry.getKey() + ": expected " + expected + " from both, Otava found " + reference
                                + ", the platform " + platformIndexes);
                    }
                }
            }
        }
        report.add(String.format("platform agrees with Otava %s on %d of %d series; in Otava's merge mode on all",
                OTAVA_VERSION, agreed, compared));
        System.out.println(String.join("\n", report));
        assertThat(problems).as("series where the Java implementation does not do what Otava does").isEmpty();
    }

    /** What Otava finds in each series, through its own analysis path (otava_changes.py). */
    private static JsonNode runOtava(Path python, Map<String, double[]> series, EDivisive.Options options)
            throws IOException, InterruptedException {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("window", options.window());
        request.put("maxPValue", options.maxPValue());
        request.put("minMagnitude", options.minMagnitude());
        request.put("series", series);
        Path script;
        try {
            script = Path.of(OtavaAgreementTest.class.getResource("/otava/otava_changes.py").toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path errors = Files.createTempFile("otava", ".err");
        try {
            Process process = new ProcessBuilder(python.toString(), script.toString())
                    .redirectError(errors.toFile()).start();
            try (var in = process.getOutputStream()) {
                in.write(JSON.writeValueAsBytes(request));
            }
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                fail("Otava's analysis failed:\n" + Files.readString(errors));
            }
            return JSON.readTree(out);
        } finally {
            Files.deleteIfExists(errors);
        }
    }

    /** The venv's python with apache-otava installed: from the cache, or installed there now. */
    static Path otavaPython() throws IOException, InterruptedException {
        String configured = System.getenv("JVMBENCH_TOOLS_DIR");
        Path tools;
        if (configured != null && !configured.isBlank()) {
            tools = Path.of(configured);
        } else {
            String xdg = System.getenv("XDG_CACHE_HOME");
            tools = (xdg == null || xdg.isBlank() ? Path.of(System.getProperty("user.home"), ".cache") : Path.of(xdg))
                    .resolve("jvmbench/tools");
        }
        Path venv = tools.resolve("otava-" + OTAVA_VERSION);
        Path python = venv.resolve("bin/python");
        Path installed = venv.resolve(".installed");
        if (!Files.exists(installed)) {
            deleteRecursively(venv);
            Files.createDirectories(tools);
            run("python3 -m venv (install python3-venv)", List.of("python3", "-m", "venv", venv.toString()));
            run("pip install apache-otava==" + OTAVA_VERSION + " from PyPI",
                    List.of(python.toString(), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                            "apache-otava==" + OTAVA_VERSION));
            Files.writeString(installed, OTAVA_VERSION + "\n");   // written last: an interrupted install is redone
        }
        return python;
    }

    private static void run(String what, List<String> command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            fail("Cannot check against Apache Otava: " + what + " could not start: " + e.getMessage());
            return;
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(15, TimeUnit.MINUTES) || process.exitValue() != 0) {
            fail("Cannot check against Apache Otava: " + what + " failed (exit "
                    + (process.isAlive() ? "timeout" : process.exitValue()) + "); the test needs PyPI or a warm "
                    + "tools cache:\n" + output);
        }
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (var walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
