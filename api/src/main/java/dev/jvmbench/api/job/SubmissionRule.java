package dev.jvmbench.api.job;

import dev.jvmbench.api.problem.ApiException.FieldViolation;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import tools.jackson.databind.JsonNode;

/**
 * One rule between fields of a submission: when {@code when} holds, {@code then} must hold, else
 * the submission is refused with {@code message} at {@code field} (or, with no field, at each place
 * {@code then} fails, e.g. {@code threadModels[1]}). Both sides are {@link Shape}s, a small
 * vocabulary that reads a submission's JSON tree and writes the same shape as JSON Schema, so one
 * declaration gives the check and the contract (SubmissionRules).
 */
record SubmissionRule(Shape when, Shape then, String field, String message) {

    /** A rule that always applies. */
    static SubmissionRule always(Shape then, String message) {
        return new SubmissionRule(ALWAYS, then, null, message);
    }

    /** A rule that applies when {@code when} holds. */
    static SubmissionRule when(Shape when, Shape then, String message) {
        return new SubmissionRule(when, then, null, message);
    }

    /** The same rule reported at {@code field}. */
    SubmissionRule at(String reportedAt) {
        return new SubmissionRule(when, then, reportedAt, message);
    }

    /** Where the submission breaks this rule: one violation per place. */
    List<FieldViolation> check(JsonNode submission) {
        if (!when.holds(submission)) {
            return List.of();
        }
        return then.failures(submission).stream().map(at -> field == null ? at : field).distinct()
                .map(at -> new FieldViolation(at, message)).toList();
    }

    /** The rule as JSON Schema on the whole submission (an entry of its allOf). */
    @SuppressWarnings("rawtypes")
    Schema schema() {
        if (when == ALWAYS) {
            return then.schema();
        }
        Schema rule = new Schema<>().description(message);
        rule.setIf(when.schema());
        rule.setThen(then.schema());
        return rule;
    }

    /**
     * A shape a submission has or not, read from its JSON tree (absent and null alike) and written
     * as JSON Schema. A path names nested properties with dots ({@code load.search}).
     */
    interface Shape {
        /** The places where the submission does not have this shape; empty when it has. */
        List<String> failures(JsonNode submission);

        @SuppressWarnings("rawtypes")
        Schema schema();

        default boolean holds(JsonNode submission) {
            return failures(submission).isEmpty();
        }
    }

    /** Any submission. */
    static final Shape ALWAYS = new Shape() {
        @Override
        public List<String> failures(JsonNode submission) {
            return List.of();
        }

        @Override
        @SuppressWarnings("rawtypes")
        public Schema schema() {
            return new Schema<>();
        }
    };

    /** The value at {@code path} is given. */
    static Shape present(String path) {
        return shape(path, node -> present(node) ? List.of() : List.of(path), new Schema<>(), true);
    }

    /** The value at {@code path} is given and is {@code value} (a string or a boolean). */
    static Shape equalTo(String path, Object value) {
        return shape(path, node -> value.equals(scalar(node)) ? List.of() : List.of(path), new Schema<>()._const(value), true);
    }

    /** The string at {@code path} is given and contains a match of {@code regex} (JSON Schema's pattern). */
    static Shape matching(String path, String regex) {
        Pattern pattern = Pattern.compile(regex);
        return shape(path, node -> scalar(node) instanceof String s && pattern.matcher(s).find() ? List.of() : List.of(path),
                new Schema<>().pattern(regex), true);
    }

    /** The array at {@code path}, when given, repeats no item. */
    static Shape distinct(String path) {
        return shape(path, node -> {
            if (!node.isArray()) {
                return List.of();
            }
            Set<JsonNode> seen = new HashSet<>();
            return IntStream.range(0, node.size()).allMatch(i -> seen.add(node.get(i))) ? List.of() : List.of(path);
        }, new Schema<>().uniqueItems(true), false);
    }

