package dev.jvmbench.common.store;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.stream.Collectors;

/** Parameter values as the owners bind them. */
final class Sql {

    private Sql() {
    }

    /**
     * Statuses as an SQL list of literals, {@code ('QUEUED', 'RUNNING')}, computed from the enums'
     * transition tables. Literals and not parameters: the planner then matches the partial indexes
     * on status (runs_queued_idx, runs_running_heartbeat_idx) in every plan, generic ones included.
     * Enum names are safe to inline.
     */
    static String in(Collection<? extends Enum<?>> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("an empty set of statuses matches nothing");
        }
        return values.stream().map(v -> "'" + v.name() + "'").collect(Collectors.joining(", ", "(", ")"));
    }

    static String is(Enum<?> value) {
        return "'" + value.name() + "'";
    }

    static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /** status_reason and failure_reason hold at most 2000 characters. */
    static String truncated(String reason) {
        return truncated(reason, 2000);
    }

    static String truncated(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max - 3) + "...";
    }
}
