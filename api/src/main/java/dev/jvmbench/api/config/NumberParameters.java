package dev.jvmbench.api.config;

import java.beans.PropertyEditorSupport;
import java.math.BigDecimal;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.converter.Converter;
import org.springframework.format.FormatterRegistry;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Numbers in paths and query strings as the contract types them: a JSON number, and for an integer
 * one without a fraction (20.0 is 20, as JSON Schema counts it). Spring's own conversion would also
 * take " 20", "0x14", "#14", "20d" or "Infinity", which the contract does not allow, and refuse "20.0",
 * which it does. A value that is no such number is a 400 naming the parameter (ProblemHandler).
 *
 * <p>Both ways in are covered: the property editors for a single value (Spring falls back to its
 * default editors when a converter fails, so a converter alone would not refuse "0x14"), the
 * converters for the items of a list ({@code jdk=21,25}).
 */
@Configuration(proxyBeanMethods = false)
@ControllerAdvice
class NumberParameters implements WebMvcConfigurer {

    private static final Pattern JSON_NUMBER = Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");

    @InitBinder
    void numbers(WebDataBinder binder) {
        binder.registerCustomEditor(int.class, new JsonNumberEditor(NumberParameters::integer));
        binder.registerCustomEditor(Integer.class, new JsonNumberEditor(NumberParameters::integer));
        binder.registerCustomEditor(long.class, new JsonNumberEditor(NumberParameters::longInteger));
        binder.registerCustomEditor(Long.class, new JsonNumberEditor(NumberParameters::longInteger));
        binder.registerCustomEditor(double.class, new JsonNumberEditor(NumberParameters::number));
        binder.registerCustomEditor(Double.class, new JsonNumberEditor(NumberParameters::number));
    }

    @Override
    public void addFormatters(FormatterRegistry registry) {
        registry.addConverter(String.class, Integer.class, (Converter<String, Integer>) NumberParameters::integer);
        registry.addConverter(String.class, Long.class, (Converter<String, Long>) NumberParameters::longInteger);
        registry.addConverter(String.class, Double.class, (Converter<String, Double>) NumberParameters::number);
    }

    static Integer integer(String value) {
        return exact(value, BigDecimal::intValueExact);
    }

    static Long longInteger(String value) {
        return exact(value, BigDecimal::longValueExact);
    }

    private static <T> T exact(String value, Function<BigDecimal, T> conversion) {
        try {
            return conversion.apply(decimal(value));
        } catch (ArithmeticException fractionOrRange) {
            throw new IllegalArgumentException("'" + value + "' is not an integer in range", fractionOrRange);
        }
    }

    static Double number(String value) {
        double number = decimal(value).doubleValue();
        if (Double.isInfinite(number)) {
            throw new IllegalArgumentException("'" + value + "' is out of range");
        }
        return number;
    }

    private static BigDecimal decimal(String value) {
        if (value == null || !JSON_NUMBER.matcher(value).matches()) {
            throw new IllegalArgumentException("'" + value + "' is not a number");
        }
        return new BigDecimal(value);
    }

    private static final class JsonNumberEditor extends PropertyEditorSupport {

        private final Function<String, Number> parse;

        JsonNumberEditor(Function<String, Number> parse) {
            this.parse = parse;
        }

        @Override
        public void setAsText(String text) {
            setValue(parse.apply(text));
        }
    }
}
