package dev.jvmbench.common.catalog;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Feature version -> base image, as configured in jdk-catalog.yaml. */
public record JdkCatalog(List<JdkEntry> jdks) {

    public static final String DEFAULT_LOCATION = "classpath:jvmbench/jdk-catalog.yaml";

    public JdkCatalog {
        jdks = jdks.stream().sorted(Comparator.comparingInt(JdkEntry::version)).toList();
        long distinct = jdks.stream().mapToInt(JdkEntry::version).distinct().count();
        if (distinct != jdks.size()) {
            throw new IllegalArgumentException("JDK catalogue: a JDK version is listed twice");
        }
    }

    public Optional<JdkEntry> find(int version) {
        return jdks.stream().filter(j -> j.version() == version).findFirst();
    }

    public List<Integer> availableVersions() {
        return jdks.stream().filter(JdkEntry::available).map(JdkEntry::version).toList();
    }

    public static JdkCatalog load(String location) {
        Map<String, Object> root = CatalogFiles.read(location);
        List<Map<String, Object>> entries = CatalogFiles.list(root, "jdks", location);
        return new JdkCatalog(entries.stream().map(e -> new JdkEntry(
                CatalogFiles.integer(e, "version", location),
                CatalogFiles.string(e, "image"),
                CatalogFiles.string(e, "build"),
                CatalogFiles.string(e, "archive"),
                sha256(e, location),
                CatalogFiles.string(e, "suite"),
                !Boolean.FALSE.equals(e.get("available")),
                CatalogFiles.string(e, "reason"))).toList());
    }

    /** A digest YAML read as a number (all digits, or a leading 0 read as octal) would not be the same text. */
    private static String sha256(Map<String, Object> entry, String location) {
        Object value = entry.get("sha256");
        if (value != null && !(value instanceof String)) {
            throw new IllegalArgumentException("catalogue " + location + ": 'sha256' must be a string of 64 hex characters"
                    + " (quote it) in " + entry);
        }
        return (String) value;
    }
}
