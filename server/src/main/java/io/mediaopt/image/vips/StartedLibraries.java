package io.mediaopt.image.vips;

import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static io.mediaopt.image.vips.LibVips.call;

/**
 * The libvips libraries this process has started, each once: loaded, initialised with untrusted
 * loaders blocked and the operation cache off. Later requests for the same library only set its
 * thread count.
 */
final class StartedLibraries {
    private static final Map<Optional<Path>, LibVips> STARTED = new HashMap<>();

    private StartedLibraries() {}

    /** The libvips in {@code library}, or the system's when empty, with {@code concurrency} threads per image. */
    static synchronized LibVips started(Optional<Path> library, int concurrency) {
        LibVips lib = STARTED.computeIfAbsent(library, StartedLibraries::start);
        call(lib.concurrencySet, Math.max(1, concurrency));
        return lib;
    }

    private static LibVips start(Optional<Path> library) {
        LibVips lib = LibVips.load(library);
        // vips_init writes the install prefix it guessed into VIPSHOME, where a second libvips
        // would take it for its own and look for its modules under the first one's prefix
        ProcessEnvironment.restore("VIPSHOME");
        try (Arena arena = Arena.ofConfined()) {
            if ((int) call(lib.init, arena.allocateFrom("mediaopt")) != 0) {
                throw new IllegalStateException("libvips failed to start");
            }
        }
        // Uploads are untrusted: refuse SVG, PDF, ImageMagick, FITS, MAT and the other loaders
        // libvips marks unsafe for hostile input.
        call(lib.blockUntrustedSet, 1);
        // Every upload is a new file read once; a cache would only hold memory and open files.
        call(lib.cacheSetMax, 0);
        call(lib.cacheSetMaxMem, 0L);
        call(lib.cacheSetMaxFiles, 0);
        return lib;
    }
}
