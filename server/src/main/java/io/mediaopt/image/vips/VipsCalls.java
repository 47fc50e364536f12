package io.mediaopt.image.vips;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;

import static io.mediaopt.image.vips.LibVips.call;
import static io.mediaopt.image.vips.LibVips.integer;
import static io.mediaopt.image.vips.LibVips.pointer;
import static java.lang.foreign.ValueLayout.ADDRESS;

/**
 * How libvips' operations are called from here: each returns a status or an image, and a failure
 * takes libvips' error text with it. Shared by {@link Vips}, its savers and its measures.
 *
 * <p>libvips keeps one error buffer for the whole process (8.14 and later alike). Failures take
 * its text with {@code vips_error_buffer_copy}, which copies and clears it atomically, so a
 * message is never lost; when two calls fail at the same instant one of them may carry both
 * texts. The text only feeds logs; decisions never depend on it.
 */
final class VipsCalls {
    /** The fixed arguments of an operation, made in the call's arena; {@code out} receives its image. */
    interface Arguments {
        List<Object> build(Arena arena, MemorySegment out);
    }

    private final LibVips lib;

    VipsCalls(LibVips lib) {
        this.lib = lib;
    }

    LibVips lib() {
        return lib;
    }

    /** Runs {@code vips_<operation>}, whose second argument is the {@code VipsImage **out} it fills. */
    VipsImage image(String operation, Arguments arguments, List<MemoryLayout> fixed, VipsOptions options) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            run(arena, operation, fixed, arguments.build(arena, out), options);
            return wrap(out.get(ADDRESS, 0), operation);
        }
    }

    /** Runs one of libvips' file savers, such as {@code webpsave}, on {@code image}. */
    void save(String saver, VipsImage image, Path file, VipsOptions options) {
        try (Arena arena = Arena.ofConfined()) {
            run(arena, saver, List.of(pointer(), pointer()),
                    List.of(image.pointer(), arena.allocateFrom(file.toString())), options);
        }
    }

    /**
     * Runs {@code vips_<operation>}, which answers 0 on success, with {@code args} made in
     * {@code arena} and the options after them; a failure carries libvips' error text.
     */
    void run(Arena arena, String operation, List<MemoryLayout> fixed, List<Object> args, VipsOptions options) {
        int status = (int) lib.callVariadic(arena, "vips_" + operation, integer(), fixed, args, options);
        if (status != 0) throw new VipsException(operation, takeError());
    }

    /** An image a call returned, or the call's failure when it returned none. */
    VipsImage wrap(MemorySegment image, String operation) {
        if (image.equals(MemorySegment.NULL)) throw new VipsException(operation, takeError());
        return new VipsImage(lib, image);
    }

    /** Copies and clears libvips' error text in one step. */
    String takeError() {
        MemorySegment text = (MemorySegment) call(lib.errorBufferCopy);
        try {
            return VipsImage.cString(text);
        } finally {
            call(lib.gFree, text);
        }
    }
}
