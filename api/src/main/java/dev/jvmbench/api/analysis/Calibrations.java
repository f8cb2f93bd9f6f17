package dev.jvmbench.api.analysis;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.job.BaselineMode;
import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.store.NoiseProfileRow;
import dev.jvmbench.common.store.NoiseProfiles;
import dev.jvmbench.common.store.RunRow;
import dev.jvmbench.common.store.Runs;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The host's own noise (docs/statistics.md, "Calibration"): from A/A pairs of identical jobs and
 * one pair with a known injected effect, the false-alarm shares and the minimum detectable effect
 * per metric and level, stored as a noise profile that comparisons then read.
 */
@Service
class Calibrations {

    /*
     * Metric ids are strings here, not the Metric enum: a profile is stored data, read back by later
     * versions whose metric list may have grown or shrunk, and its contract does not change with that list.
     */
    private static final String METRIC_ID = "A metric id (GET /api/v1/catalog/metrics)";

    private final StoredResults stored;
    private final Comparisons comparisons;
    private final NoiseProfiles profiles;
    private final Runs runs;
    private final Clock clock;

    Calibrations(StoredResults stored, Comparisons comparisons, NoiseProfiles profiles, Runs runs, Clock clock) {
        this.stored = stored;
        this.comparisons = comparisons;
        this.profiles = profiles;
        this.runs = runs;
        this.clock = clock;
    }

    @Schema(name = "CalibrationJobPair")
    record JobPair(@NotNull(message = "is required") @Min(1) @Schema(minimum = "1") Long baselineJobId,
                   @NotNull(message = "is required") @Min(1) @Schema(minimum = "1") Long candidateJobId) {
    }

    @Schema(name = "CalibrationInjectedPair")
    record InjectedPair(@NotNull(message = "is required") @Min(1) @Schema(minimum = "1") Long baselineJobId,
                        @NotNull(message = "is required") @Min(1) @Schema(minimum = "1") Long candidateJobId,
                        @Schema(description = "The effect injected into the candidate, in percent (e.g. 5 for an upstream "
                                + "delay 5% longer)", minimum = "0.1", maximum = "100")
                        @NotNull(message = "is required") @DecimalMin("0.1") @DecimalMax("100") Double effectPercent) {
    }

    @Schema(name = "CalibrationRequest")
    record Request(@Schema(description = "Pairs of identical jobs (A/A), all SUCCEEDED and with the same repetitions")
                   @NotNull(message = "is required") @Size(min = 1, max = 50, message = "needs 1 to 50 pairs")
                   List<@Valid @NotNull JobPair> aaPairs,
                   @Schema(description = "A pair whose candidate ran with a known injected effect; optional")
                   @Valid InjectedPair injected,
                   @Schema(description = "How every pair is compared: stored (the default: the candidate's runs against "
                           + "the baseline job's own, taken at another time) or paired (against the baseline's cells the "
                           + "candidate measured again beside its own runs, docs/statistics.md \"Paired baselines\"; each "
                           + "candidate must have); the profile is kept for that mode")
                   BaselineMode mode) {
    }

    @Schema(name = "NoiseProfileEntry")
    record Entry(@Schema(description = METRIC_ID) String metric, int level,
                 @Schema(description = "A/A comparisons (cells of every pair) at this metric and level") int comparisons,
                 @Schema(description = "Share of A/A comparisons whose verdict was not 'no detectable change'")
                 double falseAlarmShare,
                 @Schema(description = "Share of A/A comparisons that came out improved or regressed (what a gate acts on)")
                 double gatedShare,
                 @Schema(description = "Minimum detectable effect in percent: the 95th percentile of the A/A ratio "
                         + "intervals' half-widths; null when no comparison had a ratio (baseline 0)")
                 Double detectablePercent) {
    }

    @Schema(name = "NoiseProfileInjectedRow")
    record InjectedRow(@Schema(description = METRIC_ID) String metric, int level, String cell, Double ratio, Double ratioLow, Double ratioHigh,
                       Verdict verdict, boolean detected) {
    }

    @Schema(name = "NoiseProfileInjected")
    record Injected(long baselineJobId, long candidateJobId, double effectPercent,
                    @Schema(description = "Share of the gate metrics' rows in which the injected effect was detected")
                    double detectedShare, List<InjectedRow> rows) {
    }

    @Schema(name = "NoiseProfile")
    record View(long id, Instant createdAt, int repetitions,
                @Schema(description = "The workers that ran the calibration's runs") List<String> workers,
                List<Long> jobIds, int aaPairs, @Schema(description = "The default gate's metric ids") List<String> gateMetrics,
                List<Entry> entries, Injected injected,
                @Schema(description = "The way of comparing this profile measured: stored or paired") BaselineMode mode) {

        static View of(NoiseProfileRow row, List<String> gateMetrics) {
            List<Entry> entries = row.entries().stream().map(e -> new Entry(e.metric(), e.level(), e.comparisons(),
                    e.falseAlarmShare(), e.gatedShare(), e.detectablePercent())).toList();
            Injected injected = null;
            if (row.injected() != null) {
                var inj = row.injected();
                List<InjectedRow> rows = inj.rows().stream().map(r -> new InjectedRow(r.metric(), r.level(), r.cell(),
                        r.ratio(), r.ratioLow(), r.ratioHigh(), verdictOf(r.verdict()), r.detected())).toList();
                double detected = rows.isEmpty() ? 0 : (double) rows.stream().filter(InjectedRow::detected).count() / rows.size();
                injected = new Injected(inj.baselineJobId(), inj.candidateJobId(), inj.effectPercent(), detected, rows);
            }
            return new View(row.id(), row.createdAt(), row.repetitions(), row.workers(), row.jobIds(), row.aaPairs(),
                    gateMetrics, entries, injected, row.mode());
        }
    }

