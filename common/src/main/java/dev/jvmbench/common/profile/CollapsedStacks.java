package dev.jvmbench.common.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stacks with a value each, in the collapsed format flame graph tools read: one line per stack,
 * {@code root;caller;callee value}, frames as {@code pkg.Class.method}, root first. Values add: the
 * same stack twice is one line with the sum. Immutable; lines are ordered by value, largest first,
 * then by stack, so that equal profiles format to equal text.
 */
public final class CollapsedStacks {

    private static final CollapsedStacks EMPTY = new CollapsedStacks(Map.of());

    private final Map<String, Long> stacks;
    private final long total;

    private CollapsedStacks(Map<String, Long> stacks) {
        List<Map.Entry<String, Long>> entries = new ArrayList<>(stacks.entrySet());
        entries.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        Map<String, Long> ordered = new LinkedHashMap<>();
        long sum = 0;
        for (Map.Entry<String, Long> entry : entries) {
            ordered.put(entry.getKey(), entry.getValue());
            sum += entry.getValue();
        }
        this.stacks = java.util.Collections.unmodifiableMap(ordered);
        this.total = sum;
    }

    public static CollapsedStacks empty() {
        return EMPTY;
    }

    /** Stacks as given (values of equal stacks add; zero and negative values are left out). */
    public static CollapsedStacks of(Map<String, Long> stacks) {
        Map<String, Long> summed = new HashMap<>();
        stacks.forEach((stack, value) -> add(summed, stack, value));
        return new CollapsedStacks(summed);
    }

    /** Parses collapsed text; blank lines are skipped, a line without a value is an error. */
    public static CollapsedStacks parse(String text) {
        Map<String, Long> summed = new HashMap<>();
        if (text == null) {
            return EMPTY;
        }
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                throw new IllegalArgumentException("not a collapsed stack line: " + line);
            }
            add(summed, line.substring(0, space), Long.parseLong(line.substring(space + 1).trim()));
        }
        return new CollapsedStacks(summed);
    }

    private static void add(Map<String, Long> into, String stack, long value) {
        if (value > 0 && !stack.isEmpty()) {
            into.merge(stack, value, Long::sum);
        }
    }

    /** Stack to value, the largest first. */
    public Map<String, Long> stacks() {
        return stacks;
    }

    public long total() {
        return total;
    }

    public boolean isEmpty() {
        return stacks.isEmpty();
    }

    /** The collapsed text, one line per stack, the largest first, each line ending in a newline. */
    public String format() {
        StringBuilder text = new StringBuilder();
        stacks.forEach((stack, value) -> text.append(stack).append(' ').append(value).append('\n'));
        return text.toString();
    }

    /** The sum of both: values of the same stack add. */
    public CollapsedStacks plus(CollapsedStacks other) {
        Map<String, Long> summed = new HashMap<>(stacks);
        other.stacks.forEach((stack, value) -> add(summed, stack, value));
        return new CollapsedStacks(summed);
    }

    /** Every value times {@code factor}, rounded; stacks that round to 0 are left out. */
    public CollapsedStacks scaled(double factor) {
        Map<String, Long> scaled = new HashMap<>();
        stacks.forEach((stack, value) -> add(scaled, stack, Math.round(value * factor)));
        return new CollapsedStacks(scaled);
    }

    /**
     * Keeps the stacks that carry at least {@code minShare} of the total (0.001: 0.1 %), at most
     * {@code maxStacks} of them (the largest); says what was dropped.
     */
    public Trimmed trim(double minShare, int maxStacks) {
        long threshold = (long) Math.ceil(total * minShare);
        Map<String, Long> kept = new LinkedHashMap<>();
        long droppedValue = 0;
        int dropped = 0;
        for (Map.Entry<String, Long> entry : stacks.entrySet()) {
            if (kept.size() < maxStacks && entry.getValue() >= threshold) {
                kept.put(entry.getKey(), entry.getValue());
            } else {
                dropped++;
                droppedValue += entry.getValue();
            }
        }
        return new Trimmed(new CollapsedStacks(kept), dropped, droppedValue);
    }

    /** What {@link #trim} kept, and how many stacks with how much value it dropped. */
    public record Trimmed(CollapsedStacks kept, int droppedStacks, long droppedValue) {
    }

    /** The frames of a stack line, root first. */
    public static List<String> frames(String stack) {
        return List.of(stack.split(";"));
    }

    /**
     * Per frame: self (the value of the stacks it is the leaf of) and total (of the stacks it is in,
     * a recursive frame counted once per stack), the largest self first.
     */
    public List<FrameWeight> frameWeights() {
        Map<String, long[]> weights = new HashMap<>();
        for (Map.Entry<String, Long> entry : stacks.entrySet()) {
            List<String> frames = frames(entry.getKey());
            Set<String> seen = new HashSet<>();
            for (String frame : frames) {
                if (seen.add(frame)) {
                    weights.computeIfAbsent(frame, f -> new long[2])[1] += entry.getValue();
                }
            }
            weights.computeIfAbsent(frames.getLast(), f -> new long[2])[0] += entry.getValue();
        }
        List<FrameWeight> list = new ArrayList<>();
        weights.forEach((frame, w) -> list.add(new FrameWeight(frame, w[0], w[1])));
        list.sort(Comparator.comparingLong(FrameWeight::self).reversed()
                .thenComparing(Comparator.comparingLong(FrameWeight::total).reversed())
                .thenComparing(FrameWeight::frame));
        return list;
    }

    /** A frame's self and total value. */
    public record FrameWeight(String frame, long self, long total) {
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CollapsedStacks that && stacks.equals(that.stacks);
    }

    @Override
    public int hashCode() {
        return stacks.hashCode();
    }

    @Override
    public String toString() {
        return "CollapsedStacks[" + stacks.size() + " stacks, total " + total + "]";
    }
}
