package io.mediaopt.image.vips;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The raw C functions of libvips (and the few GLib ones it hands back memory from), as method
 * handles. Nothing here knows about images or errors; {@link Vips} and {@link VipsImage} give
 * these calls meaning.
 */
final class LibVips {
    private static final String[] LIBRARY_NAMES = {"libvips.so.42", "libvips.so"};

    private final Linker linker = Linker.nativeLinker();
    private final SymbolLookup symbols;
    /** Variadic calls need one handle per shape of their optional arguments; shapes repeat. */
    private final Map<String, MethodHandle> variadicHandles = new ConcurrentHashMap<>();

    final MethodHandle init;
    final MethodHandle version;
    final MethodHandle blockUntrustedSet;
    final MethodHandle cacheSetMax;
    final MethodHandle cacheSetMaxMem;
    final MethodHandle cacheSetMaxFiles;
    final MethodHandle concurrencySet;
    final MethodHandle errorBufferCopy;
    final MethodHandle gFree;
    final MethodHandle gStrfreev;
    final MethodHandle gObjectUnref;
    final MethodHandle foreignFindLoad;
    final MethodHandle imageGetWidth;
    final MethodHandle imageGetHeight;
    final MethodHandle imageGetBands;
    final MethodHandle imageGetNPages;
    final MethodHandle imageGetPageHeight;
    final MethodHandle imageGetOrientation;
    final MethodHandle imageHasAlpha;
    final MethodHandle imageGetFormat;
    final MethodHandle imageGetInterpretation;
    final MethodHandle imageGetTypeof;
    final MethodHandle imageGetString;
    final MethodHandle imageGetInt;
    final MethodHandle imageGetFields;
    final MethodHandle imageSetKill;
    final MethodHandle imageCopyMemory;
    final MethodHandle imageWriteToMemory;
    final MethodHandle arrayDoubleNew;
    final MethodHandle areaUnref;

    private LibVips(SymbolLookup symbols) {
        this.symbols = symbols;
        init = fixed("vips_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        version = fixed("vips_version", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        blockUntrustedSet = fixed("vips_block_untrusted_set", FunctionDescriptor.ofVoid(JAVA_INT));
        cacheSetMax = fixed("vips_cache_set_max", FunctionDescriptor.ofVoid(JAVA_INT));
        cacheSetMaxMem = fixed("vips_cache_set_max_mem", FunctionDescriptor.ofVoid(JAVA_LONG));
        cacheSetMaxFiles = fixed("vips_cache_set_max_files", FunctionDescriptor.ofVoid(JAVA_INT));
        concurrencySet = fixed("vips_concurrency_set", FunctionDescriptor.ofVoid(JAVA_INT));
        errorBufferCopy = fixed("vips_error_buffer_copy", FunctionDescriptor.of(ADDRESS));
        gFree = fixed("g_free", FunctionDescriptor.ofVoid(ADDRESS));
        gStrfreev = fixed("g_strfreev", FunctionDescriptor.ofVoid(ADDRESS));
        gObjectUnref = fixed("g_object_unref", FunctionDescriptor.ofVoid(ADDRESS));
        foreignFindLoad = fixed("vips_foreign_find_load", FunctionDescriptor.of(ADDRESS, ADDRESS));
        imageGetWidth = fixed("vips_image_get_width", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        imageGetHeight = fixed("vips_image_get_height", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        imageGetBands = fixed("vips_image_get_bands", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        imageGetNPages = fixed("vips_image_get_n_pages", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        imageGetPageHeight = fixed("vips_image_get_page_height", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        imageGetOrientation = fixed("vips_image_get_orientation", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        imageHasAlpha = fixed("vips_image_hasalpha", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        imageGetFormat = fixed("vips_image_get_format", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        imageGetInterpretation = fixed("vips_image_get_interpretation", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        // GType is a gsize: 64 bits on the platforms the service runs on
        imageGetTypeof = fixed("vips_image_get_typeof", FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS));
        imageGetString = fixed("vips_image_get_string",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        imageGetInt = fixed("vips_image_get_int", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        imageGetFields = fixed("vips_image_get_fields", FunctionDescriptor.of(ADDRESS, ADDRESS));
        imageSetKill = fixed("vips_image_set_kill", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT));
        imageCopyMemory = fixed("vips_image_copy_memory", FunctionDescriptor.of(ADDRESS, ADDRESS));
        imageWriteToMemory = fixed("vips_image_write_to_memory", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
        arrayDoubleNew = fixed("vips_array_double_new", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));
        areaUnref = fixed("vips_area_unref", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /**
     * Loads the libvips in {@code file}, or the system's when empty. The library stays loaded
     * for the life of the JVM: libvips keeps worker threads and global state that cannot survive
     * being unloaded. Each library is opened with its symbols kept to itself, so two of them
     * (one with its own GLib inside) live side by side without one binding to the other.
     */
    static LibVips load(Optional<Path> file) {
        if (file.isEmpty()) return loadSystem();
        try {
            return new LibVips(SymbolLookup.libraryLookup(file.get(), Arena.global()));
        } catch (IllegalArgumentException e) {
            throw new UnsatisfiedLinkError("cannot load libvips from " + file.get() + ": " + e.getMessage());
        }
    }

    /** The system's libvips: the one the dynamic linker finds by name. */
    private static LibVips loadSystem() {
        UnsatisfiedLinkError last = null;
        for (String name : LIBRARY_NAMES) {
            try {
                return new LibVips(SymbolLookup.libraryLookup(name, Arena.global()));
            } catch (IllegalArgumentException e) {
                last = new UnsatisfiedLinkError("cannot load " + name + ": " + e.getMessage());
            }
        }
        throw last;
    }

    /**
     * Calls a libvips function that ends in a NULL-terminated list of name/value pairs.
     * {@code result} is JAVA_INT (status) or ADDRESS (an object) and {@code fixed} holds the
     * layouts of the arguments before the list.
     */
    Object callVariadic(Arena arena, String function, MemoryLayout result,
                        List<MemoryLayout> fixed, List<Object> fixedArgs, VipsOptions options) {
        List<MemoryLayout> layouts = new ArrayList<>(fixed);
        List<Object> args = new ArrayList<>(fixedArgs);
        options.appendTo(arena, layouts, args);
        layouts.add(ADDRESS);
        args.add(MemorySegment.NULL);
        String key = function + layouts;
        MethodHandle handle = variadicHandles.computeIfAbsent(key, k -> linker.downcallHandle(
                address(function),
                FunctionDescriptor.of(result, layouts.toArray(MemoryLayout[]::new)),
                Linker.Option.firstVariadicArg(fixed.size())));
        try {
            return handle.invokeWithArguments(args);
        } catch (Throwable e) {
            throw new IllegalStateException("calling " + function + " failed", e);
        }
    }

    /** Calls a fixed-signature handle; native calls do not throw, so a Throwable here is a bug. */
    static Object call(MethodHandle handle, Object... args) {
        try {
            return handle.invokeWithArguments(args);
        } catch (Throwable e) {
            throw new IllegalStateException("native call failed", e);
        }
    }

    static MemoryLayout pointer() {
        return ADDRESS;
    }

    static MemoryLayout integer() {
        return JAVA_INT;
    }

    /** A handle on any fixed-signature function of the library. */
    MethodHandle fixed(String function, FunctionDescriptor descriptor) {
        return linker.downcallHandle(address(function), descriptor);
    }

    private MemorySegment address(String function) {
        return symbols.find(function)
                .orElseThrow(() -> new UnsatisfiedLinkError("libvips has no function " + function));
    }
}
