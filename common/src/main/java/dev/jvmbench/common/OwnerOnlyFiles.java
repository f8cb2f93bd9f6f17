package dev.jvmbench.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Secrets on disk (passwords, tokens): readable by their owner only, from the first byte. */
public final class OwnerOnlyFiles {

    public static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private OwnerOnlyFiles() {
    }

    /** Writes a new file that is created with mode 600 (a temp file moved into place). */
    public static void write(Path file, String content) throws IOException {
        Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".tmp",
                PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        try {
            Files.writeString(tmp, content);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