    /** The array at {@code path}, when given, has at most {@code max} items. */
    static Shape maxItems(String path, int max) {
        return shape(path, node -> node.isArray() && node.size() > max ? List.of(path) : List.of(),
                new Schema<>().maxItems(max), false);
    }

    /** Every item of the array at {@code path}, when given, is one of {@code values}: each other item is a failure. */
    static Shape itemsIn(String path, String... values) {
        List<String> allowed = List.of(values);
        Schema<Object> items = new Schema<>();
        items.setEnum(new ArrayList<>(allowed));
        return shape(path, node -> !node.isArray() ? List.of() : IntStream.range(0, node.size())
                .filter(i -> !allowed.contains(scalar(node.get(i)))).mapToObj(i -> path + "[" + i + "]").toList(),
                new Schema<>().items(items), false);
    }

    /** The object at {@code path}, when given, has exactly one of {@code names}. */
    static Shape exactlyOne(String path, String... names) {
        return shape(path, node -> !node.isObject() || count(node, names) == 1 ? List.of() : List.of(path),
                new Schema<>().oneOf(requiredEach(names)), false);
    }

    /** The object at {@code path}, when given, has at least one of {@code names}. */
    static Shape anyOf(String path, String... names) {
        return shape(path, node -> !node.isObject() || count(node, names) >= 1 ? List.of() : List.of(path),
                new Schema<>().anyOf(requiredEach(names)), false);
    }

    /** The submission does not have {@code shape}. */
    static Shape not(Shape shape, String path) {
        return new Shape() {
            @Override
            public List<String> failures(JsonNode submission) {
                return shape.holds(submission) ? List.of(path) : List.of();
            }

            @Override
            @SuppressWarnings("rawtypes")
            public Schema schema() {
                return new Schema<>().not(shape.schema());
            }
        };
    }

    /** The submission has every one of {@code shapes}. */
    static Shape allOf(Shape... shapes) {
        return new Shape() {
            @Override
            public List<String> failures(JsonNode submission) {
                return Arrays.stream(shapes).flatMap(shape -> shape.failures(submission).stream()).toList();
            }

            @Override
            @SuppressWarnings({"rawtypes", "unchecked"})
            public Schema schema() {
                return new Schema<>().allOf(Arrays.stream(shapes).map(Shape::schema).map(s -> (Schema) s).toList());
            }
        };
    }

    /**
     * A shape of the value at {@code path}: {@code test} reads the value (a missing node when it is
     * not given) and {@code leaf} states it, nested in the properties of the path; with {@code
     * required} every step of the path must be given, else a submission without it has the shape.
     */
    @SuppressWarnings("rawtypes")
    private static Shape shape(String path, Function<JsonNode, List<String>> test, Schema leaf,
                               boolean required) {
        String[] steps = path.split("\\.");
        return new Shape() {
            @Override
            public List<String> failures(JsonNode submission) {
                JsonNode node = submission;
                for (String step : steps) {
                    node = node.path(step);
                }
                return test.apply(node);
            }

            @Override
            @SuppressWarnings("unchecked")
            public Schema schema() {
                Schema nested = leaf;
                for (int i = steps.length - 1; i >= 0; i--) {
                    Schema parent = new Schema<>().addProperty(steps[i], nested);
                    if (required) {
                        parent.addRequiredItem(steps[i]);
                    }
                    nested = parent;
                }
                return nested;
            }
        };
    }

    private static boolean present(JsonNode node) {
        return !node.isMissingNode() && !node.isNull();
    }

    /** A string or boolean value as Java sees it; null for anything else. */
    private static Object scalar(JsonNode node) {
        if (node.isString()) {
            return node.stringValue();
        }
        return node.isBoolean() ? node.booleanValue() : null;
    }

    private static long count(JsonNode object, String... names) {
        return Arrays.stream(names).filter(name -> present(object.path(name))).count();
    }

    @SuppressWarnings("rawtypes")
    private static List<Schema> requiredEach(String... names) {
        return Arrays.stream(names).map(name -> (Schema) new Schema<>().required(List.of(name))).toList();
    }
}
