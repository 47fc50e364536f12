package io.mediaopt.media;

import java.time.Duration;

/** What the service accepts and how long it may work on one file. */
public record Limits(
        long maxInputBytes,
        long maxInputPixels,
        int maxAnimationFrames,
        int maxVideoDurationSec,
        Duration ffprobeTimeout,
        Duration imageTimeout,
        Duration videoTimeout) {}
