package io.mediaopt.image.vips;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * The optional named arguments of one libvips call ({@code "Q", 80, "strip", TRUE, ...}), kept
 * in order with a C type per value so the variadic call can be described to the linker.
 */
final class VipsOptions {
    private final List<String> names = new ArrayList<>();
    private final List<Object> values = new ArrayList<>();

    static VipsOptions none() {
        return new VipsOptions();
    }

    /** Integers, booleans (gboolean) and enums all travel as a C int. */
    VipsOptions set(String name, int value) {
        return add(name, value);
    }

    VipsOptions set(String name, boolean value) {
        return add(name, value ? 1 : 0);
    }

    VipsOptions set(String name, double value) {
        return add(name, value);
    }

    VipsOptions set(String name, String value) {
        return add(name, value);
    }

    /** A pointer value: an output slot or a boxed libvips value such as a VipsArrayDouble. */
    VipsOptions set(String name, MemorySegment value) {
        return add(name, value);
    }

    void appendTo(Arena arena, List<MemoryLayout> layouts, List<Object> args) {
        for (int i = 0; i < names.size(); i++) {
            layouts.add(ADDRESS);
            args.add(arena.allocateFrom(names.get(i)));
            Object value = values.get(i);
            switch (value) {
                case Integer n -> layouts.add(JAVA_INT);
                case Double d -> layouts.add(JAVA_DOUBLE);
                case String s -> {
                    layouts.add(ADDRESS);
                    value = arena.allocateFrom(s);
                }
                case MemorySegment m -> layouts.add(ADDRESS);
                default -> throw new IllegalArgumentException("unsupported option type: " + value);
            }
            args.add(value);
        }
    }

    private VipsOptions add(String name, Object value) {
        names.add(name);
        values.add(value);
        return this;
    }
}
