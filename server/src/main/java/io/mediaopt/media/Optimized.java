package io.mediaopt.media;

import java.nio.file.Path;

/**
 * What an optimizer produced: the output file (the input itself for the original strategies),
 * how, and the measurements the result reports. Durations are null for images.
 */
public record Optimized(
        Path output,
        Strategy strategy,
        String contentType,
        String extension,
        int inputWidth,
        int inputHeight,
        int outputWidth,
        int outputHeight,
        Double inputDurationSec,
        Double outputDurationSec) {}
