package dev.jvmbench.api.contract;

import dev.jvmbench.common.text.MaxChars;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * The Bean Validation constraints of request records, stated in their component schemas where
 * springdoc leaves them out or gets them wrong, so that the contract says what the api enforces:
 * <ul>
 *   <li>{@code @NotEmpty} next to {@code @Size(max)} on a list: minItems 1 (springdoc writes the
 *       {@code @Size} default, 0); {@code @NotBlank}: minLength 1;</li>
 *   <li>{@link MaxChars}: maxLength (both count code points);</li>
 *   <li>maps: {@code @Size} as min/maxProperties, the key's {@code @Pattern} as propertyNames, the
 *       value's constraints on additionalProperties;</li>
 *   <li>list items: their {@code @Pattern} and {@link MaxChars}.</li>
 * </ul>
 * Nested records are followed. Cross-field and configuration-dependent rules are not annotations;
 * the feature that checks them states them (e.g. JobSubmissionSchema).
 */
public final class ConstraintSchemas {

    private ConstraintSchemas() {
    }

    /** States the constraints of {@code roots} and every record they contain, in their component schemas. */
    public static OpenApiCustomizer of(Class<?>... roots) {
        return new OrderedCustomizer(OrderedCustomizer.CONSTRAINTS, openApi -> {
            Set<Class<?>> seen = new LinkedHashSet<>();
            for (Class<?> root : roots) {
                apply(openApi, root, seen);
            }
        });
    }

    @SuppressWarnings("rawtypes")
    private static void apply(OpenAPI openApi, Class<?> type, Set<Class<?>> seen) {
        if (!type.isRecord() || !seen.add(type)) {
            return;
        }
        Schema schema = openApi.getComponents().getSchemas().get(componentName(type));
        if (schema == null) {
            throw new IllegalStateException("no component schema for " + type.getName());
        }
        for (RecordComponent component : type.getRecordComponents()) {
            Schema property = schema.getProperties() == null ? null : (Schema) schema.getProperties().get(component.getName());
            if (property == null) {
                continue;
            }
            List<Annotation> annotations = new ArrayList<>(Arrays.asList(component.getAccessor().getAnnotations()));
            annotations.addAll(Arrays.asList(component.getAnnotatedType().getAnnotations()));
            state(property, component.getType(), annotations, false);
            if (component.getAnnotatedType() instanceof AnnotatedParameterizedType parameterized) {
                AnnotatedType[] arguments = parameterized.getAnnotatedActualTypeArguments();
                if (Map.class.isAssignableFrom(component.getType()) && arguments.length == 2) {
                    stateMap(property, arguments[0], arguments[1]);
                } else if (Collection.class.isAssignableFrom(component.getType()) && arguments.length == 1
                        && property.getItems() != null) {
                    state(property.getItems(), raw(arguments[0]), List.of(arguments[0].getAnnotations()), true);
                }
                for (AnnotatedType argument : arguments) {
                    apply(openApi, raw(argument), seen);
                }
            }
            apply(openApi, component.getType(), seen);
        }
    }

    /** A schema of one JSON type, as an OpenAPI 3.1 document writes it ("type" from the type set). */
    @SuppressWarnings("rawtypes")
    public static Schema typed(String type) {
        Schema schema = new Schema<>();
        schema.setType(type);
        schema.addType(type);
        return schema;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void stateMap(Schema map, AnnotatedType key, AnnotatedType value) {
        if (key.getAnnotations().length > 0) {
            Schema names = typed("string");
            state(names, raw(key), List.of(key.getAnnotations()), true);
            map.setPropertyNames(names);
        }
        if (map.getAdditionalProperties() instanceof Schema values) {
            state(values, raw(value), List.of(value.getAnnotations()), true);
        }
    }

    /**
     * What springdoc leaves out of a property; of a map key or value or a list item ({@code nested}),
     * where it states nothing, every constraint.
     */
    @SuppressWarnings("rawtypes")
    private static void state(Schema schema, Class<?> type, List<Annotation> annotations, boolean nested) {
        boolean map = Map.class.isAssignableFrom(type);
        boolean collection = Collection.class.isAssignableFrom(type);
        for (Annotation annotation : annotations) {
            switch (annotation) {
                case NotEmpty ignored when collection -> schema.setMinItems(Math.max(1, orZero(schema.getMinItems())));
                case NotEmpty ignored when map -> schema.setMinProperties(Math.max(1, orZero(schema.getMinProperties())));
                case NotEmpty ignored -> schema.setMinLength(Math.max(1, orZero(schema.getMinLength())));
                case NotBlank ignored -> schema.setMinLength(Math.max(1, orZero(schema.getMinLength())));
                case Size size when map -> {
                    schema.setMinProperties(size.min() > 0 ? Integer.valueOf(size.min()) : null);
                    schema.setMaxProperties(size.max() == Integer.MAX_VALUE ? null : size.max());
                }
                case MaxChars max -> schema.setMaxLength(max.value());
                case Pattern pattern when nested -> schema.setPattern(pattern.regexp());
                case Size size when nested && type == String.class -> schema.setMaxLength(size.max());
                case Min min when nested -> schema.setMinimum(BigDecimal.valueOf(min.value()));
                case Max max when nested -> schema.setMaximum(BigDecimal.valueOf(max.value()));
                case DecimalMin min when nested && min.inclusive() -> schema.setMinimum(new BigDecimal(min.value()));
                case DecimalMax max when nested && max.inclusive() -> schema.setMaximum(new BigDecimal(max.value()));
                default -> {
                }
            }
        }
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    private static Class<?> raw(AnnotatedType type) {
        if (type.getType() instanceof Class<?> c) {
            return c;
        }
        if (type.getType() instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
            return c;
        }
        return Object.class;
    }

    private static String componentName(Class<?> type) {
        io.swagger.v3.oas.annotations.media.Schema named = type.getAnnotation(io.swagger.v3.oas.annotations.media.Schema.class);
        return named != null && !named.name().isEmpty() ? named.name() : type.getSimpleName();
    }
}
