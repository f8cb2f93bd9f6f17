package dev.jvmbench.common.text;

import static java.lang.annotation.ElementType.ANNOTATION_TYPE;
import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A string of at most {@code value} characters, counted as Unicode code points: what JSON Schema's
 * maxLength counts and what PostgreSQL's varchar(n) holds. Bean Validation's {@code @Size} counts
 * UTF-16 units instead, so an emoji would count twice and a value the contract allows be refused.
 */
@Documented
@Constraint(validatedBy = MaxCharsValidator.class)
@Target({METHOD, FIELD, PARAMETER, TYPE_USE, ANNOTATION_TYPE})
@Retention(RUNTIME)
public @interface MaxChars {

    int value();

    String message() default "must be at most {value} characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
