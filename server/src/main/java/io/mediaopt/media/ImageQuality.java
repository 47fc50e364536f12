package io.mediaopt.media;

/**
 * How a preset picks an image's quality per file: the lowest setting whose output scores at
 * least {@code targetScore} in SSIMULACRA 2 against the resized input, within each format's
 * bounds (libvips' Q, 1 to 100).
 */
public record ImageQuality(double targetScore, Bounds webp, Bounds avif, Bounds jpeg) {
    /** The lowest and highest quality the search may choose. */
    public record Bounds(int min, int max) {
        public Bounds {
            if (min < 1 || max > 100 || min > max) throw new IllegalArgumentException("bad bounds " + min + ".." + max);
        }
    }

    public Bounds bounds(Strategy strategy) {
        return switch (strategy) {
            case IMAGE_WEBP -> webp;
            case IMAGE_AVIF -> avif;
            case IMAGE_JPEG -> jpeg;
            default -> throw new IllegalArgumentException("no quality setting for " + strategy);
        };
    }
}
