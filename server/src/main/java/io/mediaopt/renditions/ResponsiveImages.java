package io.mediaopt.renditions;

import io.mediaopt.image.ImageLadder;
import io.mediaopt.image.QualityMode;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Placeholder;
import io.mediaopt.media.Rendition;
import io.mediaopt.media.RenditionRole;
import io.mediaopt.media.Strategy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The responsive set of an image: its widths ({@link ResponsiveWidths}), measured in WebP, each
 * kept width then also in AVIF and in a fallback every browser shows (JPEG, or PNG when the
 * picture has transparency). Never wider than the source or the preset. As for a single image, a
 * format that cannot hold the widest picture is left out of the whole set (a long strip is too
 * tall for WebP and AVIF): the widths are then measured in the fallback, and a picture too tall
 * for JPEG falls back to PNG.
 */
final class ResponsiveImages {
    /** Encodings of one set at once: WebP and JPEG use one core each (measured in docs/benchmarks.md). */
    private static final int THREADS = 2;

    private final Vips vips;
    private final QualityMode qualityMode;
    private final Duration timeout;

    ResponsiveImages(Vips vips, QualityMode qualityMode, Duration timeout) {
        this.vips = vips;
        this.qualityMode = qualityMode;
        this.timeout = timeout;
    }

    /** {@code main}: the job's main output, which stands in for the widest WebP when it is one. */
    List<Made> make(Path input, ImageSettings settings, Optimized main, Path dir) throws IOException {
        try (ImageLadder ladder = ImageLadder.open(vips, input, settings.maxWidth(), settings, qualityMode, timeout)) {
            int top = ladder.width();
            int floor = Math.min(ResponsiveWidths.FLOOR, top);
            Strategy fallback = ladder.hasAlpha() || !ladder.fits(Strategy.IMAGE_JPEG, top)
                    ? Strategy.IMAGE_PNG : Strategy.IMAGE_JPEG;
            Strategy measure = ladder.fits(Strategy.IMAGE_WEBP, top) ? Strategy.IMAGE_WEBP : fallback;
            boolean avif = ladder.fits(Strategy.IMAGE_AVIF, top);
            Map<Integer, Made> byWidth = new HashMap<>();
            byWidth.put(top, measure == Strategy.IMAGE_WEBP && isWidestWebp(main, ladder) ? copy(main, dir)
                    : encode(ladder, measure, top, dir));
            if (floor < top) byWidth.put(floor, encode(ladder, measure, floor, dir));
            List<Integer> candidates = ResponsiveWidths.candidates(top, byWidth.get(top).rendition().bytes(),
                    floor, byWidth.containsKey(floor) ? byWidth.get(floor).rendition().bytes() : 0);
            TreeMap<Integer, Long> measured = new TreeMap<>();
            List<Integer> unmeasured = candidates.stream().filter(w -> !byWidth.containsKey(w)).toList();
            List<Made> middle = inParallel(unmeasured.stream()
                    .map(w -> (Encoding) () -> encode(ladder, measure, w, dir)).toList());
            for (int i = 0; i < unmeasured.size(); i++) byWidth.put(unmeasured.get(i), middle.get(i));
            for (int width : candidates) measured.put(width, byWidth.get(width).rendition().bytes());
            List<Encoding> encodings = new ArrayList<>();
            for (int width : ResponsiveWidths.keep(measured, ResponsiveWidths.BYTES_STEP)) {
                Made kept = byWidth.remove(width);
                if (avif) encodings.add(() -> encode(ladder, Strategy.IMAGE_AVIF, width, dir));
                encodings.add(() -> kept);
                if (measure != fallback) encodings.add(() -> encode(ladder, fallback, width, dir));
            }
            List<Made> set = inParallel(encodings);
            for (Made unused : byWidth.values()) Files.delete(unused.file());
            // every file of the set is the one picture: one placeholder serves them all
            Placeholder placeholder = ladder.placeholder();
            return set.stream().map(m -> new Made(m.file(), m.rendition().withPlaceholder(placeholder))).toList();
        }
    }

    private interface Encoding {
        Made run() throws IOException;
    }

    /**
     * Runs the encodings on {@link #THREADS} platform threads (libvips pins a virtual thread's
     * carrier) and returns their files in order. The picture is in memory and only read, so the
     * encodings share it; WebP and JPEG encode on one thread each, so two at once use both cores
     * of a small machine where one would leave one idle.
     */
    private static List<Made> inParallel(List<Encoding> encodings) throws IOException {
        if (encodings.isEmpty()) return List.of();
        try (ExecutorService threads = Executors.newFixedThreadPool(THREADS,
                Thread.ofPlatform().name("rendition-", 0).factory())) {
            List<Future<Made>> running = new ArrayList<>();
            for (Encoding encoding : encodings) running.add(threads.submit(encoding::run));
            List<Made> made = new ArrayList<>();
            for (Future<Made> future : running) made.add(result(future));
            return made;
        }
    }

    private static Made result(Future<Made> future) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while encoding renditions", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            if (e.getCause() instanceof RuntimeException runtime) throw runtime;
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * The main output is the widest WebP already when the preset's first choice was WebP at the
     * same size: encoding it again would cost a third of the set (the widest picture, in the
     * slowest of the three encoders).
     */
    private static boolean isWidestWebp(Optimized main, ImageLadder ladder) {
        return main.strategy() == Strategy.IMAGE_WEBP && main.outputWidth() == ladder.width()
                && main.outputHeight() == ladder.height();
    }

    private static Made copy(Optimized main, Path dir) throws IOException {
        String name = "w" + main.outputWidth() + "." + MediaFormat.WEBP.extension();
        Path file = Files.copy(main.output(), dir.resolve(name));
        return new Made(file, Rendition.picture(name, RenditionRole.RESPONSIVE, main.outputWidth(), main.outputHeight(),
                MediaFormat.WEBP, Files.size(file)));
    }

    private static Made encode(ImageLadder ladder, Strategy strategy, int width, Path dir) throws IOException {
        MediaFormat format = strategy.output();
        String name = "w" + width + "." + format.extension();
        Path file = dir.resolve(name);
        ImageLadder.Rung rung = ladder.encode(strategy, width, file);
        return new Made(file, Rendition.picture(name, RenditionRole.RESPONSIVE, rung.width(), rung.height(), format,
                Files.size(file)));
    }
}
