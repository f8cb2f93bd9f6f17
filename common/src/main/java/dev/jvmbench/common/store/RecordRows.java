package dev.jvmbench.common.store;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * A record as a row of a table, so that a new column is a new record component and nothing
 * else in the owner. Component {@code throughputRps} is column {@code throughput_rps} (camelCase to
 * snake_case; digits stay with their letters, {@code latencyP50Ms} is {@code latency_p50_ms}), unless
 * the owner names another column. Each is read and bound by its Java type:
 *
 * <ul>
 *   <li>String, int / Integer, long / Long, double / Double, boolean / Boolean: as they are; a
 *       primitive component needs a NOT NULL column;</li>
 *   <li>Instant: timestamptz;</li>
 *   <li>an enum: its name, in a varchar column with a CHECK of the names;</li>
 *   <li>a List of String, Integer, Long or an enum: a PostgreSQL array;</li>
 *   <li>anything else (a Map, a record such as JobSpec): jsonb, through the application's JsonMapper.</li>
 * </ul>
 *
 * <p>The same rules write a row ({@link #columns}, {@link #values}, {@link #params}) and read it
 * ({@link #read}), so the two cannot drift apart. StoreSchemaTest checks every mapped record
 * against the migrated schema.
 */
final class RecordRows<R extends Record> {

    private enum Kind { STRING, NUMBER_OR_BOOLEAN, INSTANT, ENUM, ARRAY, JSON }

    private record Field(String component, String column, Kind kind, Class<?> type, Class<?> element,
                         JavaType jsonType, Method accessor) {

        boolean primitive() {
            return accessor.getReturnType().isPrimitive();
        }
    }

    private final Class<R> type;
    private final List<Field> fields;
    private final MethodHandle constructor;
    private final JsonMapper json;

    /**
     * @param columnOf columns whose name is not the component's in snake_case (component -> column),
     *                 kept for columns named before this rule
     */
    RecordRows(Class<R> type, JsonMapper json, Map<String, String> columnOf) {
        this.type = type;
        this.json = json;
        RecordComponent[] components = type.getRecordComponents();
        List<Field> mapped = new ArrayList<>();
        for (RecordComponent c : components) {
            String column = columnOf.getOrDefault(c.getName(), snakeCase(c.getName()));
            mapped.add(field(c, column));
        }
        this.fields = List.copyOf(mapped);
        try {
            Class<?>[] parameters = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
            this.constructor = MethodHandles.publicLookup()
                    .findConstructor(type, MethodType.methodType(void.class, parameters))
                    .asSpreader(Object[].class, parameters.length);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type.getName() + " must be a public record", e);
        }
    }

    RecordRows(Class<R> type, JsonMapper json) {
        this(type, json, Map.of());
    }

    private Field field(RecordComponent c, String column) {
        Class<?> raw = c.getType();
        if (raw == String.class) {
            return new Field(c.getName(), column, Kind.STRING, raw, null, null, c.getAccessor());
        }
        if (raw.isPrimitive() || Number.class.isAssignableFrom(raw) || raw == Boolean.class) {
            return new Field(c.getName(), column, Kind.NUMBER_OR_BOOLEAN, boxed(raw), null, null, c.getAccessor());
        }
        if (raw == Instant.class) {
            return new Field(c.getName(), column, Kind.INSTANT, raw, null, null, c.getAccessor());
        }
        if (raw.isEnum()) {
            return new Field(c.getName(), column, Kind.ENUM, raw, null, null, c.getAccessor());
        }
        Class<?> element = scalarListElement(c.getGenericType());
        if (element != null) {
            return new Field(c.getName(), column, Kind.ARRAY, raw, element, null, c.getAccessor());
        }
        return new Field(c.getName(), column, Kind.JSON, raw, null,
                json.getTypeFactory().constructType(c.getGenericType()), c.getAccessor());
    }

    /** The element type of a List of String, Integer, Long or an enum; null for any other type. */
    private static Class<?> scalarListElement(Type type) {
        if (type instanceof ParameterizedType p && p.getRawType() == List.class
                && p.getActualTypeArguments()[0] instanceof Class<?> element
                && (element == String.class || element == Integer.class || element == Long.class || element.isEnum())) {
            return element;
        }
        return null;
    }

    /** The mapped columns, in component order, comma-separated; {@code skip} names components left out. */
    String columns(Set<String> skip) {
        return fields.stream().filter(notIn(skip)).map(Field::column).collect(Collectors.joining(", "));
    }

    /** The named parameters matching {@link #columns}, jsonb ones cast. */
    String values(Set<String> skip) {
        return values(skip, "");
    }

    /**
     * The named parameters of one row of a multi-row INSERT: {@code suffix} tells the rows'
     * parameters apart and must match {@link #params(Record, String)}.
     */
    String values(Set<String> skip, String suffix) {
        return fields.stream().filter(notIn(skip))
                .map(f -> f.kind() == Kind.JSON ? "CAST(:" + f.component() + suffix + " AS jsonb)"
                        : ":" + f.component() + suffix)
                .collect(Collectors.joining(", "));
    }

    /** The mapped column names, in component order. */
    List<String> columnNames() {
        return fields.stream().map(Field::column).toList();
    }

    /** The row's values as parameters named after the components, converted for JDBC. */
    Map<String, Object> params(R row) {
        return params(row, "");
    }

    Map<String, Object> params(R row, String suffix) {
        Map<String, Object> params = new LinkedHashMap<>();
        for (Field f : fields) {
            params.put(f.component() + suffix, toSql(f, get(f, row)));
        }
        return params;
    }

    R read(ResultSet rs) throws SQLException {
        Object[] values = new Object[fields.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = fromSql(fields.get(i), rs);
        }
        try {
            return type.cast(constructor.invoke(values));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName(), e);
        }
    }

    private Object fromSql(Field f, ResultSet rs) throws SQLException {
        return switch (f.kind()) {
            case STRING -> rs.getString(f.column());
            case NUMBER_OR_BOOLEAN -> {
                Object value = rs.getObject(f.column(), f.type());
                if (value == null && f.primitive()) {
                    throw new IllegalStateException(f.column() + " is NULL but " + type.getSimpleName() + "."
                            + f.component() + " is a primitive");
                }
                yield value;
            }
            case INSTANT -> {
                OffsetDateTime at = rs.getObject(f.column(), OffsetDateTime.class);
                yield at == null ? null : at.toInstant();
            }
            case ENUM -> {
                String name = rs.getString(f.column());
                yield name == null ? null : enumOf(f.type(), name);
            }
            case ARRAY -> {
                Array array = rs.getArray(f.column());
                if (array == null) {
                    yield null;
                }
                Object[] raw = (Object[]) array.getArray();
                Object[] elements = new Object[raw.length];
                for (int i = 0; i < raw.length; i++) {
                    elements[i] = f.element().isEnum() ? enumOf(f.element(), (String) raw[i])
                            : f.element() == Long.class ? ((Number) raw[i]).longValue()
                            : f.element() == Integer.class ? ((Number) raw[i]).intValue()
                            : raw[i];
                }
                yield Collections.unmodifiableList(Arrays.asList(elements));
            }
            case JSON -> {
                String text = rs.getString(f.column());
                yield text == null ? null : json.readValue(text, f.jsonType());
            }
        };
    }

    private Object toSql(Field f, Object value) {
        if (value == null) {
            return null;
        }
        return switch (f.kind()) {
            case STRING, NUMBER_OR_BOOLEAN -> value;
            case INSTANT -> OffsetDateTime.ofInstant((Instant) value, ZoneOffset.UTC);
            case ENUM -> ((Enum<?>) value).name();
            case ARRAY -> {
                List<?> list = (List<?>) value;
                yield f.element() == Integer.class ? list.toArray(Integer[]::new)
                        : f.element() == Long.class ? list.toArray(Long[]::new)
                        : list.stream().map(e -> e instanceof Enum<?> en ? en.name() : (String) e).toArray(String[]::new);
            }
            case JSON -> json.writeValueAsString(value);
        };
    }

    private static Object get(Field f, Record row) {
        try {
            return f.accessor().invoke(row);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + f.component(), e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumOf(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private static Predicate<Field> notIn(Set<String> skip) {
        return f -> !skip.contains(f.component());
    }

    private static Class<?> boxed(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return MethodType.methodType(type).wrap().returnType();
    }

    static String snakeCase(String camel) {
        StringBuilder out = new StringBuilder(camel.length() + 8);
        for (int i = 0; i < camel.length(); i++) {
            char c = camel.charAt(i);
            if (Character.isUpperCase(c)) {
                out.append('_').append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
