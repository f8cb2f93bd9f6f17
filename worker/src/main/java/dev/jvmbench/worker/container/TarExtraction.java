package dev.jvmbench.worker.container;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * Unpacks the tar archive the engine sends for a directory ({@code GET /containers/{id}/archive}),
 * whose entries all start with the directory's own name, into a directory of the worker's. The
 * archive comes from a container an untrusted app wrote to, so nothing in it may reach outside
 * the target: names that are absolute or climb with {@code ..} fail the copy, links, devices and
 * pipes are skipped (a link could point anywhere on the host), nothing is written through a link
 * already in the target, and the file content is capped.
 */
final class TarExtraction {

    private TarExtraction() {
    }

    /** What was unpacked: the regular files written and the entries skipped. */
    record Result(List<Path> files, List<String> skipped, long bytes) {
    }

    /**
     * @param tar      the archive; its first entry must be the directory itself
     * @param target   where the directory's content goes (created if missing)
     * @param maxBytes the most file content to write
     * @throws ContainerEngineException for an archive that is not a directory, an entry that
     *                                  would leave {@code target}, or more than {@code maxBytes}
     */
    static Result extract(InputStream tar, Path target, long maxBytes) throws IOException {
        Path root = Files.createDirectories(target).toRealPath();
        List<Path> files = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        long bytes = 0;
        String prefix = null;
        // not closed here: the caller owns the stream (and drains it for the connection's sake)
        TarArchiveInputStream archive = new TarArchiveInputStream(tar);
        TarArchiveEntry entry;
        while ((entry = archive.getNextEntry()) != null) {
            String name = entry.getName();
            List<String> parts = parts(name);
            if (prefix == null) {
                if (!entry.isDirectory() || parts.size() != 1) {
                    throw new ContainerEngineException("not a directory: the archive starts with '" + name + "'");
                }
                prefix = parts.getFirst();
                continue;
            }
            if (parts.isEmpty() || !parts.getFirst().equals(prefix)) {
                throw new ContainerEngineException("archive entry '" + name + "' is outside the directory '" + prefix + "'");
            }
            List<String> relative = parts.subList(1, parts.size());
            if (relative.isEmpty()) {
                continue;
            }
            Path destination = inside(root, relative, name);
            if (entry.isDirectory()) {
                createDirectories(root, destination);
            } else if (isRegularFile(entry)) {
                if (entry.getSize() > maxBytes - bytes) {
                    throw tooMuch(maxBytes, name);
                }
                createDirectories(root, destination.getParent());
                try (OutputStream out = Files.newOutputStream(destination, StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                    bytes += copyAtMost(archive, out, maxBytes - bytes, maxBytes, name);
                }
                files.add(destination);
            } else {
                skipped.add(name);
            }
        }
        tar.transferTo(OutputStream.nullOutputStream());
        if (prefix == null) {
            throw new ContainerEngineException("empty archive: no directory in it");
        }
        return new Result(List.copyOf(files), List.copyOf(skipped), bytes);
    }

    /** commons-compress counts pipes and devices as files too. */
    private static boolean isRegularFile(TarArchiveEntry entry) {
        return entry.isFile() && !entry.isLink() && !entry.isSymbolicLink() && !entry.isFIFO()
                && !entry.isCharacterDevice() && !entry.isBlockDevice();
    }

    /** The name's path elements, without empty and {@code .} ones; absolute names and {@code ..} are refused. */
    private static List<String> parts(String name) {
        if (name.startsWith("/") || name.contains("\\") || name.indexOf('\0') >= 0) {
            throw new ContainerEngineException("archive entry with an unsafe name: '" + name + "'");
        }
        List<String> parts = new ArrayList<>();
        for (String part : name.split("/")) {
            if (part.equals("..")) {
                throw new ContainerEngineException("archive entry that climbs out with '..': '" + name + "'");
            }
            if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        return parts;
    }

    private static Path inside(Path root, List<String> relative, String name) {
        Path destination = root.resolve(String.join("/", relative)).normalize();
        if (!destination.startsWith(root) || destination.equals(root)) {
            throw new ContainerEngineException("archive entry '" + name + "' would be written outside " + root);
        }
        return destination;
    }

    /** Creates the directories down to {@code directory}, refusing to pass through a link. */
    private static void createDirectories(Path root, Path directory) throws IOException {
        Path current = root;
        for (Path part : root.relativize(directory)) {
            current = current.resolve(part);
            if (Files.isSymbolicLink(current)) {
                throw new ContainerEngineException("a link in the target directory is in the way: " + current);
            }
            if (!Files.isDirectory(current, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectory(current);
            }
        }
    }

    private static long copyAtMost(InputStream in, OutputStream out, long allowed, long maxBytes, String name)
            throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long copied = 0;
        int n;
        while ((n = in.read(buffer)) > 0) {
            copied += n;
            if (copied > allowed) {
                throw tooMuch(maxBytes, name);
            }
            out.write(buffer, 0, n);
        }
        return copied;
    }

    private static ContainerEngineException tooMuch(long maxBytes, String name) {
        return new ContainerEngineException("the directory holds more than " + maxBytes + " bytes (at '" + name
                + "'): not copied");
    }
}
