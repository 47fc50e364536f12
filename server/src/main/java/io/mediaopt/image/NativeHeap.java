package io.mediaopt.image;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * Hands the pages libvips freed back to the system after an image. glibc keeps freed blocks
 * below its mmap threshold (tile buffers, codec state) in its arenas, so each image leaves
 * 10-20 MB resident that only the next image reuses; {@code malloc_trim} returns them. On the
 * 12-megapixel photo at two in flight the peak RSS is 232 MiB instead of 258; the next image
 * faults those pages in again, a few percent of CPU (docs/benchmarks.md, "Against sharp").
 * Where the C library has no such call (musl) this does nothing.
 */
final class NativeHeap {
    private static final Optional<MethodHandle> MALLOC_TRIM = Linker.nativeLinker().defaultLookup()
            .find("malloc_trim")
            .map(address -> Linker.nativeLinker().downcallHandle(address,
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG)));

    private NativeHeap() {}

    static void trim() {
        MALLOC_TRIM.ifPresent(trim -> {
            try {
                // the answer (whether anything was released) changes nothing here
                int ignored = (int) trim.invokeExact(0L);
            } catch (Throwable e) {
                throw new IllegalStateException("malloc_trim failed", e);
            }
        });
    }
}
