package dev.jvmbench.worker.queue;

import dev.jvmbench.common.job.JobSpec;
import dev.jvmbench.common.job.ThreadModel;

/** A run this worker owns now, with the job's spec and, for an uploaded JAR, where it lies. */
public record ClaimedRun(long runId, long jobId, int seq, int jdk, ThreadModel threadModel, int repetition,
                         int attempt, JobSpec spec, UploadedJar jar) {

    public record UploadedJar(long artifactId, String sha256, String mainClass, String storagePath) {
    }

    public String label() {
        return "run " + runId + " (job " + jobId + ", JDK " + jdk + ", " + threadModel.wireName()
                + ", repetition " + repetition + ")";
    }
}
