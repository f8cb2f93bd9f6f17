package dev.jvmbench.loadgen.protocol;

import com.fasterxml.jackson.annotation.JsonTypeName;

/** {@code {"cmd":"quit"}}: answer {@link OkAnswer}, then exit 0. */
@JsonTypeName("quit")
public record QuitCommand() implements Command {
}
