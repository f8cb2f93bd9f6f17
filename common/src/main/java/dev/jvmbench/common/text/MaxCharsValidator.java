package dev.jvmbench.common.text;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

/** Counts code points; null is valid (say {@code @NotNull} where a value is required). */
public class MaxCharsValidator implements ConstraintValidator<MaxChars, CharSequence> {

    private int max;

    @Override
    public void initialize(MaxChars constraint) {
        max = constraint.value();
    }

    @Override
    public boolean isValid(CharSequence value, ConstraintValidatorContext context) {
        return value == null || Character.codePointCount(value, 0, value.length()) <= max;
    }
}
