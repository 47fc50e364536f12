package io.mediaopt.bench;

import java.util.List;

/**
 * The inputs of a run: a 12-megapixel photo, a 2560×1440 screenshot, an animated GIF, a 10 s
 * 1080p clip and a 2 s 720p clip, plus a ~110 MB high-bitrate clip for the memory test and a
 * 64×64 icon, cheap enough to send hundreds of times to warm the service up.
 */
record MediaSet(MediaCase photo, MediaCase screenshot, MediaCase gif, MediaCase clip1080, MediaCase clip720,
                MediaCase bigClip, MediaCase icon) {

    List<MediaCase> images() {
        return List.of(photo, screenshot, gif);
    }

    List<MediaCase> videos() {
        return List.of(clip1080, clip720);
    }

    List<MediaCase> all() {
        return List.of(photo, screenshot, gif, clip1080, clip720);
    }
}
