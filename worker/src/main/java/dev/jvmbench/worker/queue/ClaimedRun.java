package dev.jvmbench.worker.queue;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.RunSide;
import dev.jvmbench.common.job.ThreadModel;

/**
 * A run this worker owns now, with the spec it executes and, for an uploaded JAR, where it lies. For
 * the baseline side of a pair ({@link RunSide#BASELINE}) those are the baseline job's: the run is this
 * job's, what it runs is the baseline's build and spec.
 */
public record ClaimedRun(long runId, long jobId, int seq, int jdk, ThreadModel threadModel, int repetition,
                         int attempt, JobSpec spec, UploadedJar jar, RunSide side) {

    public ClaimedRun(long runId, long jobId, int seq, int jdk, ThreadModel threadModel, int repetition,
                      int attempt, JobSpec spec, UploadedJar jar) {
        this(runId, jobId, seq, jdk, threadModel, repetition, attempt, spec, jar, RunSide.JOB);
    }

    public record UploadedJar(long artifactId, String sha256, String mainClass, String storagePath) {
    }

    public String label() {
        return "run " + runId + " (job " + jobId + ", JDK " + jdk + ", " + threadModel.wireName()
                + ", repetition " + repetition + (side == RunSide.BASELINE ? ", baseline side" : "") + ")";
    }
}
