package io.mediaopt.image;

import io.mediaopt.image.vips.NativeHeap;
import io.mediaopt.image.vips.ReadablePath;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsException;
import io.mediaopt.image.vips.Watchdog;

import io.mediaopt.media.Attempt;
import io.mediaopt.media.FirstSmaller;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Placeholder;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Progress;
import io.mediaopt.media.QueueDeadline;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.TrailingData;
import io.mediaopt.placeholders.Placeholders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Optimizes images in process with libvips: checks the header against the limits, then tries
 * the preset's strategies in order, and returns the input itself when it is already what the
 * preset delivers and every encoding came out bigger. Everything runs under the image timeout.
 */
public final class ImageOptimizer implements Optimizer {
    private static final Logger log = LoggerFactory.getLogger(ImageOptimizer.class);

    private final Vips vips;
    private final Limits limits;
    private final QualityMode qualityMode;

    public ImageOptimizer(Vips vips, Limits limits, QualityMode qualityMode) {
        this.vips = vips;
        this.limits = limits;
        this.qualityMode = qualityMode;
    }

    /**
     * libvips encodes in one call that tells nothing of its progress: the job goes from 0 to 100
     * when done. Images wait for no encoder beyond the worker slot, so the deadline is not used.
     */
    @Override
    public Optimized optimize(Path input, MediaFormat sniffed, Preset preset, Path workDir, Progress progress,
                              QueueDeadline deadline) {
        NativeHeap.PROCESS.imageStarts();
        try (Watchdog watchdog = Watchdog.start(limits.imageTimeout());
             ReadablePath source = ReadablePath.of(input, workDir)) {
            Vips decoder = vips.forInput(sniffed);
            ImageHeader header = ImageAdmission.admit(decoder, source.path(), limits);
            Optimized optimized = encode(decoder, input, source.path(), preset, header, workDir, watchdog);
            // the input returned as it came keeps its pages
            return optimized.strategy() == Strategy.IMAGE_ORIGINAL ? optimized
                    : optimized.withPagesDropped(header.pagesDropped());
        } finally {
            NativeHeap.PROCESS.imageEnds();
        }
    }

    private Optimized encode(Vips decoder, Path input, Path source, Preset preset, ImageHeader header,
                             Path workDir, Watchdog watchdog) {
        ImageSettings settings = preset.image();
        ImageEncoder encoder = new ImageEncoder(decoder, source, header, settings, watchdog, qualityMode);
        boolean alphaUsed = alphaUsed(header, settings.strategies(), encoder, input, watchdog);
        List<Strategy> strategies = header.animated() ? settings.animatedStrategies()
                : StrategyChoice.forStill(settings.strategies(), alphaUsed, StrategyChoice.outputSize(header, settings.maxWidth()));
        Optional<String> refusal = StrategyChoice.originalRefusal(header, strategies, settings).or(() ->
                TrailingData.isAbsent(input, header.format()) ? Optional.empty() : Optional.of("other data follows it"));
        long inputBytes = size(input);
        Tries tries = new Tries(input, encoder, strategies, alphaUsed, settings, workDir, watchdog);
        FirstSmaller<Strategy, Encoding> rule = FirstSmaller.removingLarger(tries::attempt, Encoding::bytes, larger -> {
            log.debug("{} as {} came out at {} bytes, not under the input's {}", input,
                    larger.strategy().wireName(), larger.bytes(), inputBytes);
            delete(larger.output());
        });
        // an input that may not stand in for its encodings takes the first one, whatever its size
        return switch (rule.tryInOrder(strategies, refusal.isEmpty() ? inputBytes : Long.MAX_VALUE)) {
            case FirstSmaller.Outcome.Smaller<Encoding>(Encoding encoding) -> {
                Strategy used = encoding.strategy();
                ImageEncoder.Encoded size = encoding.encoded();
                Optimized out = new Optimized(encoding.output(), used, used.output(),
                        header.displayedWidth(), header.displayedHeight(), size.width(), size.height(),
                        null, null, size.quality(), size.score(), alphaUsed && !StrategyChoice.keepsAlpha(used))
                        .withPlaceholder(size.placeholder() != null ? size.placeholder()
                                : placeholder(decoder, encoding.output(), watchdog));
                // only an input that may not stand in for its encodings gets here with a larger one
                yield encoding.bytes() > inputBytes ? out.withLargerReason("The input cannot be returned as it is ("
                        + refusal.orElseThrow() + "), and its " + used.wireName() + " encoding came out larger") : out;
            }
            // only an input that may stand in for its encodings gets here with one encoded
            case FirstSmaller.Outcome.Larger<Encoding> _ -> new Optimized(input, Strategy.IMAGE_ORIGINAL,
                    header.format(), header.displayedWidth(), header.displayedHeight(),
                    header.displayedWidth(), header.displayedHeight(), null, null, null, null, false)
                    .withPlaceholder(placeholder(decoder, source, watchdog));
            case FirstSmaller.Outcome.NoneEncoded<Encoding>(boolean _, Exception lastFailure) ->
                    throw MediaException.encodeFailed("None of the encodings of preset '" + preset.name()
                            + "' could encode this image.", lastFailure);
            // a decoder failure is reported from the tries themselves (checkDecodes): never here
            case FirstSmaller.Outcome.Unreadable<Encoding> _ -> throw MediaException.unreadable(
                    "The image could not be decoded; it may be corrupt or truncated.", null);
        };
    }

