package dev.jvmbench.worker.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** CPU time of a process from {@code /proc/<pid>/stat} (utime + stime, in clock ticks). */
final class ProcCpu {

    private static volatile long clockTicks;

    private ProcCpu() {
    }

    /** Milliseconds of CPU the process has used so far, or -1 when /proc cannot tell. */
    static long cpuMillis(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            return parseTicks(stat) * 1000 / clockTicks();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** utime + stime; the command name may hold spaces and parentheses, so fields count from the last ')'. */
    static long parseTicks(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // fields[0] is field 3 (state): utime is field 14, stime field 15
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    static long clockTicks() {
        long ticks = clockTicks;
        if (ticks == 0) {
            ticks = 100; // USER_HZ on Linux unless getconf says otherwise
            try {
                Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
                if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    ticks = Long.parseLong(new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim());
                } else {
                    p.destroyForcibly();
                }
            } catch (IOException | RuntimeException e) {
                // keep USER_HZ
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            clockTicks = ticks;
        }
        return ticks;
    }
}
