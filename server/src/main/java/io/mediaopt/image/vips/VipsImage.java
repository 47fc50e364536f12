package io.mediaopt.image.vips;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static io.mediaopt.image.vips.LibVips.call;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * One reference to a libvips image (a VipsImage*). Closing it drops the reference; libvips frees
 * the image once no pipeline uses it any more. {@link #kill()} may come from another thread (the
 * timeout watchdog), so it and {@link #close()} are synchronized: a kill never touches an image
 * this handle has already released.
 */
public final class VipsImage implements AutoCloseable {
    /** VIPS_FORMAT_USHORT of libvips' VipsBandFormat. */
    private static final int FORMAT_USHORT = 2;
    /** VIPS_INTERPRETATION_CMYK of libvips' VipsInterpretation. */
    private static final int INTERPRETATION_CMYK = 15;

    private final LibVips lib;
    private MemorySegment pointer;

    VipsImage(LibVips lib, MemorySegment pointer) {
        this.lib = lib;
        this.pointer = pointer;
    }

    public int width() {
        return (int) call(lib.imageGetWidth, pointer());
    }

    public int height() {
        return (int) call(lib.imageGetHeight, pointer());
    }

    public int bands() {
        return (int) call(lib.imageGetBands, pointer());
    }

    /**
     * Pages (frames) in the file, which may be more than this image holds. Read from the
     * {@code n-pages} field itself: {@code vips_image_get_n_pages} answers 1 for 10000 pages or
     * more, which would let a GIF of 10000 tiny frames pass the frame limit as a still.
     */
    public int pages() {
        if (has("n-pages")) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(JAVA_INT);
                if ((int) call(lib.imageGetInt, pointer(), arena.allocateFrom("n-pages"), out) == 0) {
                    return out.get(JAVA_INT, 0);
                }
            }
        }
        return (int) call(lib.imageGetNPages, pointer());
    }

    /** Height of one page; equals {@link #height()} unless several pages are stacked. */
    public int pageHeight() {
        return (int) call(lib.imageGetPageHeight, pointer());
    }

    /** EXIF orientation, 1 to 8; 1 when there is none. */
    public int orientation() {
        return (int) call(lib.imageGetOrientation, pointer());
    }

    /** The largest value of a pixel's band: 255 for 8-bit images, 65535 for 16-bit ones. */
    public double maxValue() {
        return (int) call(lib.imageGetFormat, pointer()) == FORMAT_USHORT ? 65535 : 255;
    }

    /** Ink rather than light: a print file (CMYK JPEG or TIFF). */
    public boolean isCmyk() {
        return (int) call(lib.imageGetInterpretation, pointer()) == INTERPRETATION_CMYK;
    }

    public boolean hasAlpha() {
        return (int) call(lib.imageHasAlpha, pointer()) != 0;
    }

    public boolean has(String field) {
        try (Arena arena = Arena.ofConfined()) {
            return (long) call(lib.imageGetTypeof, pointer(), arena.allocateFrom(field)) != 0;
        }
    }

    public Optional<String> string(String field) {
        if (!has(field)) return Optional.empty();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            if ((int) call(lib.imageGetString, pointer(), arena.allocateFrom(field), out) != 0) {
                return Optional.empty();
            }
            // the string belongs to the image: copy it before anything can free it
            return Optional.of(cString(out.get(ADDRESS, 0)));
        }
    }

    /** Names of every metadata field (exif-*, xmp-data, icc-profile-data, ...). */
    public List<String> fields() {
        MemorySegment array = (MemorySegment) call(lib.imageGetFields, pointer());
        List<String> names = new ArrayList<>();
        MemorySegment entries = array.reinterpret(Long.MAX_VALUE);
        for (long i = 0; ; i++) {
            MemorySegment entry = entries.getAtIndex(ADDRESS, i);
            if (entry.equals(MemorySegment.NULL)) break;
            names.add(cString(entry));
        }
        call(lib.gStrfreev, array);
        return names;
    }

    /**
     * Asks libvips to abandon any evaluation that pulls pixels through this image: the next
     * region it prepares sees the flag and fails, which fails the save in progress.
     */
    synchronized void kill() {
        if (pointer != null) call(lib.imageSetKill, pointer, 1);
    }

    synchronized MemorySegment pointer() {
        if (pointer == null) throw new IllegalStateException("image already closed");
        return pointer;
    }

    @Override
    public synchronized void close() {
        if (pointer == null) return;
        call(lib.gObjectUnref, pointer);
        pointer = null;
    }

    static String cString(MemorySegment pointer) {
        return pointer.reinterpret(Long.MAX_VALUE).getString(0);
    }
}
