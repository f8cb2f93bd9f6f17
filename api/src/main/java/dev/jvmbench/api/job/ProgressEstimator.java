package dev.jvmbench.api.job;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.RunStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Runs done / total, the current run, and the time left. The time left uses the measured mean
 * duration of this job's finished runs when there is one, else the plan: start-up overhead plus
 * (warm-up + step) per level.
 */
@Component
class ProgressEstimator {

    static final Duration RUN_OVERHEAD = Duration.ofSeconds(40);
    private final Clock clock;

    ProgressEstimator(Clock clock) {
        this.clock = clock;
    }

    JobView.Progress progress(JobSpec spec, int runsTotal, List<RunEntity> runs) {
        int succeeded = count(runs, RunStatus.SUCCEEDED);
        int failed = count(runs, RunStatus.FAILED);
        int cancelled = count(runs, RunStatus.CANCELLED);
        int queued = count(runs, RunStatus.QUEUED);
        RunEntity running = runs.stream().filter(r -> r.status() == RunStatus.RUNNING).findFirst().orElse(null);
        JobView.CurrentRun current = running == null ? null : new JobView.CurrentRun(running.id(), running.jdk(),
                running.threadModel(), running.repetition(), running.currentStep(), running.currentLevel());
        return new JobView.Progress(runsTotal, succeeded + failed + cancelled, succeeded, failed, cancelled, queued,
                current, estimateSecondsLeft(spec, runs, queued, running));
    }

    private Long estimateSecondsLeft(JobSpec spec, List<RunEntity> runs, int queued, RunEntity running) {
        if (queued == 0 && running == null) {
            return 0L;
        }
        Duration perRun = measuredMean(runs);
        if (perRun == null) {
            perRun = planned(spec);
        }
        Duration left = perRun.multipliedBy(queued);
        if (running != null && running.startedAt() != null) {
            Duration elapsed = Duration.between(running.startedAt(), clock.instant());
            left = left.plus(perRun.minus(elapsed).isNegative() ? Duration.ZERO : perRun.minus(elapsed));
        } else if (running != null) {
            left = left.plus(perRun);
        }
        return left.toSeconds();
    }

    static Duration planned(JobSpec spec) {
        if (spec.load() == null) {
            return RUN_OVERHEAD;
        }
        long perLevel = spec.load().warmupSeconds() + spec.load().stepSeconds() + 2L;
        return RUN_OVERHEAD.plusSeconds(perLevel * spec.load().levels().size());
    }

    private static Duration measuredMean(List<RunEntity> runs) {
        List<Duration> durations = runs.stream()
                .filter(r -> r.status() == RunStatus.SUCCEEDED && r.startedAt() != null && r.finishedAt() != null)
                .map(r -> Duration.between(r.startedAt(), r.finishedAt()))
                .toList();
        if (durations.isEmpty()) {
            return null;
        }
        return durations.stream().reduce(Duration.ZERO, Duration::plus).dividedBy(durations.size());
    }

    private static int count(List<RunEntity> runs, RunStatus status) {
        return (int) runs.stream().filter(r -> r.status() == status).count();
    }

    Instant now() {
        return clock.instant();
    }
}
