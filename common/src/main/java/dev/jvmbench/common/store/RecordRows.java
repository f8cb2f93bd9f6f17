package dev.jvmbench.common.store;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.jdbc.core.RowMapper;
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
 * ({@link #mapRow}), so the two cannot drift apart. StoreSchemaTest checks every mapped record
 * against the migrated schema.
 *
 * <p>Reading is Spring's {@link DataClassRowMapper} (columns by the constructor's parameter names,
 * values through a conversion service), told the column names above and given what it cannot know
 * by itself: a jsonb column is read as JSON into the component's full generic type, a timestamptz as
 * an Instant. Writing stays here: the framework binds no jsonb and no arrays.
 */
final class RecordRows<R extends Record> implements RowMapper<R> {

    private enum Kind { STRING, NUMBER_OR_BOOLEAN, INSTANT, ENUM, ARRAY, JSON }

    /** Reads one column in the owner's own way (see {@link #readingWith}). */
    @FunctionalInterface
    interface ColumnReader {
        Object read(ResultSet rs, String column) throws SQLException;
    }

    private record Field(String component, String column, Kind kind, Class<?> element, Method accessor,
                         ColumnReader reader) {

        boolean primitive() {
            return accessor.getReturnType().isPrimitive();
        }
    }

    /** A jsonb column's text, until the conversion service turns it into the component's type. */
    private record JsonText(String text) {
    }

    private final Class<R> type;
    private final List<Field> fields;
    private final JsonMapper json;
    private final Map<String, Field> byColumn;
    private final Map<String, String> columnOfComponent;
    private final Reader reader;

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
        this.byColumn = byColumn(fields);
        this.columnOfComponent = columnOfComponent(fields);
        this.reader = new Reader();
    }

    RecordRows(Class<R> type, JsonMapper json) {
        this(type, json, Map.of());
    }

    private RecordRows(RecordRows<R> from, List<Field> fields) {
        this.type = from.type;
        this.json = from.json;
        this.fields = List.copyOf(fields);
        this.byColumn = byColumn(this.fields);
        this.columnOfComponent = columnOfComponent(this.fields);
        this.reader = new Reader();
    }

    private static Map<String, Field> byColumn(List<Field> fields) {
        return fields.stream().collect(Collectors.toUnmodifiableMap(Field::column, f -> f));
    }

    private static Map<String, String> columnOfComponent(List<Field> fields) {
        return fields.stream().collect(Collectors.toUnmodifiableMap(Field::component, Field::column));
    }

    private Field field(RecordComponent c, String column) {
        Class<?> raw = c.getType();
        if (raw == String.class) {
            return new Field(c.getName(), column, Kind.STRING, null, c.getAccessor(), null);
        }
        if (raw.isPrimitive() || Number.class.isAssignableFrom(raw) || raw == Boolean.class) {
            return new Field(c.getName(), column, Kind.NUMBER_OR_BOOLEAN, null, c.getAccessor(), null);
        }
        if (raw == Instant.class) {
            return new Field(c.getName(), column, Kind.INSTANT, null, c.getAccessor(), null);
        }
        if (raw.isEnum()) {
            return new Field(c.getName(), column, Kind.ENUM, null, c.getAccessor(), null);
        }
        Class<?> element = scalarListElement(c.getGenericType());
        if (element != null) {
            return new Field(c.getName(), column, Kind.ARRAY, element, c.getAccessor(), null);
        }
        return new Field(c.getName(), column, Kind.JSON, null, c.getAccessor(), null);
    }

    /**
     * The same mapping, but {@code component} is read with {@code reader} instead of by its type;
     * writing is unchanged. For an owner that keeps what it parsed of a column that never changes
     * (Jobs and the spec).
     */
    RecordRows<R> readingWith(String component, ColumnReader reader) {
        List<Field> changed = new ArrayList<>();
        boolean found = false;
        for (Field f : fields) {
            if (f.component().equals(component)) {
                found = true;
                changed.add(new Field(f.component(), f.column(), f.kind(), f.element(), f.accessor(), reader));
            } else {
                changed.add(f);
            }
        }
        if (!found) {
            throw new IllegalArgumentException(type.getSimpleName() + " has no component " + component);
        }
        return new RecordRows<>(this, changed);
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

    @Override
    public R mapRow(ResultSet rs, int rowNum) throws SQLException {
        return reader.mapRow(rs, rowNum);
    }

    /** The framework's mapper, with our column names and the column kinds it cannot tell by itself. */
    private final class Reader extends DataClassRowMapper<R> {

        // The names come from the outer instance's maps, not from fields of the reader's own: the
        // framework's constructor already asks for them (suppressProperty), before those would be set.
        Reader() {
            super(type);
            DefaultConversionService conversions = new DefaultConversionService();
            conversions.addConverter(new GenericConverter() {
                @Override
                public Set<ConvertiblePair> getConvertibleTypes() {
                    return Set.of(new ConvertiblePair(JsonText.class, Object.class));
                }

                @Override
                public Object convert(Object source, TypeDescriptor from, TypeDescriptor to) {
                    return source == null ? null
                            : json.readValue(((JsonText) source).text(), json.getTypeFactory().constructType(to.getResolvableType().getType()));
                }
            });
            setConversionService(conversions);
        }

        /** Tried first by the framework: a component's column, or (for the result's own columns) the name. */
        @Override
        protected String lowerCaseName(String name) {
            return columnOf(name);
        }

        @Override
        protected String underscoreName(String name) {
            return columnOf(name);
        }

        private String columnOf(String name) {
            String column = columnOfComponent.get(name);
            return column != null ? column : name.toLowerCase(Locale.ROOT);
        }

        @Override
        protected Object getColumnValue(ResultSet rs, int index, Class<?> paramType) throws SQLException {
            Field f = byColumn.get(rs.getMetaData().getColumnLabel(index));
            if (f == null) {
                return super.getColumnValue(rs, index, paramType);
            }
            if (f.reader() != null) {
                return f.reader().read(rs, f.column());
            }
            Object value = switch (f.kind()) {
                case INSTANT -> {
                    OffsetDateTime at = rs.getObject(index, OffsetDateTime.class);
                    yield at == null ? null : at.toInstant();
                }
                case ARRAY -> {
                    java.sql.Array array = rs.getArray(index);
                    // a Java array: the conversion service makes the component's List of it, element by element
                    yield array == null ? null : array.getArray();
                }
                case JSON -> {
                    String text = rs.getString(index);
                    yield text == null ? null : new JsonText(text);
                }
                default -> super.getColumnValue(rs, index, paramType);
            };
            if (value == null && f.primitive()) {
                // the framework would pass the primitive's default: a NULL must not read as 0 or false
                throw new IllegalStateException(f.column() + " is NULL but " + type.getSimpleName() + "." + f.component()
                        + " is a primitive");
            }
            return value;
        }
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

    private static Predicate<Field> notIn(Set<String> skip) {
        return f -> !skip.contains(f.component());
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
