package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.testing.DelayedHttpServer;
import dev.jvmbench.targetapp.scenario.testing.ScenarioContract;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The scenario contract plus what the MVC app keeps in both thread models: Tomcat's own limits. */
abstract class TomcatContract extends ScenarioContract {

    TomcatContract(String expectedThreadModel, DelayedHttpServer upstream) {
        super("mvc", expectedThreadModel, upstream);
    }

    @Test
    void tomcatQueuesInsteadOfRefusing() {
        var info = client().get("/info").json();
        assertThat(info.get("tomcatAcceptCount").asInt()).isEqualTo(8192);
        assertThat(info.get("tomcatMaxConnections").asInt()).isEqualTo(20000);
    }
}