    private static Verdict verdictOf(String wire) {
        for (Verdict v : Verdict.values()) {
            if (v.wire().equals(wire)) {
                return v;
            }
        }
        return Verdict.NO_DETECTABLE_CHANGE;
    }

    private static ApiException unpairable(String field, String message) {
        return new ApiException(org.springframework.http.HttpStatus.CONFLICT, "Conflict", field + ": " + message,
                List.of(new ApiException.FieldViolation(field, message)));
    }

    /** The default gate metrics: what a profile's figures are printed for. */
    static List<String> gateMetrics() {
        return dev.jvmbench.common.job.Gate.DEFAULT.metrics();
    }

    /**
     * 404 for a job that does not exist; 409 for one that has not SUCCEEDED (its runs are not all
     * there), a pair of a job with itself or jobs of different repetitions (a profile is per
     * repetition count): the jobs named cannot make the pairs, though each id alone is valid (the
     * schema cannot say that two ids differ, so it is not a 400 for a schema-valid body).
     */
    @Transactional
    View calibrate(Request request) {
        List<JobPair> pairs = request.aaPairs();
        for (int i = 0; i < pairs.size(); i++) {
            if (Objects.equals(pairs.get(i).baselineJobId(), pairs.get(i).candidateJobId())) {
                throw unpairable("aaPairs[" + i + "]", "compares job " + pairs.get(i).baselineJobId()
                        + " with itself: an A/A pair is two jobs with the same spec");
            }
        }
        InjectedPair injected = request.injected();
        if (injected != null && injected.baselineJobId().equals(injected.candidateJobId())) {
            throw unpairable("injected", "compares job " + injected.baselineJobId() + " with itself");
        }
        Set<Long> jobIds = new LinkedHashSet<>();
        pairs.forEach(p -> {
            jobIds.add(p.baselineJobId());
            jobIds.add(p.candidateJobId());
        });
        if (injected != null) {
            jobIds.add(injected.baselineJobId());
            jobIds.add(injected.candidateJobId());
        }
        Set<Integer> repetitions = new TreeSet<>();
        for (long id : jobIds) {
            var job = stored.job(id);
            if (job.status() != JobStatus.SUCCEEDED) {
                throw ApiException.conflict("job " + id + " is " + job.status() + ": a calibration uses SUCCEEDED jobs only");
            }
            repetitions.add(job.spec().repetitions());
        }
        if (repetitions.size() > 1) {
            throw unpairable("aaPairs", "the jobs ran with different repetitions " + repetitions
                    + ": a noise profile is for one repetition count");
        }
        BaselineMode mode = request.mode() == null ? BaselineMode.STORED : request.mode();
        List<Comparisons.Row> aaRows = new ArrayList<>();
        for (JobPair pair : pairs) {
            var view = comparisons.compare(Comparisons.Request.againstJob(pair.candidateJobId(), pair.baselineJobId(),
                    mode));
            view.comparisons().forEach(p -> aaRows.addAll(p.metrics()));
        }
        NoiseProfileRow.Injected injectedRow = null;
        if (injected != null) {
            var view = comparisons.compare(Comparisons.Request.againstJob(injected.candidateJobId(),
                    injected.baselineJobId(), mode));
            injectedRow = new NoiseProfileRow.Injected(injected.baselineJobId(), injected.candidateJobId(),
                    injected.effectPercent(), NoiseFigures.injectedRows(view.comparisons(), view.gateMetrics()));
        }
        List<String> workers = runs.ofJobs(jobIds).stream().map(RunRow::workerId).filter(Objects::nonNull)
                .distinct().sorted().toList();
        NoiseProfileRow row = new NoiseProfileRow(0, clock.instant().truncatedTo(ChronoUnit.MICROS),
                repetitions.iterator().next(), workers, List.copyOf(jobIds), pairs.size(), NoiseFigures.entries(aaRows),
                injectedRow, mode);
        long id = profiles.insert(row);
        return View.of(new NoiseProfileRow(id, row.createdAt(), row.repetitions(), row.workers(), row.jobIds(),
                row.aaPairs(), row.entries(), row.injected(), row.mode()), gateMetrics());
    }

    /** The newest profile, of the given repetitions (and mode) when given; 404 when there is none. */
    @Transactional(readOnly = true)
    View latest(Integer repetitions, BaselineMode mode) {
        if (mode != null) {
            int count = repetitions == null ? 3 : repetitions;
            return profiles.latest(count, mode).map(r -> View.of(r, gateMetrics())).orElseThrow(() -> new ApiException(
                    HttpStatus.NOT_FOUND, "Not Found", "no " + mode.wireName() + " noise profile for " + count
                    + " repetitions: run ./bench calibrate --repetitions " + count));
        }
        var row = repetitions == null ? profiles.latest() : profiles.latest(repetitions);
        return row.map(r -> View.of(r, gateMetrics())).orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND,
                "Not Found", repetitions == null ? "no noise profile yet: run ./bench calibrate on this host"
                : "no noise profile for " + repetitions + " repetitions: run ./bench calibrate --repetitions " + repetitions));
    }
}
