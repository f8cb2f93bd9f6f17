package dev.jvmbench.worker.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Archives a hostile container could make the engine send, built here: the engine's own archives
 * of a real directory are unpacked in ContainerFilesAndLogsTest.
 */
class TarExtractionTest {

    @TempDir
    Path target;

    @TempDir
    Path elsewhere;

    /** Builds a tar archive entry by entry. */
    private static final class Tar {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final TarArchiveOutputStream out = new TarArchiveOutputStream(bytes);

        Tar() {
            out.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
        }

        Tar directory(String name) throws IOException {
            out.putArchiveEntry(new TarArchiveEntry(name.endsWith("/") ? name : name + "/"));
            out.closeArchiveEntry();
            return this;
        }

        Tar file(String name, byte[] content) throws IOException {
            TarArchiveEntry entry = new TarArchiveEntry(name);
            entry.setSize(content.length);
            out.putArchiveEntry(entry);
            out.write(content);
            out.closeArchiveEntry();
            return this;
        }

        Tar file(String name, String content) throws IOException {
            return file(name, content.getBytes(StandardCharsets.UTF_8));
        }

        Tar special(String name, byte type, String linkTarget) throws IOException {
            TarArchiveEntry entry = new TarArchiveEntry(name, type);
            if (linkTarget != null) {
                entry.setLinkName(linkTarget);
            }
            out.putArchiveEntry(entry);
            out.closeArchiveEntry();
            return this;
        }

        ByteArrayInputStream stream() throws IOException {
            out.finish();
            return new ByteArrayInputStream(bytes.toByteArray());
        }
    }

    @Test
    void directoriesAndRegularFilesAreUnpackedBelowTheTarget() throws IOException {
        ByteArrayInputStream tar = new Tar()
                .directory("jvmbench-jfr")
                .directory("jvmbench-jfr/2026_11_24_05_40_00_1")
                .file("jvmbench-jfr/2026_11_24_05_40_00_1/2026_11_24_05_40_00.jfr", "chunk")
                .file("jvmbench-jfr/top.txt", "top")
                .special("jvmbench-jfr/passwd", TarConstants.LF_SYMLINK, "/etc/passwd")
                .special("jvmbench-jfr/hard", TarConstants.LF_LINK, "jvmbench-jfr/top.txt")
                .special("jvmbench-jfr/pipe", TarConstants.LF_FIFO, null)
                .special("jvmbench-jfr/disk", TarConstants.LF_BLK, null)
                .stream();

        TarExtraction.Result result = TarExtraction.extract(tar, target, 1024);

        Path root = target.toRealPath();
        assertThat(result.files()).containsExactlyInAnyOrder(
                root.resolve("2026_11_24_05_40_00_1/2026_11_24_05_40_00.jfr"), root.resolve("top.txt"));
        assertThat(root.resolve("2026_11_24_05_40_00_1/2026_11_24_05_40_00.jfr")).hasContent("chunk");
        assertThat(result.skipped()).containsExactly("jvmbench-jfr/passwd", "jvmbench-jfr/hard", "jvmbench-jfr/pipe",
                "jvmbench-jfr/disk");
        assertThat(result.bytes()).isEqualTo(8);
        try (var listing = Files.list(root)) {
            assertThat(listing.map(path -> path.getFileName().toString()))
                    .containsExactlyInAnyOrder("2026_11_24_05_40_00_1", "top.txt");
        }
    }

    @Test
    void namesThatLeaveTheTargetFailTheCopy() throws IOException {
        for (String evil : new String[] {"dir/../../evil", "../evil", "/etc/evil", "dir/sub/../../../evil"}) {
            ByteArrayInputStream tar = new Tar().directory("dir").file(evil, "x").stream();
            assertThatThrownBy(() -> TarExtraction.extract(tar, target, 1024))
                    .as(evil)
                    .isInstanceOf(ContainerEngineException.class)
                    // the archive library drops a leading '/': such a name then lies outside the directory
                    .hasMessageContaining(evil.replaceFirst("^/", ""));
        }
        ByteArrayInputStream sibling = new Tar().directory("dir").file("other/evil", "x").stream();
        assertThatThrownBy(() -> TarExtraction.extract(sibling, target, 1024))
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining("outside the directory");
        assertThat(elsewhere.getParent().resolve("evil")).doesNotExist();
        assertThat(Path.of("/etc/evil")).doesNotExist();
    }

    @Test
    void nothingIsWrittenThroughALinkAlreadyInTheTarget() throws IOException {
        Files.createSymbolicLink(target.resolve("sub"), elsewhere);
        ByteArrayInputStream tar = new Tar().directory("dir").directory("dir/sub").file("dir/sub/x", "x").stream();

        assertThatThrownBy(() -> TarExtraction.extract(tar, target, 1024))
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining("link");
        assertThat(elsewhere.resolve("x")).doesNotExist();
    }

    @Test
    void moreThanTheCapFailsTheCopy() throws IOException {
        ByteArrayInputStream tar = new Tar().directory("dir")
                .file("dir/a", new byte[600]).file("dir/b", new byte[600]).stream();

        assertThatThrownBy(() -> TarExtraction.extract(tar, target, 1000))
                .isInstanceOf(ContainerEngineException.class)
                .hasMessageContaining("more than 1000 bytes")
                .hasMessageContaining("dir/b");
    }

    @Test
    void aFileIsNotADirectory() throws IOException {
        ByteArrayInputStream tar = new Tar().file("jvmbench.jfr", "x").stream();

        assertThatThrownBy(() -> TarExtraction.extract(tar, target, 1024))
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining("not a directory");
        assertThatThrownBy(() -> TarExtraction.extract(new Tar().stream(), target, 1024))
                .isInstanceOf(ContainerEngineException.class).hasMessageContaining("empty archive");
    }
}
