package dev.jvmbench.loadgen.protocol;

/**
 * A line the generator writes to its stdout, one per command, in order. {@code ok} tells which
 * kind: {@code false} is always an {@link ErrorAnswer}; {@code true} is the answer to the
 * command sent ({@link LevelAnswer}, {@link WarmupAnswer} or {@link OkAnswer}). A reader that
 * sees {@code "ok":false} reads an {@link ErrorAnswer}, otherwise the type it expects.
 */
public sealed interface Answer permits OkAnswer, ErrorAnswer, WarmupAnswer, LevelAnswer {

    boolean ok();
}
