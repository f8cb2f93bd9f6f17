package dev.jvmbench.loadgen;

import java.nio.file.Path;
import java.time.Duration;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * Gatling 3.15.1 ({@code io.gatling.commons.util.LatestGatlingRelease}) makes a blocking call to
 * Maven Central at start unless the user preferences node {@code /io/gatling/latestVersion}
 * holds a successful check whose {@code lastCheckTimestamp} is recent. A timestamp in the future
 * is always "recent", so the check never leaves the machine. The node lives under
 * {@code -Djava.util.prefs.userRoot}, which the launcher points at a private directory.
 */
final class VersionCheck {

    static final String NODE = "/io/gatling/latestVersion";

    private VersionCheck() {
    }

    static void skip() {
        if (System.getProperty("java.util.prefs.userRoot") == null) {
            // never write into the real user's ~/.java; must happen before the first Preferences call
            System.setProperty("java.util.prefs.userRoot",
                    Path.of(System.getProperty("java.io.tmpdir"), "jvmbench-loadgen-prefs").toString());
        }
        Preferences node = Preferences.userRoot().node(NODE);
        long future = System.currentTimeMillis() + Duration.ofDays(3650).toMillis();
        if (node.getLong("lastCheckTimestamp", 0L) >= future - Duration.ofDays(365).toMillis()) {
            return;
        }
        node.putLong("lastCheckTimestamp", future);
        node.putBoolean("lastCheckSuccess", true);
        // a "success" without these two is rejected and Gatling fetches again
        node.put("latestReleaseNumber", "3.15.1");
        node.put("latestReleaseDate", "2025-01-01T00:00:00Z");
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // the in-memory node still answers for this JVM; only the next start pays the check
            System.err.println("jvmbench-loadgen: could not persist Gatling version-check preferences: " + e);
        }
    }
}
