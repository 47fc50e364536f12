package io.mediaopt.image.vips;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import static io.mediaopt.image.vips.LibVips.call;
import static io.mediaopt.image.vips.LibVips.integer;
import static io.mediaopt.image.vips.LibVips.pointer;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/** What is read out of an image rather than made of it: its pixels for the metric, and statistics. */
public final class VipsMeasures {
    private static final int INTERPRETATION_SRGB = 22;
    private static final int FORMAT_UCHAR = 0;

    private final VipsCalls calls;

    VipsMeasures(VipsCalls calls) {
        this.calls = calls;
    }

    /**
     * Every pixel as 8-bit sRGB, interleaved, with alpha when the image has it: what the
     * perceptual metric reads. Evaluates the image.
     */
    public SrgbPixels srgbPixels(VipsImage image) {
        LibVips lib = calls.lib();
        try (VipsImage srgb = calls.image("colourspace", (arena, out) -> List.of(image.pointer(), out, INTERPRETATION_SRGB),
                List.of(pointer(), pointer(), integer()), VipsOptions.none());
             VipsImage bytes = calls.image("cast", (arena, out) -> List.of(srgb.pointer(), out, FORMAT_UCHAR),
                     List.of(pointer(), pointer(), integer()), VipsOptions.none());
             Arena arena = Arena.ofConfined()) {
            MemorySegment size = arena.allocate(JAVA_LONG);
            MemorySegment data = (MemorySegment) call(lib.imageWriteToMemory, bytes.pointer(), size);
            if (data.equals(MemorySegment.NULL)) throw new VipsException("write_to_memory", calls.takeError());
            try {
                byte[] pixels = data.reinterpret(size.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
                return new SrgbPixels(pixels, bytes.width(), bytes.height(), bytes.bands());
            } finally {
                call(lib.gFree, data);
            }
        }
    }

    /** Average pixel value; used to pull every pixel through the decoder and see if it fails. */
    public double average(VipsImage image) {
        return statistic("avg", image);
    }

    /** Smallest pixel value; of an alpha band, below 255 means some pixel is not opaque. */
    public double minimum(VipsImage image) {
        return statistic("min", image);
    }

    private double statistic(String operation, VipsImage image) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_DOUBLE);
            calls.run(arena, operation, List.of(pointer(), pointer()), List.of(image.pointer(), out),
                    VipsOptions.none());
            return out.get(JAVA_DOUBLE, 0);
        }
    }
}
