package io.mediaopt.image.vips;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends one optimization that runs past its time limit. libvips works inside this process, so it
 * cannot be killed like a child process; instead every image of the optimization is registered
 * here, and when time is up each gets libvips' kill flag. libvips checks that flag whenever it
 * prepares a region of an image (vips_region_prepare calls vips_image_iskilled), so the save or
 * copy that is pulling pixels fails within a tile or two.
 *
 * <p>The timer is a platform thread on purpose: an optimization on a virtual thread pins its
 * carrier while it is inside libvips, and with every carrier pinned a virtual timer would never
 * get to run.
 */
public final class Watchdog implements AutoCloseable {
    private final List<VipsImage> watched = new ArrayList<>();
    private boolean expired;
    private Thread timer;

    private Watchdog() {}

    public static Watchdog start(Duration limit) {
        Watchdog watchdog = new Watchdog();
        watchdog.timer = Thread.ofPlatform().daemon().name("image-watchdog").start(() -> {
            try {
                Thread.sleep(limit);
                watchdog.expire();
            } catch (InterruptedException finishedInTime) {
                // the optimization ended first: nothing to do
            }
        });
        return watchdog;
    }

    /** Registers an image of the optimization; one that arrives after the limit is killed at once. */
    public synchronized VipsImage watch(VipsImage image) {
        watched.add(image);
        if (expired) image.kill();
        return image;
    }

    public synchronized boolean expired() {
        return expired;
    }

    private synchronized void expire() {
        expired = true;
        // a closed image ignores the kill, so images the optimization has dropped are safe here
        watched.forEach(VipsImage::kill);
    }

    @Override
    public void close() {
        timer.interrupt();
    }
}
