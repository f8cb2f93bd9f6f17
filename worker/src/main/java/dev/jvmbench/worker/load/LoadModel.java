package dev.jvmbench.worker.load;

/** How load is offered in a level. */
public enum LoadModel {
    /** {@code level} virtual users, each looping request after request on a keep-alive connection. */
    CLOSED,
    /** {@code level} arrivals per second whatever the answers, over a shared connection pool. */
    OPEN
}
