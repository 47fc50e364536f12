package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.Watchdog;
import io.mediaopt.media.Preset;

import java.nio.file.Path;

/** An {@link ImageJob} for a test's file, taken through the pipeline's first steps as the test asks. */
final class ImageJobs {
    private static final Vips VIPS = TestVips.open();

    private ImageJobs() {}

    /** The job as it starts: nothing learnt of the image yet. */
    static ImageJob of(Path file, Preset preset, Path work, Watchdog watchdog, QualityMode mode) {
        return new ImageJob(file, file, VIPS.forInput(ImageOptimizerTest.sniff(file)), preset, work, watchdog,
                ImageOptimizerTest.LIMITS, mode);
    }

    /** The job with its header, upright picture and formats: ready to encode. */
    static ImageJob readyToEncode(Path file, Preset preset, Path work, Watchdog watchdog, QualityMode mode) {
        ImageJob job = of(file, preset, work, watchdog, mode);
        ImagePipeline.admit(job);
        ImagePipeline.orient(job);
        ImagePipeline.chooseFormats(job);
        return job;
    }
}
