package dev.jvmbench.worker.run;

/**
 * Where a run's app answers: its requests on {@code serving}, its actuator (readiness and the
 * Prometheus scrape) on {@code management}.
 *
 * <p>A stock app gets a management port of its own (Spring Boot's {@code management.server.port}:
 * a second connector with its own threads), as production services are run: a request pool that
 * the load saturates then does not queue the platform's scrape behind the requests, and the
 * JVM's series stay whole at the level that matters most. A user's app keeps its own
 * configuration: when its monitoring shares the request port, a starved scrape is the app's
 * finding ({@code monitoring-starved}).
 */
record AppPorts(int serving, int management) {

    static AppPorts shared(int port) {
        return new AppPorts(port, port);
    }

    boolean separateManagement() {
        return management != serving;
    }
}
