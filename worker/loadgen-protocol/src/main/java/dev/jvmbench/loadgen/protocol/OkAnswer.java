package dev.jvmbench.loadgen.protocol;

/** {@code {"ok":true}}: the answer to {@link QuitCommand}. */
public record OkAnswer(boolean ok) implements Answer {

    public OkAnswer {
        Rules.check(ok, "an OkAnswer has ok=true");
    }

    public static OkAnswer instance() {
        return new OkAnswer(true);
    }
}
