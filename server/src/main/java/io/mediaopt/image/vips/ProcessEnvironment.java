package io.mediaopt.image.vips;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * The C library's view of the process environment, which native code reads and writes behind
 * the back of Java's snapshot of it ({@link System#getenv}).
 */
final class ProcessEnvironment {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle SETENV = LINKER.downcallHandle(
            LINKER.defaultLookup().find("setenv").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle UNSETENV = LINKER.downcallHandle(
            LINKER.defaultLookup().find("unsetenv").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, ADDRESS));

    private ProcessEnvironment() {
    }

    /** Gives {@code name} back the value the process started with, or removes it if it had none. */
    static void restore(String name) {
        String original = System.getenv(name);
        try (Arena arena = Arena.ofConfined()) {
            if (original == null) {
                LibVips.call(UNSETENV, arena.allocateFrom(name));
            } else {
                LibVips.call(SETENV, arena.allocateFrom(name), arena.allocateFrom(original), 1);
            }
        }
    }
}
