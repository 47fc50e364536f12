package io.mediaopt.image.vips;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Supplier;

/**
 * The system's libvips beside a library of one's own, started by the first input that needs it
 * (see {@link Vips#forInput}). Loading it maps Debian's libvips and the codecs it links (~17 MiB
 * resident on Debian 12), which a server that is never sent a HEIF or a GIF does not need. When
 * it cannot be started, those inputs stay with the library of one's own, and the log says why.
 */
final class SystemLibraryOnFirstUse implements Supplier<Vips> {
    private static final Logger log = LoggerFactory.getLogger(SystemLibraryOnFirstUse.class);

    private final Vips own;
    private final Supplier<LibVips> start;
    private Vips started;

    /** {@code start} loads and starts the system's libvips; it is called once. */
    SystemLibraryOnFirstUse(Vips own, Supplier<LibVips> start) {
        this.own = own;
        this.start = start;
    }

    @Override
    public synchronized Vips get() {
        if (started == null) started = start();
        return started;
    }

    private Vips start() {
        try {
            Vips system = new Vips(start.get());
            log.info("started the system's libvips {} for HEIF/HEIC and GIF inputs", system.version());
            return system;
        } catch (UnsatisfiedLinkError | IllegalStateException e) {
            log.warn("the system's libvips cannot be started ({}); HEIF/HEIC and GIF inputs go through libvips {}",
                    e.getMessage(), own.version());
            return own;
        }
    }
}
