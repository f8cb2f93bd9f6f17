package dev.jvmbench.common.job;

import dev.jvmbench.common.text.MaxChars;
import dev.jvmbench.common.text.TextRules;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a client submits: the app, the matrix (JDKs x thread models x repetitions), the scenario,
 * the load profile and the limits. Stored normalised (defaults filled in) as the job's spec, and
 * read back by the worker to execute each run. The SLO, baseline and gate only shape how results
 * are judged (capacity, verdict), never how a run executes. {@code recording} says whether the app
 * runs with the platform's JFR recording (null in a spec stored before it existed: it did).
 */
public record JobSpec(
        @Valid AppRef app,
        @NotEmpty(message = "must name at least one of [platform, virtual, webflux]")
        @Size(max = 3, message = "must hold at most 3 thread models")
        List<@NotNull(message = "must be one of [platform, virtual, webflux]") ThreadModel> threadModels,
        @NotEmpty(message = "must name at least one JDK feature version from GET /api/v1/catalog/jdks")
        @Size(max = 10, message = "must hold at most 10 JDKs")
        List<@NotNull(message = "must be a JDK feature version") @Min(value = 8, message = "must be a JDK feature version between 8 and 99") @Max(value = 99, message = "must be a JDK feature version between 8 and 99") Integer> jdks,
        @NotNull(message = "is required") @Valid ScenarioSpec scenario,
        @NotNull(message = "is required") @Valid LoadProfile load,
        @Valid Limits limits,
        @Min(value = 1, message = "must be between 1 and 20") @Max(value = 20, message = "must be between 1 and 20")
        Integer repetitions,
        @Valid PlatformThreads platform,
        @Size(max = 50, message = "must hold at most 50 options")
        List<@NotBlank(message = "must not be blank") @Size(max = 500, message = "must be at most 500 characters") String> jvmOptions,
        @Size(max = 50, message = "must hold at most 50 variables")
        Map<@Pattern(regexp = "^[A-Za-z_][A-Za-z0-9_]{0,127}$", message = "must be an environment variable name ([A-Za-z_][A-Za-z0-9_]*)") String,
                @NotNull(message = "must not be null") @MaxChars(4000)
                @Pattern(regexp = TextRules.NO_NUL, message = "must not contain NUL (U+0000)") String> env,
        @Size(max = 50, message = "must hold at most 50 labels")
        Map<@Pattern(regexp = "^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$", message = "must be 1-100 characters of [A-Za-z0-9._/-]") String,
                @NotNull(message = "must not be null") @MaxChars(500)
                @Pattern(regexp = TextRules.NO_NUL, message = "must not contain NUL (U+0000)") String> labels,
        @Valid Slo slo,
        @Valid BaselineRef baseline,
        @Valid Gate gate,
        RecordingMode recording) {

    public static final int DEFAULT_REPETITIONS = 3;

    /** The same spec with defaults filled in and lists de-duplicated, so equal intent gives equal specs. */
    public JobSpec normalized() {
        List<Integer> sortedJdks = jdks == null ? List.of()
                : new ArrayList<>(new java.util.TreeSet<>(jdks));
        List<ThreadModel> models = threadModels == null ? List.of()
                : List.copyOf(new LinkedHashSet<>(threadModels));
        return new JobSpec(
                app,
                models,
                List.copyOf(sortedJdks),
                scenario == null ? null : scenario.normalized(),
                load == null ? null : load.normalized(app != null && app.artifactId() != null ? WarmupPolicy.ADAPTIVE : WarmupPolicy.FIXED),
                limits == null ? Limits.DEFAULT : limits.normalized(),
                repetitions == null ? DEFAULT_REPETITIONS : repetitions,
                platform == null ? PlatformThreads.DEFAULT : platform.normalized(),
                jvmOptions == null ? List.of() : List.copyOf(jvmOptions),
                env == null ? Map.of() : new TreeMap<>(env),
                labels == null ? Map.of() : new TreeMap<>(labels),
                slo,
                baseline == null ? null : baseline.normalized(),
                gate == null ? Gate.DEFAULT : gate.normalized(),
                recording == null ? RecordingMode.JFR : recording);
    }

    /** Number of runs the matrix expands to. */
    public int runCount() {
        return jdks.size() * threadModels.size() * repetitions;
    }

    /** The same spec with another baseline reference (the api's resolved mode). */
    public JobSpec withBaseline(BaselineRef resolved) {
        return new JobSpec(app, threadModels, jdks, scenario, load, limits, repetitions, platform, jvmOptions, env,
                labels, slo, resolved, gate, recording);
    }

    /** Whether the app's JVM runs with the platform's JFR recording (specs stored before the choice existed did). */
    public boolean records() {
        return recording != RecordingMode.OFF;
    }

    /** What the stock target apps are called, as an app name and as a build reference. */
    public static final String STOCK_APP = "stock";

    /**
     * The build the job runs: the image reference as given, {@code artifact:<id>} for an uploaded
     * JAR (the same bytes are always the same artifact), or {@code stock}.
     */
    public String appReference() {
        if (usesStockApps()) {
            return STOCK_APP;
        }
        return app.image() != null ? app.image() : "artifact:" + app.artifactId();
    }

    /**
     * The app across its builds: {@code app.name}, else the build's reference (what jobs without a
     * name, and every job stored before names existed, are known by).
     */
    public String appName() {
        if (!usesStockApps() && app.name() != null) {
            return app.name();
        }
        return appReference();
    }

    /** The stock target apps are used when the job names no app. */
    public boolean usesStockApps() {
        return app == null;
    }
}
