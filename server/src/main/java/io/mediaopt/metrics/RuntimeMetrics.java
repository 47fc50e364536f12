package io.mediaopt.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JVM's metrics (heap and non-heap memory, GC, threads, classes) and the process's: CPU,
 * uptime, open files, and its resident memory, which is what a container's limit counts and
 * where libvips' pixel buffers and ffmpeg's pipes live, outside the heap.
 */
final class RuntimeMetrics {
    private static final Path STATM = Path.of("/proc/self/statm");
    /** Linux's page size on the platforms the service runs on. */
    private static final long PAGE_BYTES = 4096;

    private RuntimeMetrics() {}

    /** Binds them all; the returned action stops the GC listener. */
    static Runnable bindTo(MeterRegistry registry) {
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        JvmGcMetrics gc = new JvmGcMetrics();
        gc.bindTo(registry);
        if (Files.isReadable(STATM)) {
            Gauge.builder("process.memory.rss", RuntimeMetrics::residentBytes)
                    .description("Resident set size of the process").baseUnit("bytes").register(registry);
        }
        return gc::close;
    }

    /** The second field of /proc/self/statm: resident pages. */
    private static double residentBytes() {
        try {
            String[] fields = Files.readString(STATM).trim().split("\\s+");
            return Long.parseLong(fields[1]) * PAGE_BYTES;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
