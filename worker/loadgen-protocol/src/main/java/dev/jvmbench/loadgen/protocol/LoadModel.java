package dev.jvmbench.loadgen.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/**
 * How load is offered in a level: the one load model from the submitted job spec ({@code
 * load.model}) through the worker's run flow to the generator's {@link LevelCommand} and back in
 * its {@link LevelAnswer}. On the wire, in the spec's JSON and in the protocol's lines alike, in
 * lower case; read in any case.
 */
public enum LoadModel {
    /** Each level is a number of concurrent users, each looping request after request on a keep-alive connection. */
    CLOSED,
    /** Each level is an arrival rate in requests per second, whatever the answers, over a shared connection pool. */
    OPEN;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code closed} or {@code open}, in any case; anything else is refused with the names allowed. */
    @JsonCreator
    public static LoadModel fromWire(String value) {
        for (LoadModel model : values()) {
            if (model.name().equalsIgnoreCase(value)) {
                return model;
            }
        }
        throw new IllegalArgumentException("'" + value + "' is not one of "
                + Arrays.stream(values()).map(LoadModel::wireName).toList());
    }
}
