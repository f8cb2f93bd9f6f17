package dev.jvmbench.worker.run;

import dev.jvmbench.worker.container.RunningContainer;
import dev.jvmbench.worker.probe.ContainerProbe;
import dev.jvmbench.worker.probe.CoreSpeed;
import dev.jvmbench.worker.probe.PrometheusScraper;
import java.net.URI;

/**
 * The app container once it answered its readiness probe, with what watches it.
 *
 * @param scraper   null when the app serves no {@code /actuator/prometheus}
 * @param coreSpeed how fast the app's cores ran (one that measures nothing when it had none of its own)
 */
record StartedApp(RunningContainer container, int port, ContainerProbe probe, PrometheusScraper scraper,
                  CoreSpeed coreSpeed) {

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }
}
