package io.mediaopt.image.vips;

import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Sniffer;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import static io.mediaopt.image.vips.LibVips.call;
import static io.mediaopt.image.vips.LibVips.integer;
import static io.mediaopt.image.vips.LibVips.pointer;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;

/**
 * libvips, started for this process: untrusted loaders blocked, operation cache off, and the
 * few operations the image optimizer needs. Get one with {@link #open()} in {@code Main} and
 * pass it to whoever needs it; opening twice is harmless (libvips initialises once).
 */
public final class Vips {
    /** Largest coordinate libvips accepts; used as "no limit" for a thumbnail's height. */
    public static final int MAX_COORD = 10_000_000;

    private static final int SIZE_DOWN = 2;
    private static final int FAIL_ON_ERROR = 2;
    /** VIPS_INTERESTING_ATTENTION of libvips' VipsInteresting. */
    private static final int INTERESTING_ATTENTION = 3;

    private final LibVips lib;
    private final int major;
    private final int minor;
    private final int micro;
    /**
     * Optimizes the inputs listed at {@link #forInput}: this library, or the system's when this
     * one is another.
     */
    private final Supplier<Vips> system;
    private final VipsCalls calls;
    private final VipsSavers savers;
    private final VipsMeasures measures;
    private final VipsFileLoads loads;

    /** A started library on its own: the inputs of {@link #forInput} stay with it. */
    Vips(LibVips lib) {
        this.lib = lib;
        this.major = (int) call(lib.version, 0);
        this.minor = (int) call(lib.version, 1);
        this.micro = (int) call(lib.version, 2);
        this.system = () -> this;
        this.calls = new VipsCalls(lib);
        // libvips 8.15 replaced the savers' strip with keep; strip still works there, deprecated
        this.savers = new VipsSavers(calls, atLeast(8, 15));
        this.measures = new VipsMeasures(calls);
        this.loads = new VipsFileLoads(calls);
    }

    private Vips(Vips own, Supplier<Vips> system) {
        this.lib = own.lib;
        this.major = own.major;
        this.minor = own.minor;
        this.micro = own.micro;
        this.system = system;
        this.calls = own.calls;
        this.savers = own.savers;
        this.measures = own.measures;
        this.loads = own.loads;
    }

    /** Starts the system's libvips with one evaluation thread per processor. */
    public static Vips open() {
        return open(Optional.empty(), Runtime.getRuntime().availableProcessors());
    }

    /** Starts the system's libvips with {@code concurrency} threads per image evaluation. */
    public static Vips open(int concurrency) {
        return open(Optional.empty(), concurrency);
    }

    /**
     * Starts the libvips in {@code library} (SERVICE_LIBVIPS_PATH), or the system's when empty,
     * with {@code concurrency} threads per image evaluation. A library of one's own hands two kinds
     * of input to the system's libvips, loaded beside it when the first of them comes (see
     * {@link #forInput}).
     */
    public static Vips open(Optional<Path> library, int concurrency) {
        Vips own = new Vips(StartedLibraries.started(library, concurrency));
        if (library.isEmpty()) return own;
        return new Vips(own, new SystemLibraryOnFirstUse(own,
                () -> StartedLibraries.started(Optional.empty(), concurrency)));
    }

    /**
     * The libvips that optimizes an input of {@code format}. With a library of one's own, HEIF
     * goes to the system's: the prebuilt one of the sharp project has no HEVC decoder (for patent
     * reasons), Debian and Ubuntu build theirs with libde265. So does GIF: an animation comes out
     * as an animated WebP, byte for byte the same from both, and Debian 12's libwebp 1.2 animation
     * encoder takes ~15 % less CPU for it than the prebuilt library's libwebp 1.6.
     */
    public Vips forInput(MediaFormat format) {
        return format == MediaFormat.HEIF || format == MediaFormat.GIF ? system.get() : this;
    }

