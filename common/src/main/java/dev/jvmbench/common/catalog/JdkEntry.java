package dev.jvmbench.common.catalog;

/**
 * One JDK of the catalogue. {@code build} is "<debian suite> <package>" when the image is built
 * locally by `./bench setup`; null when the image comes from a registry.
 */
public record JdkEntry(int version, String image, String build, boolean available, String reason) {

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
        if (build != null && (image == null || image.isBlank())) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version + " has 'build' but no 'image' to build");
        }
        if (build != null && build.trim().split("\\s+").length != 2) {
            throw new IllegalArgumentException("JDK catalogue: JDK " + version
                    + ": 'build' must read '<debian suite> <package>', got '" + build + "'");
        }
    }

    /** The Debian suite of {@code build} ("trixie"); null when the image is not built locally. */
    public String buildSuite() {
        return build == null ? null : build.trim().split("\\s+")[0];
    }

    /** The JDK package of {@code build} ("openjdk-25-jdk-headless"); null when the image is not built locally. */
    public String buildPackage() {
        return build == null ? null : build.trim().split("\\s+")[1];
    }
}
