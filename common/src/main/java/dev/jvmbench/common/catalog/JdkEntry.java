package dev.jvmbench.common.catalog;

import java.util.regex.Pattern;

/**
 * One JDK of the catalogue. Where its image comes from, at most one of:
 * <ul>
 *   <li>{@code build}: "&lt;debian suite&gt; &lt;package&gt;", built locally by `./bench setup` from a
 *       Debian package;</li>
 *   <li>{@code archive}: a JDK archive as vendors ship it (a {@code .tar.gz} holding one top
 *       directory), by URL ({@code https://}, {@code http://}, {@code file://}) or file path, with its
 *       {@code sha256}; `./bench setup` unpacks it onto {@code jvmbench/base:<suite>} ({@code suite}
 *       defaults to {@value #DEFAULT_ARCHIVE_SUITE});</li>
 *   <li>neither: the image comes from a registry.</li>
 * </ul>
 * An unavailable entry ({@code available: false}) gives a {@code reason} and may name none of them.
 */
public record JdkEntry(int version, String image, String build, String archive, String sha256, String suite,
                       boolean available, String reason) {

    /** The base suite an archive is unpacked onto when the entry names none. */
    public static final String DEFAULT_ARCHIVE_SUITE = "trixie";

    private static final Pattern SHA256 = Pattern.compile("[0-9a-fA-F]{64}");
    private static final Pattern URL = Pattern.compile("(?i)(https?|file)://\\S+");
    private static final Pattern SUITE = Pattern.compile("[a-z][a-z0-9.-]*");

    /** An entry built from a Debian package, or from a registry when {@code build} is null. */
    public JdkEntry(int version, String image, String build, boolean available, String reason) {
        this(version, image, build, null, null, null, available, reason);
    }

    public JdkEntry {
        if (version < 8 || version > 99) {
            throw new IllegalArgumentException("JDK catalogue: version " + version + " is not a JDK feature version");
        }
        if (available && (image == null || image.isBlank())) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version + " is available but names no image");
        }
        if (!available && (reason == null || reason.isBlank())) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version + " is unavailable but gives no reason");
        }
        if (build != null && archive != null) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version
                    + " has both 'build' and 'archive': name one, the Debian package or the vendor archive");
        }
        if ((build != null || archive != null) && (image == null || image.isBlank())) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version + " has '"
                    + (build != null ? "build" : "archive") + "' but no 'image' to build");
        }
        if (build != null && build.trim().split("\\s+").length != 2) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version
                    + ": 'build' must read '<debian suite> <package>', got '" + build + "'");
        }
        if (archive != null) {
            checkArchive(version, archive);
            if (sha256 == null) {
                throw new IllegalArgumentException("JDK catalogue: JDK " + version
                        + ": 'archive' needs its 'sha256' (64 hex characters, as the vendor publishes it)");
            }
        } else if (sha256 != null) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version
                    + " has a 'sha256' but no 'archive' it would check");
        }
        if (sha256 != null && !SHA256.matcher(sha256).matches()) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version
                    + ": 'sha256' must be 64 hex characters, got '" + sha256 + "' (" + sha256.length()
                    + " characters)");
        }
        if (sha256 != null) {
            sha256 = sha256.toLowerCase(java.util.Locale.ROOT); // as sha256sum prints it
        }
        if (suite != null && archive == null) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version
                    + ": 'suite' goes with 'archive' only (a 'build' names its suite itself)");
        }
        if (suite != null && !SUITE.matcher(suite).matches()) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version
                    + ": 'suite' must be a Debian suite such as trixie or sid, got '" + suite + "'");
        }
    }

    private static void checkArchive(int version, String archive) {
        // The scripts read the catalogue as '|'-separated lines.
        if (archive.isBlank() || archive.chars().anyMatch(c -> Character.isWhitespace(c) || c == '|')) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version
                    + ": 'archive' must be a URL or a file path without spaces or '|', got '" + archive + "'");
        }
        if (archive.contains("://") && !URL.matcher(archive).matches()) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version
                    + ": 'archive' must be an https://, http:// or file:// URL or a file path, got '" + archive + "'");
        }
        String name = archiveFileName(archive);
        if (!name.endsWith(".tar.gz") && !name.endsWith(".tgz")) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version
                    + ": 'archive' must name a .tar.gz (or .tgz) as vendors ship a Linux JDK, got '" + name + "'");
        }
    }

    /** The file name of an archive URL or path: what an offline host's archive directory is searched for. */
    static String archiveFileName(String archive) {
        String path = archive.replaceFirst("[?#].*$", "");
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The Debian suite of {@code build} ("trixie"); null when the image is not built locally. */
    public String buildSuite() {
        return build == null ? null : build.trim().split("\\s+")[0];
    }

    /** The JDK package of {@code build} ("openjdk-25-jdk-headless"); null when the image is not built locally. */
    public String buildPackage() {
        return build == null ? null : build.trim().split("\\s+")[1];
    }

    /** The base suite an archive is unpacked onto; null when the entry has no archive. */
    public String archiveSuite() {
        return archive == null ? null : suite == null ? DEFAULT_ARCHIVE_SUITE : suite;
    }

    /** Whether `./bench setup` builds the image here (from a Debian package or an archive). */
    public boolean builtLocally() {
        return build != null || archive != null;
    }
}
