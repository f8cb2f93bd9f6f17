/**
 * The line protocol between the worker and its load generator process ({@code worker/loadgen}):
 * one JSON object per line, commands on the generator's stdin, one answer per command on its
 * stdout. Every message is a record here, validated in its compact constructor, so both sides
 * share one definition: the worker writes {@link dev.jvmbench.loadgen.protocol.Command}s and
 * reads {@link dev.jvmbench.loadgen.protocol.Answer}s with Jackson 3, the generator does the
 * reverse with Jackson 2 (Gatling's). Only {@code com.fasterxml.jackson.annotation} annotations
 * are used, which both Jackson lines read; the module has no runtime dependency. Its {@link
 * dev.jvmbench.loadgen.protocol.LoadModel} is also the job spec's: one load model from the
 * submitted job to the generator's command.
 *
 * <p>A rule broken by a message is an {@link java.lang.IllegalArgumentException} whose message is
 * what the generator answers in its {@link dev.jvmbench.loadgen.protocol.ErrorAnswer}. The table
 * of messages and fields is in {@code worker/README.md}.
 */
package dev.jvmbench.loadgen.protocol;
