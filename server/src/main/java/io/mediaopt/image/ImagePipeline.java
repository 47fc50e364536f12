package io.mediaopt.image;

import io.mediaopt.media.Attempt;
import io.mediaopt.media.FirstSmaller;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Strategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps an image takes, in order, over one {@link ImageJob}:
 * <ol>
 *   <li>{@code admit}: a format the service accepts, a readable header, within the limits ({@link ImageAdmission});</li>
 *   <li>{@code orient}: the picture upright and fitted to the preset's width, and whether its
 *       transparency is used ({@link UprightPicture});</li>
 *   <li>{@code chooseFormats}: the strategies to try, in order, and whether the input may stand in
 *       for them ({@link StrategyChoice});</li>
 *   <li>{@code encode}: one strategy ({@link EncodeStep}, {@link ImageEncoder});</li>
 *   <li>{@code meetTarget}: an encoding that misses the quality target goes on to the next lossy
 *       formats ({@link TargetSearch});</li>
 *   <li>{@code keepSmaller}: the first encoding smaller than the input is the output ({@link FirstSmaller});</li>
 *   <li>{@code fallBackToOriginal}: when none is, the input itself, where it may stand in.</li>
 * </ol>
 */
final class ImagePipeline {
    private static final Logger log = LoggerFactory.getLogger(ImagePipeline.class);

    private ImagePipeline() {}

    static Optimized run(ImageJob job) {
        admit(job);
        orient(job);
        chooseFormats(job);
        return switch (keepSmaller(job)) {
            case FirstSmaller.Outcome.Smaller<Encoding>(Encoding kept) -> output(job, kept);
            // only an input that may stand in for its encodings gets here with one encoded
            case FirstSmaller.Outcome.Larger<Encoding> _ -> fallBackToOriginal(job);
            case FirstSmaller.Outcome.NoneEncoded<Encoding>(boolean _, Exception lastFailure) ->
                    throw MediaException.encodeFailed("None of the encodings of preset '" + job.preset().name()
                            + "' could encode this image.", lastFailure);
            // a decoder failure is reported from the encode step itself (checkDecodes): never here
            case FirstSmaller.Outcome.Unreadable<Encoding> _ -> throw MediaException.unreadable(
                    "The image could not be decoded; it may be corrupt or truncated.", null);
        };
    }

    static void admit(ImageJob job) {
        job.admitted(ImageAdmission.admit(job.decoder(), job.source(), job.limits()));
    }

    static void orient(ImageJob job) {
        job.oriented(UprightPicture.of(job));
    }

    static void chooseFormats(ImageJob job) {
        job.formatsChosen(StrategyChoice.choose(job.header(), job.picture(), job.settings(), job.input()));
    }

    /**
     * The chosen formats in turn, each encoded and carried toward the quality target, until one
     * comes out smaller than the input (or, for an input that may not stand in, until one is made).
     */
    static FirstSmaller.Outcome<Encoding> keepSmaller(ImageJob job) {
        EncodeStep encodeStep = new EncodeStep(job);
        long inputBytes = WorkFiles.size(job.input());
        FirstSmaller<Strategy, Encoding> rule = FirstSmaller.removingLarger(
                strategy -> meetTarget(job, encodeStep.encode(strategy)), Encoding::bytes, larger -> {
                    log.debug("{} as {} came out at {} bytes, not under the input's {}", job.input(),
                            larger.strategy().wireName(), larger.bytes(), inputBytes);
                    WorkFiles.delete(larger.output());
                });
        return rule.tryInOrder(job.formats().order(), job.formats().sizeToBeat(inputBytes));
    }

    /** An encoding made goes on toward the quality target; a failed try stays as the encode step left it. */
    static Attempt<Encoding> meetTarget(ImageJob job, Attempt<Encoding> encoded) {
        return encoded instanceof Attempt.Encoded<Encoding>(Encoding first)
                ? new Attempt.Encoded<>(TargetSearch.meetTarget(job, first)) : encoded;
    }

    /**
     * The encoding kept, of the first page only; larger than the input only when the input may not
     * stand in for it, which the result then says.
     */
    static Optimized output(ImageJob job, Encoding kept) {
        ImageHeader header = job.header();
        Strategy used = kept.strategy();
        ImageEncoder.Encoded encoded = kept.encoded();
        Optimized out = Optimized.encodedImage(kept.output(), used, header.displayedWidth(), header.displayedHeight(),
                        encoded.width(), encoded.height())
                .withQuality(encoded.quality(), encoded.score())
                .withAlphaFlattened(job.picture().alphaUsed() && !StrategyChoice.keepsAlpha(used))
                .withPlaceholder(encoded.placeholder() != null ? encoded.placeholder() : job.placeholderOf(kept.output()))
                .withPagesDropped(header.pagesDropped());
        if (kept.bytes() <= WorkFiles.size(job.input())) return out;
        return out.withLargerReason("The input cannot be returned as it is ("
                + job.formats().originalRefusal().orElseThrow() + "), and its " + used.wireName()
                + " encoding came out larger");
    }

    /** The input as it came, with all its pages. */
    static Optimized fallBackToOriginal(ImageJob job) {
        ImageHeader header = job.header();
        return Optimized.originalImage(job.input(), Strategy.IMAGE_ORIGINAL, header.format(),
                        header.displayedWidth(), header.displayedHeight())
                .withPlaceholder(job.placeholderOf(job.source()));
    }
}
