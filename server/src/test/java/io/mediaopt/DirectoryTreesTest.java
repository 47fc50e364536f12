package io.mediaopt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A work directory goes with everything in it, and with nothing a link in it points to. */
class DirectoryTreesTest {
    @TempDir
    Path dir;

    @Test
    void aTreeGoesWholeButWhatALinkInItPointsToStays() throws Exception {
        Path outside = Files.writeString(dir.resolve("kept"), "not the tree's");
        Path tree = Files.createDirectories(dir.resolve("work/job/chunks"));
        Files.writeString(tree.resolve("0.mp4"), "chunk");
        Files.writeString(dir.resolve("work/job/source"), "source");
        Files.createSymbolicLink(dir.resolve("work/job/link"), outside);
        Files.createSymbolicLink(dir.resolve("work/outside"), dir);

        DirectoryTrees.delete(dir.resolve("work"));

        assertThat(dir.resolve("work")).doesNotExist();
        assertThat(outside).hasContent("not the tree's");
    }

    @Test
    void aTreeThatIsNotThereIsAlreadyDeleted() throws Exception {
        DirectoryTrees.delete(dir.resolve("never-made"));
        DirectoryTrees.deleteOrWarn(dir.resolve("never-made"), LoggerFactory.getLogger(DirectoryTreesTest.class));

        assertThat(dir).isEmptyDirectory();
    }
}
