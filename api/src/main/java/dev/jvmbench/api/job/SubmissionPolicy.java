package dev.jvmbench.api.job;

import dev.jvmbench.api.config.BenchProperties;
import dev.jvmbench.api.problem.ApiException.FieldViolation;
import dev.jvmbench.common.job.JobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * The site's rules for untrusted submissions (bench.policy.*): which images may run, which JVM
 * options and environment variables a job may set. Patterns are globs: {@code *} any run of
 * characters, {@code ?} one character. Each rule is also a regular expression that the contract
 * states (JobSubmissionSchema) and this class checks, the same text on both sides.
 */
@Component
class SubmissionPolicy {

    /** The characters of an image reference (AppRef's pattern): what a glob's wildcards can stand for there. */
    static final String REFERENCE_CHARS = "[a-z0-9._/:@{}-]";
    private static final String REFERENCE_FIRST = "[a-z0-9]";
    /**
     * A JVM option is one token of visible ASCII: the worker joins the options with spaces into
     * JAVA_TOOL_OPTIONS, so a wildcard that matched a space would let "-Xmx1g -javaagent:x.jar" pass as
     * one allowed option and smuggle in another.
     */
    private static final String OPTION_CHARS = "[!-~]";
    /** Environment variable names (JobSpec's key pattern). */
    private static final String ENV_CHARS = "[A-Za-z0-9_]";

    private final List<Pattern> images;
    private final String imagePattern;
    private final String jvmOptionPattern;
    private final String reservedEnvPattern;
    private final Pattern imageRule;
    private final Pattern jvmOptionRule;
    private final Pattern reservedEnvRule;
    private final List<String> registries;
    private final BenchProperties.Policy policy;

    SubmissionPolicy(BenchProperties properties) {
        this.policy = properties.policy();
        this.images = policy.allowedImages().stream().map(SubmissionPolicy::glob).toList();
        this.registries = policy.registries().stream().map(r -> r.endsWith("/") ? r : r + "/").toList();
        List<String> imageAlternatives = new ArrayList<>();
        policy.allowedImages().forEach(g -> addIfPossible(imageAlternatives, startingGlob(g, false)));
        registries.forEach(r -> addIfPossible(imageAlternatives, startingGlob(r, true)));
        this.imagePattern = anyOf(imageAlternatives);
        this.jvmOptionPattern = anyOf(policy.jvmOptions().stream().map(g -> globRegex(g, OPTION_CHARS)).toList());
        this.reservedEnvPattern = anyOf(policy.reservedEnv().stream().map(g -> globRegex(g, ENV_CHARS)).toList());
        this.imageRule = Pattern.compile(imagePattern);
        this.jvmOptionRule = Pattern.compile(jvmOptionPattern);
        this.reservedEnvRule = Pattern.compile(reservedEnvPattern);
    }

    /** An image reference this site runs ({@code {jdk}} as written), as the contract's pattern. */
    String imagePattern() {
        return imagePattern;
    }

    /** One JVM option a job may set. */
    String jvmOptionPattern() {
        return jvmOptionPattern;
    }

    /** An environment variable name the platform keeps for itself. */
    String reservedEnvPattern() {
        return reservedEnvPattern;
    }

    void check(JobSpec spec, List<FieldViolation> errors) {
        if (spec.app() != null && spec.app().image() != null) {
            // the reference as written, as the contract states it; and, for a glob whose ? stands
            // where {jdk} is, each image actually pulled
            boolean allowed = imageRule.matcher(spec.app().image()).matches()
                    && spec.jdks().stream().allMatch(jdk -> imageAllowed(spec.app().imageFor(jdk)));
            if (!allowed) {
                errors.add(new FieldViolation("app.image", "'" + spec.app().image() + "' is not allowed here; allowed: images "
                        + "matching " + policy.allowedImages() + (registries.isEmpty() ? ""
                        : " or from the registries " + registries) + " (bench.policy.allowed-images, "
                        + "bench.policy.registries), or upload the JAR"));
            }
        }
        for (int i = 0; i < spec.jvmOptions().size(); i++) {
            String option = spec.jvmOptions().get(i);
            if (!jvmOptionRule.matcher(option).matches()) {
                errors.add(new FieldViolation("jvmOptions[" + i + "]", "'" + option + "' is not an allowed JVM option; "
                        + "allowed: " + policy.jvmOptions() + ", each one token of visible ASCII (bench.policy.jvm-options)"));
            }
        }
        for (Map.Entry<String, String> variable : spec.env().entrySet()) {
            if (reservedEnvRule.matcher(variable.getKey()).matches()) {
                errors.add(new FieldViolation("env." + variable.getKey(), "is reserved: the platform sets it, or it "
                        + "would bypass the JVM option checks; reserved: " + policy.reservedEnv()));
            }
        }
    }

    private boolean imageAllowed(String image) {
        return images.stream().anyMatch(p -> p.matcher(image).matches()) || registries.stream().anyMatch(image::startsWith);
    }

    static Pattern glob(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }

    private static void addIfPossible(List<String> alternatives, String regex) {
        if (regex != null) {
            alternatives.add(regex);
        }
    }

    /** ^(?:a|b)$; with no alternative, a pattern only the empty string matches (the schemas say minLength 1). */
    private static String anyOf(List<String> alternatives) {
        List<String> possible = alternatives.stream().filter(Objects::nonNull).toList();
        return possible.isEmpty() ? "^$" : "^(?:" + String.join("|", possible) + ")$";
    }

    /**
     * A glob (or, with {@code prefix}, a literal prefix followed by anything) as a regular
     * expression over image references, which start with [a-z0-9]; null when no reference can match.
     */
    private static String startingGlob(String glob, boolean prefix) {
        if (glob.isEmpty()) {
            return prefix ? REFERENCE_FIRST + REFERENCE_CHARS + "*" : null;
        }
        char c = glob.charAt(0);
        String rest = prefix ? literal(glob.substring(1), REFERENCE_CHARS) : globRegex(glob.substring(1), REFERENCE_CHARS);
        String tail = prefix ? REFERENCE_CHARS + "*" : "";
        if (rest == null) {
            return null;
        }
        if (!prefix && c == '?') {
            return REFERENCE_FIRST + rest;
        }
        if (!prefix && c == '*') {
            String nonEmpty = REFERENCE_FIRST + REFERENCE_CHARS + "*" + rest;
            String empty = startingGlob(glob.substring(1), false);
            return empty == null ? nonEmpty : "(?:" + nonEmpty + "|" + empty + ")";
        }
        return Character.toString(c).matches(REFERENCE_FIRST) ? escape(c) + rest + tail : null;
    }

    /** A glob as a regular expression over strings of {@code chars}; null when a literal is outside them. */
    private static String globRegex(String glob, String chars) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(chars).append('*');
                case '?' -> regex.append(chars);
                default -> {
                    if (!Character.toString(c).matches(chars)) {
                        return null;
                    }
                    regex.append(escape(c));
                }
            }
        }
        return regex.toString();
    }

    private static String literal(String text, String chars) {
        StringBuilder regex = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (!Character.toString(c).matches(chars)) {
                return null;
            }
            regex.append(escape(c));
        }
        return regex.toString();
    }

    /** Escapes what is special in a regular expression, the same way for Java and ECMA-262 (u mode). */
    private static String escape(char c) {
        return "^$\\.*+?()[]{}|".indexOf(c) >= 0 ? "\\" + c : Character.toString(c);
    }
}
