package dev.jvmbench.worker.cores;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Pins a cell's app to cores of its own on this host (docs/metrics.md, "Pinned cores"), when the
 * worker runs its containers on the local Docker engine ({@code bench.worker.pin-cores}, default
 * true). Pods are placed by Kubernetes (its static CPU manager gives a whole-number limit cores of its
 * own), so nothing is pinned for that engine. The host's cores are read once, at start, and the split
 * is logged.
 */
@Component
public class CorePinning {

    private static final Logger log = LoggerFactory.getLogger(CorePinning.class);
    private final HostCores cores;
    private final String off;
    private final CoreShield.Tasks shieldTasks;

    public CorePinning(boolean enabled, String engine) {
        this(enabled, engine, false);
    }

    @org.springframework.beans.factory.annotation.Autowired
    public CorePinning(@Value("${bench.worker.pin-cores:true}") boolean enabled,
                       @Value("${bench.worker.engine:docker}") String engine,
                       @Value("${bench.worker.shield-cores:false}") boolean shield) {
        this(HostCores.ofHost(), !enabled ? "core pinning is off (bench.worker.pin-cores=false)"
                : engine.strip().equalsIgnoreCase("docker") ? null
                : "the " + engine.strip() + " engine places containers itself", shield ? new LinuxTasks() : null);
    }

    CorePinning(HostCores cores, String off) {
        this(cores, off, null);
    }

    CorePinning(HostCores cores, String off, CoreShield.Tasks shieldTasks) {
        this.cores = cores;
        this.off = off;
        this.shieldTasks = off == null ? shieldTasks : null;
        if (this.shieldTasks != null) {
            log.info("Cores: a pinned app's cores are shielded while its run lasts: every other process on the host "
                    + "is kept off them (bench.worker.shield-cores)");
        }
        if (off != null) {
            log.info("Cores: not pinned: {}", off);
        } else {
            Placement one = cores.placementFor(1);
            log.info("Cores: this worker may use {}; a cell with a whole-number CPU limit N runs its app on the last N "
                    + "of them and the load generator and upstreams on the rest ({} for a 1-CPU cell)", cores,
                    one.describe());
        }
    }

    /** Where a run whose app may use {@code cpus} CPUs runs. */
    public Placement placementFor(double cpus) {
        return off != null ? Placement.none(off) : cores.placementFor(cpus);
    }

    /**
     * Keeps every other process off a pinned app's cores until closed (bench.worker.shield-cores);
     * null when shielding is off or nothing is pinned.
     */
    public CoreShield shield(Placement placement, java.nio.file.Path ledger) {
        return shieldTasks != null && placement.pinned() ? CoreShield.raise(shieldTasks, placement, ledger) : null;
    }

    /** Gives back what a killed predecessor's shield left moved ({@code ledger}), whether shielding is on now or not. */
    public void lowerLeftoverShield(java.nio.file.Path ledger) {
        if (java.nio.file.Files.exists(ledger)) {
            int restored = CoreShield.lowerLeftover(shieldTasks != null ? shieldTasks : new LinuxTasks(), ledger);
            log.warn("Cores: a stopped worker's shield had moved processes off its app's cores; {} got their cores back",
                    restored);
        }
    }

    /** Pinning that is off, for tests of the run flow. */
    public static CorePinning off(String why) {
        return new CorePinning(new HostCores(java.util.List.of(0)), why);
    }
}
