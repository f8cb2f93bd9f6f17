package dev.jvmbench.loadgen.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * A line the worker writes to the generator's stdin. The {@code cmd} field names the record;
 * an unknown {@code cmd} is refused with an {@link ErrorAnswer}. Write commands through the
 * base type ({@code writerFor(Command.class)}) so {@code cmd} is always present.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "cmd")
@JsonSubTypes({
        @JsonSubTypes.Type(LevelCommand.class),
        @JsonSubTypes.Type(WarmupCommand.class),
        @JsonSubTypes.Type(QuitCommand.class)})
public sealed interface Command permits LevelCommand, WarmupCommand, QuitCommand {
}
