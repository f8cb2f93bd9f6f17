package dev.jvmbench.worker.run;

import dev.jvmbench.worker.load.LoadGenerator;

/** The run's load generator, warmed up against the app: the load steps run their levels on it. */
record LoadSession(LoadGenerator generator) {
}
