package dev.jvmbench.api.job;

import dev.jvmbench.common.job.JobStatus;
import dev.jvmbench.common.job.ThreadModel;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Filters of GET /api/v1/jobs; every given filter must match. */
record JobFilter(List<JobStatus> statuses, Map<String, String> labels, String app, String scenario, Integer jdk,
                 ThreadModel threadModel, Instant createdAfter, Instant createdBefore) {
}
