package io.mediaopt.image.vips;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static io.mediaopt.image.vips.LibVips.call;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * Runs a libvips operation the way the {@code vips} command line does, in this process through
 * the service's own binding, so the tests make their images with nothing installed beyond the
 * library the service loads. Arguments are the command line's: positional values (file names
 * with {@code [options]}, numbers, space-separated image lists) and {@code --name value} or
 * {@code --flag} options.
 */
public final class VipsCommand {
    /** The system's libvips, which has every encoder the fixtures use (HEVC among them). */
    private static final LibVips LIB = StartedLibraries.started(Optional.empty(), 2);
    private static final MethodHandle OPERATION_NEW =
            LIB.fixed("vips_operation_new", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle SET_ARGUMENT = LIB.fixed("vips_object_set_argument_from_string",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle CALL_ARGV =
            LIB.fixed("vips_call_argv", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
    private static final MethodHandle UNREF_OUTPUTS =
            LIB.fixed("vips_object_unref_outputs", FunctionDescriptor.ofVoid(ADDRESS));


    private VipsCommand() {}

    /** {@code vips operation arguments...}; throws with libvips' message when it fails. */
    public static void run(String operation, String... arguments) {
        List<String> positional = new ArrayList<>();
        List<String[]> options = new ArrayList<>();
        for (int i = 0; i < arguments.length; i++) {
            String argument = arguments[i];
            if (!argument.startsWith("--")) {
                positional.add(argument);
            } else if (i + 1 < arguments.length && !arguments[i + 1].startsWith("--") && !isFlag(argument)) {
                options.add(new String[] {argument.substring(2), arguments[++i]});
            } else {
                options.add(new String[] {argument.substring(2), "true"});
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment op = (MemorySegment) call(OPERATION_NEW, arena.allocateFrom(operation));
            if (op.equals(MemorySegment.NULL)) throw failure(operation);
            try {
                for (String[] option : options) {
                    int status = (int) call(SET_ARGUMENT, op, arena.allocateFrom(option[0]),
                            arena.allocateFrom(option[1]));
                    if (status != 0) throw failure(operation);
                }
                MemorySegment argv = arena.allocate(ADDRESS, positional.size() + 1L);
                for (int i = 0; i < positional.size(); i++) {
                    argv.setAtIndex(ADDRESS, i, arena.allocateFrom(positional.get(i)));
                }
                int status = (int) call(CALL_ARGV, op, positional.size(), argv);
                call(UNREF_OUTPUTS, op);
                if (status != 0) throw failure(operation);
            } finally {
                call(LIB.gObjectUnref, op);
            }
        }
    }

    /** {@code WIDTHxHEIGHT} of an image file, read from its header like {@code vipsheader}. */
    public static String size(Path file) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment image = (MemorySegment) LIB.callVariadic(arena, "vips_image_new_from_file",
                    LibVips.pointer(), List.of(LibVips.pointer()), List.of(arena.allocateFrom(file.toString())),
                    VipsOptions.none());
            if (image.equals(MemorySegment.NULL)) throw failure("header");
            try (VipsImage header = new VipsImage(LIB, image)) {
                return header.width() + "x" + header.height();
            }
        }
    }

    /** Options of the command line that take no value. */
    private static boolean isFlag(String option) {
        return option.equals("--uchar");
    }

    private static IllegalStateException failure(String operation) {
        MemorySegment text = (MemorySegment) call(LIB.errorBufferCopy);
        try {
            return new IllegalStateException("vips " + operation + " failed: " + VipsImage.cString(text));
        } finally {
            call(LIB.gFree, text);
        }
    }
}
