package dev.jvmbench.common.catalog;

import java.io.PrintStream;
import java.util.List;

/**
 * The JDK catalogue for shell scripts, read by the same loader as the api and the worker, so the
 * image builders never parse the YAML themselves (two parsers of one file drift apart):
 *
 * <pre>
 *   java -cp common/target/classes:&lt;snakeyaml&gt; dev.jvmbench.common.catalog.JdkCatalogLines MODE CATALOGUE
 * </pre>
 *
 * <ul>
 *   <li>{@code buildable}: {@code version|image|suite|package|archive|sha256}, one line per available
 *       entry {@code worker/host/build-images.sh} builds: with a {@code build} (the Debian package;
 *       archive and sha256 empty) or an {@code archive} (the vendor archive's URL or path and its
 *       sha256, package empty; suite: the base it is unpacked onto)</li>
 *   <li>{@code available}: {@code version|image}, one line per available entry (the JDKs the
 *       target-app images are built for)</li>
 * </ul>
 *
 * A catalogue the loader refuses exits 1 with its message on stderr; a wrong call exits 2.
 * Run by {@code jdk_catalog} in {@code worker/host/common.sh}.
 */
final class JdkCatalogLines {

    private JdkCatalogLines() {
    }

    public static void main(String[] args) {
        if (args.length != 2 || !List.of("buildable", "available").contains(args[0])) {
            System.err.println("usage: JdkCatalogLines buildable|available <catalogue file or classpath:...>");
            System.exit(2);
        }
        JdkCatalog catalog;
        try {
            catalog = JdkCatalog.load(args[1]);
        } catch (RuntimeException e) {
            System.err.println("the JDK catalogue " + args[1] + " is invalid: " + e.getMessage());
            System.exit(1);
            return;
        }
        print(catalog, args[0], System.out);
    }

    static void print(JdkCatalog catalog, String mode, PrintStream out) {
        for (JdkEntry jdk : catalog.jdks()) {
            if (!jdk.available()) {
                continue;
            }
            if (mode.equals("available")) {
                out.println(jdk.version() + "|" + jdk.image());
            } else if (jdk.build() != null) {
                out.println(jdk.version() + "|" + jdk.image() + "|" + jdk.buildSuite() + "|" + jdk.buildPackage() + "||");
            } else if (jdk.archive() != null) {
                out.println(jdk.version() + "|" + jdk.image() + "|" + jdk.archiveSuite() + "||" + jdk.archive() + "|"
                        + jdk.sha256());
            }
        }
        out.flush();
    }
}
