package io.mediaopt.image.vips;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands the pages libvips freed back to the system once the images stop coming. glibc keeps
 * freed blocks below its mmap threshold (tile buffers, codec state) in its arena, where the next
 * image reuses them; {@code malloc_trim} returns them. Trimmed after every image, the next one
 * faulted them all in again: 4-8 % more CPU per image. So the trim waits until no image has been
 * in flight for a second: a busy server keeps its pages, an idle one gives them back
 * (docs/benchmarks.md, "Against sharp"). Where the C library has no such call (musl) this does
 * nothing.
 */
public final class NativeHeap {
    private static final Optional<MethodHandle> MALLOC_TRIM = Linker.nativeLinker().defaultLookup()
            .find("malloc_trim")
            .map(address -> Linker.nativeLinker().downcallHandle(address,
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG)));

    /** The process's heap, shared by every image optimizer. */
    public static final NativeHeap PROCESS = new NativeHeap(
            CompletableFuture.delayedExecutor(1, TimeUnit.SECONDS), NativeHeap::mallocTrim);

    private final Executor afterIdle;
    private final Runnable trim;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong started = new AtomicLong();

    /** {@code afterIdle} runs a task once the idle time has passed; {@code trim} gives the pages back. */
    NativeHeap(Executor afterIdle, Runnable trim) {
        this.afterIdle = afterIdle;
        this.trim = trim;
    }

    public void imageStarts() {
        started.incrementAndGet();
        inFlight.incrementAndGet();
    }

    /** The last image in flight ending schedules a trim, which no later image may have started before. */
    public void imageEnds() {
        if (inFlight.decrementAndGet() > 0) return;
        long startedBefore = started.get();
        afterIdle.execute(() -> {
            if (inFlight.get() == 0 && started.get() == startedBefore) trim.run();
        });
    }

    static void mallocTrim() {
        MALLOC_TRIM.ifPresent(mallocTrim -> {
            try {
                // the answer (whether anything was released) changes nothing here
                int ignored = (int) mallocTrim.invokeExact(0L);
            } catch (Throwable e) {
                throw new IllegalStateException("malloc_trim failed", e);
            }
        });
    }
}
