package dev.jvmbench.worker.testing.fakes;

import dev.jvmbench.common.job.RunStatus;
import dev.jvmbench.worker.queue.ClaimedRun;
import dev.jvmbench.worker.queue.RunControl;
import java.util.ArrayList;
import java.util.List;

/** The run-state store in memory: records progress and how runs ended; a cancel is one call away. */
public final class InMemoryRunControl implements RunControl {

    public static final String PLATFORM_ID = "fake-platform";

    /** How a run ended: {@code status} is null when it was released (given back to the queue). */
    public record Ended(long runId, RunStatus status, String reason, boolean released) {
    }

    private final List<String> steps = new ArrayList<>();
    private final List<Ended> ended = new ArrayList<>();
    private volatile boolean cancelRequested;

    /** The job is being cancelled from now on (as POST /jobs/{id}/cancel does). */
    public void requestCancel() {
        cancelRequested = true;
    }

    @Override
    public String platformId() {
        return PLATFORM_ID;
    }

    @Override
    public synchronized void progress(long runId, String workerId, String step, Integer level) {
        steps.add(level == null ? step : step + "@" + level);
    }

    @Override
    public boolean cancelRequested(long runId) {
        return cancelRequested;
    }

    @Override
    public synchronized void finish(ClaimedRun run, String workerId, RunStatus outcome, String reason) {
        ended.add(new Ended(run.runId(), outcome, reason, false));
    }

    @Override
    public synchronized void release(ClaimedRun run, String workerId, String reason) {
        ended.add(new Ended(run.runId(), null, reason, true));
    }

    /** The steps and levels reported as progress, in order ({@code load@20} for a load step at 20 users). */
    public synchronized List<String> steps() {
        return List.copyOf(steps);
    }

    public synchronized List<Ended> ended() {
        return List.copyOf(ended);
    }

    /** The one way the run ended; fails when it ended zero or several times. */
    public synchronized Ended onlyEnd() {
        if (ended.size() != 1) {
            throw new AssertionError("expected the run to end once, it ended " + ended);
        }
        return ended.getFirst();
    }
}