    /** The tries of one image's strategies, and what they have learnt of the image on the way. */
    private final class Tries {
        private final Path input;
        private final ImageEncoder encoder;
        private final List<Strategy> strategies;
        private final boolean alphaUsed;
        private final ImageSettings settings;
        private final Path workDir;
        private final Watchdog watchdog;
        private boolean anyEncoded;
        private boolean decodeChecked;

        Tries(Path input, ImageEncoder encoder, List<Strategy> strategies, boolean alphaUsed, ImageSettings settings,
              Path workDir, Watchdog watchdog) {
            this.input = input;
            this.encoder = encoder;
            this.strategies = strategies;
            this.alphaUsed = alphaUsed;
            this.settings = settings;
            this.workDir = workDir;
            this.watchdog = watchdog;
        }

        /**
         * One strategy, carried on to the preset's next lossy formats when it misses the search's
         * target ({@link #meetTarget}); past the time limit it throws instead.
         */
        Attempt<Encoding> attempt(Strategy strategy) {
            // transparency is dropped only when nothing that keeps it could encode the picture; passed
            // over as a failure without a cause, which is never reported once something was encoded
            if (alphaUsed && !StrategyChoice.keepsAlpha(strategy) && anyEncoded) return new Attempt.Failed<>();
            Path output = outputFor(workDir, strategy);
            try {
                Encoding encoding = new Encoding(strategy, output, encoder.encode(strategy, output));
                checkTime(watchdog, output);
                anyEncoded = true;
                return new Attempt.Encoded<>(meetTarget(encoding, strategies, alphaUsed, encoder, settings, workDir,
                        watchdog));
            } catch (VipsException e) {
                delete(output);
                checkTime(watchdog, output);
                log.warn("image strategy {} failed for {}: {}", strategy.wireName(), input, e.getMessage());
                if (!decodeChecked) {
                    decodeChecked = true;
                    checkDecodes(encoder, input, watchdog);
                }
                return new Attempt.Failed<>(e);
            }
        }
    }

    /** One encoding made: with which strategy, to which file, and what came out. */
    private record Encoding(Strategy strategy, Path output, ImageEncoder.Encoded encoded) {
        boolean meets(double target) {
            return encoded.score() == null || encoded.score() >= target;
        }

        long bytes() {
            return size(output);
        }
    }

    private static Path outputFor(Path workDir, Strategy strategy) {
        return workDir.resolve("output." + strategy.output().extension());
    }

