package dev.jvmbench.api.query;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An RFC 3339 date-time (section 5.6), as the contract's {@code format: date-time} means it and JSON
 * Schema validators check it: {@code T} and {@code Z} in either case, any number of fraction
 * digits, offsets up to 23:59, and a leap second (:60) where it falls at 23:59 UTC. java.time's
 * ISO parsers take less (offsets to 18:00, nine fraction digits, upper case only), so this parses
 * the grammar itself. The instant of a leap second is the start of the next second.
 */
public final class Rfc3339 {

    private static final Pattern DATE_TIME = Pattern.compile(
            "(\\d{4})-(\\d{2})-(\\d{2})[Tt](\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d+))?(?:([Zz])|([+-])(\\d{2}):(\\d{2}))");

    private Rfc3339() {
    }

    /** The instant, or null when {@code value} is not an RFC 3339 date-time. */
    public static Instant parse(String value) {
        Matcher m = DATE_TIME.matcher(value);
        if (!m.matches()) {
            return null;
        }
        int offsetHours = m.group(8) != null ? 0 : Integer.parseInt(m.group(10));
        int offsetMinutes = m.group(8) != null ? 0 : Integer.parseInt(m.group(11));
        int second = Integer.parseInt(m.group(6));
        if (offsetHours > 23 || offsetMinutes > 59 || second > 60) {
            return null;
        }
        int offsetSeconds = ("-".equals(m.group(9)) ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
        String fraction = m.group(7) == null ? "" : m.group(7);
        int nanos = fraction.isEmpty() ? 0 : Integer.parseInt((fraction + "00000000").substring(0, 9));
        try {
            LocalDateTime local = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
                    Math.min(second, 59), nanos);
            // java.time has no offsets past 18:00: apply the offset as seconds instead
            LocalDateTime utc = local.minusSeconds(offsetSeconds);
            if (second == 60) {
                if (utc.getHour() != 23 || utc.getMinute() != 59) {
                    return null;
                }
                utc = utc.withNano(0).plusSeconds(1);
            }
            return utc.toInstant(ZoneOffset.UTC);
        } catch (DateTimeException invalidDate) {
            return null;
        }
    }
}
