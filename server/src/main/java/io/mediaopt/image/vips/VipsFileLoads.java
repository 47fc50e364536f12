package io.mediaopt.image.vips;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static io.mediaopt.image.vips.LibVips.call;
import static io.mediaopt.image.vips.LibVips.pointer;

/**
 * Files opened by libvips' loaders ({@code vips_image_new_from_file}): each read once from start
 * to end, so nothing is decoded before something evaluates the image. {@link Vips} hands these out.
 */
final class VipsFileLoads {
    private static final int ACCESS_SEQUENTIAL = 1;
    private static final int FAIL_ON_ERROR = 2;

    private final LibVips lib;
    private final VipsCalls calls;

    VipsFileLoads(VipsCalls calls) {
        this.lib = calls.lib();
        this.calls = calls;
    }

    /** The class name of the loader libvips would use (e.g. VipsForeignLoadJpegFile), if any. */
    Optional<String> findLoader(Path file) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = (MemorySegment) call(lib.foreignFindLoad, arena.allocateFrom(file.toString()));
            if (name.equals(MemorySegment.NULL)) {
                calls.takeError();
                return Optional.empty();
            }
            return Optional.of(VipsImage.cString(name));
        }
    }

    /** The header only, for reading; a decode goes on past errors as libvips' loaders do by default. */
    VipsImage header(Path file) {
        return open(file, VipsOptions.none().set("access", ACCESS_SEQUENTIAL), "header read");
    }

    /** For one sequential decode that stops at the first error, as vips_thumbnail's is. */
    VipsImage forDecode(Path file) {
        return open(file, strict(), "open");
    }

    /** A JPEG decoded at 1/{@code shrink} of its size (2, 4 or 8), stopping at the first error. */
    VipsImage jpegShrunk(Path file, int shrink) {
        return open(file, strict().set("shrink", shrink), "jpegload");
    }

    private static VipsOptions strict() {
        return VipsOptions.none().set("access", ACCESS_SEQUENTIAL).set("fail_on", FAIL_ON_ERROR);
    }

    private VipsImage open(Path file, VipsOptions options, String what) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment image = (MemorySegment) lib.callVariadic(arena, "vips_image_new_from_file",
                    pointer(), List.of(pointer()), List.of(arena.allocateFrom(file.toString())), options);
            return calls.wrap(image, what);
        }
    }
}
