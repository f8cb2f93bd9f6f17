package dev.jvmbench.common.store;

import java.time.Instant;

/** A point as stored: the database gives it an id and the time it was written. */
public record StoredPoint(long id, Instant createdAt, Point point) {
}
