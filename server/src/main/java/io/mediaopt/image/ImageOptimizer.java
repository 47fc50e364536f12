package io.mediaopt.image;

import io.mediaopt.image.vips.NativeHeap;
import io.mediaopt.image.vips.ReadablePath;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.Watchdog;

import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Progress;
import io.mediaopt.media.QueueDeadline;

import java.nio.file.Path;

/**
 * Optimizes images in process with libvips, through the steps of {@link ImagePipeline}: admit,
 * orient, choose formats, encode, meet the quality target, keep the smaller, fall back to the
 * original. Everything runs under the image timeout.
 */
public final class ImageOptimizer implements Optimizer {
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
            return ImagePipeline.run(new ImageJob(input, source.path(), vips.forInput(sniffed), preset, workDir,
                    watchdog, limits, qualityMode));
        } finally {
            NativeHeap.PROCESS.imageEnds();
        }
    }
}
