package dev.jvmbench.api.config;

import java.math.BigDecimal;
import java.util.function.Function;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * Integers as JSON Schema counts them: a number without a fraction, however it is written (20,
 * 20.0, 2e1), within the type's range. Jackson either refuses 20.0 or truncates 20.5 to 20; the
 * contract says {@code type: integer}, for which 20.0 is valid and 20.5 is not. A string ("20") is
 * refused, as the contract's type says.
 */
final class IntegralNumbers {

    private IntegralNumbers() {
    }

    static SimpleModule module() {
        SimpleModule module = new SimpleModule("integral-numbers");
        module.addDeserializer(Integer.class, new Integral<>(Integer.class, BigDecimal::intValueExact));
        module.addDeserializer(int.class, new Integral<>(Integer.class, BigDecimal::intValueExact));
        module.addDeserializer(Long.class, new Integral<>(Long.class, BigDecimal::longValueExact));
        module.addDeserializer(long.class, new Integral<>(Long.class, BigDecimal::longValueExact));
        return module;
    }

    private static final class Integral<T extends Number> extends ValueDeserializer<T> {

        private final Class<T> type;
        private final Function<BigDecimal, T> exact;

        Integral(Class<T> type, Function<BigDecimal, T> exact) {
            this.type = type;
            this.exact = exact;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(JsonParser p, DeserializationContext context) {
            JsonToken token = p.currentToken();
            if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
                try {
                    return exact.apply(p.getDecimalValue());
                } catch (ArithmeticException fractionOrRange) {
                    throw InvalidFormatException.from(p, "not an integer in range", p.getString(), type);
                }
            }
            if (token == JsonToken.VALUE_STRING) {
                throw InvalidFormatException.from(p, "a string, not a number", p.getString(), type);
            }
            return (T) context.handleUnexpectedToken(type, p);
        }

        @Override
        public LogicalType logicalType() {
            return LogicalType.Integer;
        }
    }
}