    /** {@link #forInput} for a file, by its first bytes. */
    public Vips forFile(Path file) {
        try {
            return new Sniffer().sniff(file).map(this::forInput).orElse(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The libvips version, e.g. {@code 8.14.1}, for the health check. */
    public String version() {
        return major + "." + minor + "." + micro;
    }

    /** The class name of the loader libvips would use (e.g. VipsForeignLoadJpegFile), if any. */
    public Optional<String> findLoader(Path file) {
        return loads.findLoader(file);
    }

    /** Reads only the header: no pixel is decoded until something evaluates the image. */
    public VipsImage openHeader(Path file) {
        return loads.header(file);
    }

    /**
     * A lazy pipeline that decodes {@code file} shrinking on load where the format allows,
     * resizes it to fit {@code width} x {@code height} (never enlarging), and converts it to
     * sRGB. It does not rotate: the caller does, so that no evaluation happens out of its reach.
     * {@code allPages} stacks every frame of an animation; {@code fromProfile} transforms
     * through the embedded ICC profile instead of assuming the pixels are already sRGB.
     */
    public VipsImage thumbnail(Path file, boolean allPages, int width, int height, boolean fromProfile) {
        VipsOptions options = fitting(height, fromProfile).set("fail_on", FAIL_ON_ERROR);
        String name = file + (allPages ? "[n=-1]" : "");
        return calls.image("thumbnail", (arena, out) -> List.of(arena.allocateFrom(name), out, width),
                List.of(pointer(), pointer(), integer()), options);
    }

    /**
     * {@link #thumbnail} of a JPEG decoded at 1/{@code shrink} of its size (2, 4 or 8: libjpeg
     * scales while it decodes, at a fraction of the work), then resized the rest of the way.
     * vips_thumbnail itself decodes smaller only where at least twice the target's size is left
     * for the resize; the caller decides when less is enough.
     */
    public VipsImage thumbnailJpeg(Path file, int shrink, int width, int height, boolean fromProfile) {
        // the resize holds its own reference to what it reads
        try (VipsImage decoded = loads.jpegShrunk(file, shrink)) {
            return calls.image("thumbnail_image", (a, out) -> List.of(decoded.pointer(), out, width),
                    List.of(pointer(), pointer(), integer()), fitting(height, fromProfile));
        }
    }

    private static VipsOptions fitting(int height, boolean fromProfile) {
        VipsOptions options = VipsOptions.none().set("height", height).set("size", SIZE_DOWN).set("no_rotate", true);
        if (fromProfile) options.set("export_profile", "srgb");
        return options;
    }

    /** How {@link #thumbnailBox} meets its box: libvips' VipsSize. */
    public enum BoxSize { BOTH, UP, DOWN, FORCE }

    /**
     * vips_thumbnail of {@code file} (shrunk on load, turned upright) into {@code width} x
     * {@code height} as {@code size} says; with {@code attentionCrop}, cropped to exactly that box
     * around what libvips' attention measure (skin, saturation, edges) finds most interesting.
     */
    public VipsImage thumbnailBox(Path file, int width, int height, BoxSize size, boolean attentionCrop) {
        VipsOptions options = VipsOptions.none().set("height", height).set("size", size.ordinal())
                .set("fail_on", FAIL_ON_ERROR);
        if (attentionCrop) options.set("crop", INTERESTING_ATTENTION);
        return calls.image("thumbnail", (arena, out) -> List.of(arena.allocateFrom(file.toString()), out, width),
                List.of(pointer(), pointer(), integer()), options);
    }

    /** A file opened for one sequential decode that stops at the first error, as thumbnail's is. */
    public VipsImage openForDecode(Path file) {
        return loads.forDecode(file);
    }

    /**
     * Print (CMYK) pixels to sRGB through their embedded profile, or libvips' CMYK profile when
     * they have none; relative colorimetric, as {@code vips icc_transform} does it.
     * vips_thumbnail's own CMYK path lands 6 ΔE away from that on a full green.
     */
    public VipsImage cmykToSrgb(VipsImage image) {
        return calls.image("icc_transform", (arena, out) -> List.of(image.pointer(), out, arena.allocateFrom("srgb")),
                List.of(pointer(), pointer(), pointer()),
                VipsOptions.none().set("embedded", true).set("input_profile", "cmyk"));
    }

    /** vips_thumbnail on an image already opened: fits {@code width} x {@code height}, never enlarging. */
    public VipsImage thumbnailImage(VipsImage image, int width, int height) {
        return calls.image("thumbnail_image", (arena, out) -> List.of(image.pointer(), out, width),
                List.of(pointer(), pointer(), integer()),
                VipsOptions.none().set("height", height).set("size", SIZE_DOWN).set("no_rotate", true));
    }

    /**
     * A lazy pipeline that shrinks an image already decoded (held in memory) to {@code width},
     * never enlarging it; the height follows the aspect.
     */
    public VipsImage thumbnailImage(VipsImage image, int width) {
        return thumbnailImage(image, width, MAX_COORD);
    }

    /** Evaluates the whole image into memory; this is where a rotated image gets decoded. */
    public VipsImage copyMemory(VipsImage image) {
        return calls.wrap((MemorySegment) call(lib.imageCopyMemory, image.pointer()), "copy_memory");
    }

    /** Opens an encoded file to be read once from start to end (an output to be scored). */
    public VipsImage open(Path file) {
        return openHeader(file);
    }

    /** Joins images of one size into a grid {@code across} images wide. */
    public VipsImage arrayjoin(List<VipsImage> images, int across) {
        return calls.image("arrayjoin", (arena, out) -> {
            MemorySegment array = arena.allocate(ADDRESS, images.size());
            for (int i = 0; i < images.size(); i++) array.setAtIndex(ADDRESS, i, images.get(i).pointer());
            return List.of(array, out, images.size());
        }, List.of(pointer(), pointer(), integer()), VipsOptions.none().set("across", across));
    }

    /** The image shrunk to {@code width} pixels wide, the height in proportion (never enlarged). */
    public VipsImage shrinkToWidth(VipsImage image, int width) {
        return calls.image("thumbnail_image", (arena, out) -> List.of(image.pointer(), out, width),
                List.of(pointer(), pointer(), integer()),
                VipsOptions.none().set("height", MAX_COORD).set("size", SIZE_DOWN));
    }

    /** Rotates and flips by the EXIF orientation; needs an image that allows random access. */
    public VipsImage autorotate(VipsImage image) {
        return calls.image("autorot", (arena, out) -> List.of(image.pointer(), out),
                List.of(pointer(), pointer()), VipsOptions.none());
    }

    public VipsImage extractArea(VipsImage image, int left, int top, int width, int height) {
        return calls.image("extract_area",
                (arena, out) -> List.of(image.pointer(), out, left, top, width, height),
                List.of(pointer(), pointer(), integer(), integer(), integer(), integer()),
                VipsOptions.none());
    }

    /** Drops the alpha channel by compositing on a flat {@code background} value. */
    public VipsImage flatten(VipsImage image, double background) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment values = arena.allocateFrom(JAVA_DOUBLE, background);
            MemorySegment array = (MemorySegment) call(lib.arrayDoubleNew, values, 1);
            try {
                return calls.image("flatten", (a, out) -> List.of(image.pointer(), out),
                        List.of(pointer(), pointer()), VipsOptions.none().set("background", array));
            } finally {
                call(lib.areaUnref, array);
            }
        }
    }

    /** One band of an image, such as its alpha (the last). */
    public VipsImage extractBand(VipsImage image, int band) {
        return calls.image("extract_band", (arena, out) -> List.of(image.pointer(), out, band),
                List.of(pointer(), pointer(), integer()), VipsOptions.none());
    }

    /** The encoders: each writes one image to a file, without its metadata. */
    public VipsSavers save() {
        return savers;
    }

    /** Pixels and statistics read out of an image. */
    public VipsMeasures measure() {
        return measures;
    }

    /** Whether this libvips is {@code major.minor} or later. */
    private boolean atLeast(int major, int minor) {
        return this.major > major || (this.major == major && this.minor >= minor);
    }
}
