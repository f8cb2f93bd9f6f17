package dev.jvmbench.loadgen;

import static io.gatling.javaapi.core.CoreDsl.ByteArrayBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import dev.jvmbench.loadgen.protocol.LevelCommand;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The one simulation every level runs. Gatling instantiates it by class name, so its
 * parameters are handed over through {@link #plan(LevelCommand, Duration)} just before each run.
 * Public with a public no-arg constructor because Gatling requires it.
 */
public class LoadSimulation extends Simulation {

    /** Beyond the request timeout: Gatling's own stop after the last user, never reached normally. */
    private static final Duration DRAIN_BACKSTOP = Duration.ofSeconds(10);

    /** The level's request and load, and how long this run starts requests (warm-up and window together). */
    private record Plan(LevelCommand command, Duration duration) {
    }

    private static volatile Plan next;

    static void plan(LevelCommand command, Duration duration) {
        next = new Plan(command, duration);
    }

    public LoadSimulation() {
        Plan plan = next;
        if (plan == null) {
            throw new IllegalStateException("no level planned");
        }
        LevelCommand c = plan.command();
        // no cache: a looping user would otherwise serve cacheable answers locally;
        // no redirects: expectedStatus is checked against what the app answered
        HttpProtocolBuilder protocol = http.disableWarmUp().disableCaching().disableFollowRedirect();

        HttpRequestActionBuilder request = http("request").httpRequest(c.method(), c.url())
                .headers(c.headers())
                .requestTimeout(c.requestTimeout())
                .check(status().is(c.expectedStatus()));
        if (c.body() != null) {
            // bytes, not StringBody: the app's payload must not be read as Gatling EL
            request = request.body(ByteArrayBody(c.body().getBytes(StandardCharsets.UTF_8)));
        }
        ChainBuilder once = exec(Probe::beforeRequest).exec(request).exec(Probe::afterRequest);

        PopulationBuilder population = switch (c.model()) {
            // N users, each looping on its own keep-alive connection: a realistic closed client. A user
            // finishes the request it is in when the time is up (exitASAP false), so no request is
            // abandoned while the app still works on it: abandoned work would queue before the next
            // window's first requests and open it with seconds in which nothing finishes
            case CLOSED -> scenario("closed").during(plan.duration(), false).on(once).injectOpen(atOnceUsers(c.level()))
                    .protocols(protocol);
            // arrivals independent of responses; a shared pool so each arrival is not a new connection
            case OPEN -> scenario("open").exec(once)
                    .injectOpen(constantUsersPerSec(c.level()).during(plan.duration()))
                    .protocols(protocol.shareConnections());
        };
        // the run ends when the last request in flight has finished (within its timeout); the caller
        // counts only what finished inside the window. maxDuration is a backstop, never the normal end
        setUp(population).maxDuration(plan.duration().plus(c.requestTimeout()).plus(DRAIN_BACKSTOP));
    }
}
