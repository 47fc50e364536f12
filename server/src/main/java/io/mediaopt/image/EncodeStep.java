package io.mediaopt.image;

import io.mediaopt.image.vips.VipsException;

import io.mediaopt.media.Attempt;
import io.mediaopt.media.Strategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;

/**
 * The {@code encode} step: one strategy at a time, and what the tries learn of the image on the
 * way. A strategy whose encoder fails is passed over; the first failure also checks that the
 * file decodes at all, as a broken file is reported unreadable rather than tried in every format.
 */
final class EncodeStep {
    private static final Logger log = LoggerFactory.getLogger(EncodeStep.class);

    private final ImageJob job;
    private boolean anyEncoded;
    private boolean decodeChecked;

    EncodeStep(ImageJob job) {
        this.job = job;
    }

    /** One strategy's encoding; past the time limit it throws instead. */
    Attempt<Encoding> encode(Strategy strategy) {
        // transparency is dropped only when nothing that keeps it could encode the picture; passed
        // over as a failure without a cause, which is never reported once something was encoded
        if (job.picture().alphaUsed() && !StrategyChoice.keepsAlpha(strategy) && anyEncoded) {
            return new Attempt.Failed<>();
        }
        Path output = job.outputFor(strategy);
        try {
            Encoding encoding = new Encoding(strategy, output, job.encoder().encode(strategy, output));
            job.checkTime(output);
            anyEncoded = true;
            return new Attempt.Encoded<>(encoding);
        } catch (VipsException e) {
            WorkFiles.delete(output);
            job.checkTime(output);
            log.warn("image strategy {} failed for {}: {}", strategy.wireName(), job.input(), e.getMessage());
            if (!decodeChecked) {
                decodeChecked = true;
                job.checkDecodes();
            }
            return new Attempt.Failed<>(e);
        }
    }
}
