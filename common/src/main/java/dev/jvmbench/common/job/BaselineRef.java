package dev.jvmbench.common.job;

import dev.jvmbench.common.text.MaxChars;
import dev.jvmbench.common.text.TextRules;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a job is compared with for its verdict: a job id, or the latest successful job carrying
 * these labels (e.g. branch=main) with the same app and scenario. Exactly one is given; the api
 * resolves it to a job id when the job is submitted. {@code mode} says how ({@link BaselineMode}):
 * left out, the api chooses paired when the baseline can be run again (the stock apps, an uploaded
 * JAR it still stores) and stored otherwise, and stores the choice in the job's spec.
 */
public record BaselineRef(
        @Min(value = 1, message = "must be a job id") Long jobId,
        @Size(min = 1, max = 10, message = "must hold 1 to 10 labels")
        Map<@Pattern(regexp = "^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$", message = "must be 1-100 characters of [A-Za-z0-9._/-]") String,
                @NotNull(message = "must not be null") @MaxChars(500)
                @Pattern(regexp = TextRules.NO_NUL, message = "must not contain NUL (U+0000)") String> labels,
        BaselineMode mode) {

    public BaselineRef(Long jobId, Map<String, String> labels) {
        this(jobId, labels, null);
    }

    BaselineRef normalized() {
        return new BaselineRef(jobId, labels == null ? null : new TreeMap<>(labels), mode);
    }

    /** The same reference with the mode the api chose for it. */
    public BaselineRef withMode(BaselineMode chosen) {
        return new BaselineRef(jobId, labels, chosen);
    }

    /** Whether the baseline is measured again beside the job (the mode chosen at submission). */
    public boolean paired() {
        return mode == BaselineMode.PAIRED;
    }

    public boolean bySelector() {
        return labels != null && !labels.isEmpty();
    }
}
