package io.mediaopt.image;

import io.mediaopt.image.vips.VipsException;

import io.mediaopt.media.Strategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.List;

/**
 * The {@code meetTarget} step. A search that missed its target at the format's highest quality
 * (coloured detail that the halved colour planes of lossy WebP and AVIF blur, such as small
 * coloured text) goes on with the chosen formats that follow, lossy ones only, as long as they
 * keep what the picture needs: JPEG at 90 and above keeps every colour sample. The first that
 * meets the target is kept, or else the one that scored best; the others are removed. A format
 * that fails to encode is passed over.
 */
final class TargetSearch {
    private static final Logger log = LoggerFactory.getLogger(TargetSearch.class);

    private TargetSearch() {}

    static Encoding meetTarget(ImageJob job, Encoding first) {
        if (!job.settings().searches() || first.meets(job.settings().search().targetScore())) return first;
        double target = job.settings().search().targetScore();
        boolean alphaUsed = job.picture().alphaUsed();
        List<Strategy> strategies = job.formats().order();
        Encoding best = first;
        for (Strategy next : strategies.subList(strategies.indexOf(first.strategy()) + 1, strategies.size())) {
            if (!next.lossyImage() || (alphaUsed && !StrategyChoice.keepsAlpha(next))) continue;
            Path output = job.outputFor(next);
            Encoding tried;
            try {
                tried = new Encoding(next, output, job.encoder().encode(next, output));
            } catch (VipsException e) {
                WorkFiles.delete(output);
                job.checkTime(output);
                log.debug("image strategy {} failed after {} missed its target: {}", next.wireName(),
                        first.strategy().wireName(), e.getMessage());
                continue;
            }
            job.checkTime(output);
            log.debug("{} scored {} at its highest quality; {} scored {}", best.strategy().wireName(),
                    best.encoded().score(), next.wireName(), tried.encoded().score());
            boolean better = tried.encoded().score() != null && tried.encoded().score() > best.encoded().score();
            WorkFiles.delete((better ? best : tried).output());
            if (better) best = tried;
            if (best.meets(target)) break;
        }
        return best;
    }
}
