package io.mediaopt.image;

import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.ServerProcess;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A server on a libvips of its own (SERVICE_LIBVIPS_PATH, as test.sh and run.sh set it) leaves
 * the system's unloaded until an input that goes to it arrives: the system's library and its
 * codecs are ~17 MiB a server sent only JPEG, PNG and WebP never needs.
 */
@ProcessLevel
class SystemLibraryInServerTest {

    @Test
    void loadsTheSystemsLibvipsWithTheFirstGif() throws Exception {
        assumeTrue(TestVips.library().isPresent(), "needs SERVICE_LIBVIPS_PATH, as test.sh sets it");
        Path dir = Files.createTempDirectory("mediaopt-system-libvips");
        try (ServerProcess server = ServerProcess.start(dir, Map.of()).awaitHealthy();
             MediaoptClient client = server.client()) {
            client.optimizeTo(Fixtures.photoJpeg(800, 600), "web", dir.resolve("photo.webp"));
            assertThat(systemLibraryMapped(server)).isFalse();

            client.optimizeTo(Fixtures.animatedGif(), "web", dir.resolve("animation.webp"));
            assertThat(systemLibraryMapped(server)).isTrue();
            assertThat(server.log()).contains("started the system's libvips");
        }
    }

    private static boolean systemLibraryMapped(ServerProcess server) throws Exception {
        Path maps = Path.of("/proc", Long.toString(server.process().pid()), "maps");
        return Files.readString(maps).contains("/libvips.so.42");
    }
}