    /**
     * A search that missed its target at the format's highest quality (coloured detail that the
     * halved colour planes of lossy WebP and AVIF blur, such as small coloured text) goes on with
     * the preset's next lossy formats, as long as they keep what the picture needs: JPEG at 90
     * and above keeps every colour sample. The first that meets the target is kept, or else the
     * one that scored best; the others are removed. A format that fails to encode is passed over.
     */
    private Encoding meetTarget(Encoding first, List<Strategy> strategies, boolean alphaUsed, ImageEncoder encoder,
                                ImageSettings settings, Path workDir, Watchdog watchdog) {
        if (!settings.searches() || first.meets(settings.search().targetScore())) return first;
        double target = settings.search().targetScore();
        Encoding best = first;
        for (Strategy next : strategies.subList(strategies.indexOf(first.strategy()) + 1, strategies.size())) {
            if (!next.lossyImage() || (alphaUsed && !StrategyChoice.keepsAlpha(next))) continue;
            Path output = outputFor(workDir, next);
            Encoding tried;
            try {
                tried = new Encoding(next, output, encoder.encode(next, output));
            } catch (VipsException e) {
                delete(output);
                checkTime(watchdog, output);
                log.debug("image strategy {} failed after {} missed its target: {}", next.wireName(),
                        first.strategy().wireName(), e.getMessage());
                continue;
            }
            checkTime(watchdog, output);
            log.debug("{} scored {} at its highest quality; {} scored {}", best.strategy().wireName(),
                    best.encoded().score(), next.wireName(), tried.encoded().score());
            boolean better = tried.encoded().score() != null && tried.encoded().score() > best.encoded().score();
            delete((better ? best : tried).output());
            if (better) best = tried;
            if (best.meets(target)) break;
        }
        return best;
    }

    /**
     * Whether some pixel is transparent; asked (a pass through the decoder) only of a still with
     * an alpha channel whose preset lists a format without one. A decoder failure here is the
     * file's: it is reported as unreadable.
     */
    private boolean alphaUsed(ImageHeader header, List<Strategy> strategies, ImageEncoder encoder, Path input,
                              Watchdog watchdog) {
        if (header.animated() || !header.hasAlpha() || !StrategyChoice.anyDropsAlpha(strategies)) return false;
        try {
            return encoder.alphaUsed();
        } catch (VipsException e) {
            checkTime(watchdog, null);
            checkDecodes(encoder, input, watchdog);
            return true;
        }
    }

    private void checkDecodes(ImageEncoder encoder, Path input, Watchdog watchdog) {
        try {
            encoder.checkDecodes();
        } catch (VipsException e) {
            checkTime(watchdog, null);
            log.info("image unreadable: {} fails to decode: {}", input, e.getMessage());
            throw MediaException.unreadable("The image could not be decoded; it may be corrupt or truncated.", e);
        }
    }

    /**
     * The placeholder of an output whose picture was not held in memory: a thumbnail of the file,
     * shrunk while it decodes where the format allows. Under the image time limit as the rest.
     */
    private Placeholder placeholder(Vips decoder, Path output, Watchdog watchdog) {
        checkTime(watchdog, null);
        try {
            return Placeholders.of(decoder, output);
        } catch (VipsException e) {
            checkTime(watchdog, null);
            throw MediaException.encodeFailed("The placeholder of the image could not be made.", e);
        }
    }

    /** After the limit, whatever a call returned is void: remove its output and report the timeout. */
    private void checkTime(Watchdog watchdog, Path output) {
        if (!watchdog.expired()) return;
        if (output != null) delete(output);
        log.warn("image optimization stopped after the {} ms limit", limits.imageTimeout().toMillis());
        throw MediaException.timeout("Optimizing the image took longer than "
                + limits.imageTimeout().toMillis() + " ms.");
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            log.warn("could not delete {}", file, e);
        }
    }
}
