package dev.jvmbench.api.job;

import dev.jvmbench.api.config.BenchProperties;
import dev.jvmbench.api.problem.ApiException.FieldViolation;
import dev.jvmbench.common.job.JobSpec;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * The site's rules for untrusted submissions (bench.policy.*): which images may run, which JVM
 * options and environment variables a job may set. Patterns are globs: {@code *} any run of
 * characters, {@code ?} one character.
 */
@Component
class SubmissionPolicy {

    private final List<Pattern> images;
    private final List<String> registries;
    private final List<Pattern> jvmOptions;
    private final List<Pattern> reservedEnv;
    private final BenchProperties.Policy policy;

    SubmissionPolicy(BenchProperties properties) {
        this.policy = properties.policy();
        this.images = policy.allowedImages().stream().map(SubmissionPolicy::glob).toList();
        this.registries = policy.registries().stream().map(r -> r.endsWith("/") ? r : r + "/").toList();
        this.jvmOptions = policy.jvmOptions().stream().map(SubmissionPolicy::glob).toList();
        this.reservedEnv = policy.reservedEnv().stream().map(SubmissionPolicy::glob).toList();
    }

    void check(JobSpec spec, List<FieldViolation> errors) {
        if (spec.app() != null && spec.app().image() != null) {
            for (int jdk : spec.jdks()) {
                String image = spec.app().image().replace("{jdk}", Integer.toString(jdk));
                if (!imageAllowed(image)) {
                    errors.add(new FieldViolation("app.image", "'" + image + "' is not allowed here; allowed: images "
                            + "matching " + policy.allowedImages() + (registries.isEmpty() ? ""
                            : " or from the registries " + registries) + " (bench.policy.allowed-images, "
                            + "bench.policy.registries), or upload the JAR"));
                    break;
                }
            }
        }
        for (int i = 0; i < spec.jvmOptions().size(); i++) {
            String option = spec.jvmOptions().get(i).strip();
            if (jvmOptions.stream().noneMatch(p -> p.matcher(option).matches())) {
                errors.add(new FieldViolation("jvmOptions[" + i + "]", "'" + option + "' is not an allowed JVM option; "
                        + "allowed: " + policy.jvmOptions() + " (bench.policy.jvm-options)"));
            }
        }
        for (Map.Entry<String, String> variable : spec.env().entrySet()) {
            if (reservedEnv.stream().anyMatch(p -> p.matcher(variable.getKey()).matches())) {
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
}
