/**
 * One owner per table: every statement on {@code jobs} ({@link dev.jvmbench.common.store.Jobs}),
 * {@code runs} ({@link dev.jvmbench.common.store.Runs}), {@code result_points}
 * ({@link dev.jvmbench.common.store.ResultPoints}) and {@code run_artifacts}
 * ({@link dev.jvmbench.common.store.RunArtifacts}) is in its owner here, shared by api and worker,
 * with the rows as records ({@link dev.jvmbench.common.store.JobRow},
 * {@link dev.jvmbench.common.store.RunRow}, {@link dev.jvmbench.common.store.Point}) that map to
 * their columns by name. A statement that joins another table lives with the owner of the rows it
 * returns or changes. The architecture tests of api and worker keep JDBC and JPA out of every
 * other package (docs/architecture.md).
 *
 * <p>Owners open no transaction: the caller decides what is atomic (the api's submission, the
 * worker's claim and settlement) and the owners' statements join it.
 */
package dev.jvmbench.common.store;
