package dev.jvmbench.api.job;

import java.util.List;

/** One page of jobs, newest first. */
record JobPage(List<JobView> items, int page, int size, long totalItems, int totalPages) {
}
