package dev.jvmbench.api.analysis;

import dev.jvmbench.common.job.JobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What must be equal for two jobs' numbers to share a series or be compared without a warning:
 * the scenario and its parameters, the load shape (model, step, warm-up, timeout; levels are
 * matched one by one), the container limits, the platform-thread pool, JVM options and env.
 */
final class Comparability {

    private Comparability() {
    }

    /** Human-readable differences of {@code other} from {@code reference}; empty when comparable. */
    static List<String> differences(JobSpec reference, JobSpec other, String referenceName) {
        List<String> differences = new ArrayList<>();
        if (!Objects.equals(reference.scenario(), other.scenario())) {
            differences.add("scenario differs (" + describe(other.scenario()) + " vs " + referenceName + " "
                    + describe(reference.scenario()) + ")");
        }
        var a = reference.load();
        var b = other.load();
        if (a.model() != b.model() || !Objects.equals(a.stepSeconds(), b.stepSeconds())
                || !Objects.equals(a.warmupSeconds(), b.warmupSeconds())
                || !Objects.equals(a.requestTimeoutMs(), b.requestTimeoutMs())) {
            differences.add("load differs (" + load(b) + " vs " + referenceName + " " + load(a) + ")");
        }
        if (!Objects.equals(reference.limits(), other.limits())) {
            differences.add("limits differ (cpus " + other.limits().cpus() + ", memoryMb " + other.limits().memoryMb()
                    + " vs " + referenceName + " cpus " + reference.limits().cpus() + ", memoryMb "
                    + reference.limits().memoryMb() + ")");
        }
        if (!Objects.equals(reference.platform(), other.platform())) {
            differences.add("platform thread settings differ (" + other.platform() + " vs " + referenceName + " "
                    + reference.platform() + ")");
        }
        if (!Objects.equals(reference.jvmOptions(), other.jvmOptions())) {
            differences.add("JVM options differ (" + other.jvmOptions() + " vs " + referenceName + " "
                    + reference.jvmOptions() + ")");
        }
        if (!Objects.equals(reference.env(), other.env())) {
            differences.add("environment differs");
        }
        if (reference.records() != other.records()) {
            differences.add("JFR recording differs (" + recording(other) + " vs " + referenceName + " " + recording(reference)
                    + "): the difference includes the recording's cost");
        }
        return differences;
    }

    private static String recording(JobSpec spec) {
        return spec.records() ? "recorded" : "not recorded";
    }

    private static String describe(dev.jvmbench.common.job.ScenarioSpec scenario) {
        return scenario.name() + (scenario.params().isEmpty() ? "" : " " + scenario.params())
                + (scenario.hasCustomRequest() ? " " + scenario.request().method() + " " + scenario.request().path() : "");
    }

    private static String load(dev.jvmbench.common.job.LoadProfile load) {
        return load.model().wireName() + ", step " + load.stepSeconds() + " s, warm-up " + load.warmupSeconds()
                + " s, timeout " + load.requestTimeoutMs() + " ms";
    }
}
