package io.mediaopt.bench;

import java.time.Duration;

/**
 * Samples the resident memory of a process and of all its descendants every 50 ms on a thread
 * of its own, keeping the peaks: of the process, of the descendants' sum, and of both together
 * at the same instant (which is what the machine had to hold).
 */
final class MemorySampler implements AutoCloseable {
    static final Duration INTERVAL = Duration.ofMillis(50);

    private final long pid;
    private final Thread thread;
    private volatile boolean running = true;
    private long peakSelfKib;
    private long peakChildrenKib;
    private long peakTotalKib;
    private int samples;

    /** Peaks in KiB and how many samples they were taken from. */
    record Peaks(long selfKib, long childrenKib, long totalKib, int samples) {}

    private MemorySampler(long pid) {
        this.pid = pid;
        this.thread = Thread.ofPlatform().daemon().name("memory-sampler").unstarted(this::loop);
    }

    static MemorySampler start(long pid) {
        MemorySampler sampler = new MemorySampler(pid);
        sampler.thread.start();
        return sampler;
    }

    private void loop() {
        while (running) {
            sample();
            try {
                Thread.sleep(INTERVAL);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void sample() {
        long self = ProcFs.rssKib(pid).orElse(0);
        long children = ProcFs.descendantsRssKib(pid);
        peakSelfKib = Math.max(peakSelfKib, self);
        peakChildrenKib = Math.max(peakChildrenKib, children);
        peakTotalKib = Math.max(peakTotalKib, self + children);
        samples++;
    }

    /** The peaks so far (sampling goes on). */
    synchronized Peaks peaks() {
        return new Peaks(peakSelfKib, peakChildrenKib, peakTotalKib, samples);
    }

    /** Stops sampling, takes one last sample and returns the peaks. */
    Peaks stop() {
        running = false;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sample();
        return peaks();
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
