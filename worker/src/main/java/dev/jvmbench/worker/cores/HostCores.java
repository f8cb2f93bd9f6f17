package dev.jvmbench.worker.cores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The host cores this worker may use (its CPU affinity, read once at start) and how a cell's
 * containers are placed on them (docs/metrics.md, "Pinned cores"). A cell whose CPU limit is a whole
 * number N gets the last N cores for its app alone, and the load generator and the upstreams run on
 * the others, so that nothing the measurement itself starts competes with the app for its cores, and
 * the app's JIT and GC bursts meet no quota of a shared core. A fractional limit keeps the quota on
 * shared cores, and a host with too few cores for the split (N plus one) runs as before and says so.
 */
public record HostCores(List<Integer> cores) {

    public HostCores {
        cores = List.copyOf(new TreeSet<>(cores));
        if (cores.isEmpty()) {
            throw new IllegalArgumentException("no cores");
        }
    }

    /**
     * The host's online cores ({@code /sys/devices/system/cpu/online}): where the engine may place
     * containers, whatever this process's own affinity (./bench keeps the platform's processes on core
     * 0); else 0..n-1 for the cores the JVM counts.
     */
    public static HostCores ofHost() {
        try {
            return new HostCores(parse(Files.readString(Path.of("/sys/devices/system/cpu/online")).trim()));
        } catch (IOException | IllegalArgumentException e) {
            // not Linux, or unreadable: every core the JVM counts
        }
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            all.add(i);
        }
        return new HostCores(all);
    }

    /** A cpuset list such as {@code 0-3,6} as its cores. */
    static List<Integer> parse(String list) {
        List<Integer> cores = new ArrayList<>();
        for (String part : list.split(",")) {
            String range = part.trim();
            if (range.isEmpty()) {
                continue;
            }
            int dash = range.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? range : range.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(range.substring(dash + 1));
            for (int core = from; core <= to; core++) {
                cores.add(core);
            }
        }
        return cores;
    }

    /** Cores in any order as a cpuset list: {@code {5, 0, 2, 1}} is {@code 0-2,5}. */
    static String cpuset(java.util.Set<Integer> cores) {
        return cpuset(List.copyOf(new TreeSet<>(cores)));
    }

    /** Cores as a cpuset list, ranges joined: {@code [0, 1, 2, 5]} is {@code 0-2,5}. */
    static String cpuset(List<Integer> cores) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < cores.size()) {
            int start = cores.get(i);
            int end = start;
            while (i + 1 < cores.size() && cores.get(i + 1) == end + 1) {
                end = cores.get(++i);
            }
            out.append(out.isEmpty() ? "" : ",").append(start).append(start == end ? "" : "-" + end);
            i++;
        }
        return out.toString();
    }

    /** Where a cell whose app may use {@code cpus} CPUs runs. */
    public Placement placementFor(double cpus) {
        if (!(cpus > 0) || cpus != Math.rint(cpus)) {
            return Placement.shared(false, "the CPU limit " + cpus + " is not a whole number of cores: the app has a "
                    + "quota of CPU time on cores it shares");
        }
        int n = (int) cpus;
        if (cores.size() < n + 1) {
            return Placement.shared(true, "this worker has " + cores.size() + " core" + (cores.size() == 1 ? "" : "s")
                    + " (" + cpuset(cores) + "): too few to give the app " + n + " of its own and keep one for the load "
                    + "generator and the upstreams, so the app has a quota of CPU time on cores it shares with them");
        }
        return Placement.pinned(cpuset(cores.subList(cores.size() - n, cores.size())),
                cpuset(cores.subList(0, cores.size() - n)));
    }

    @Override
    public String toString() {
        return cpuset(cores);
    }
}
