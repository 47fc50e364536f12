package io.mediaopt.media;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.mediaopt.media.Strategy.*;

/** The presets the service offers, in the order they are listed. */
public final class Presets {
    public static final String DEFAULT = "web";

    private final Map<String, Preset> byName = new LinkedHashMap<>();

    public Presets(List<Preset> presets) {
        presets.forEach(p -> byName.put(p.name(), p));
    }

    public static Presets standard() {
        return new Presets(List.of(
                new Preset("web", "Desktop and general web: WebP images, H.264/AAC MP4 video",
                        new ImageSettings(1920, 80, 50, 82,
                                List.of(IMAGE_WEBP, IMAGE_JPEG), List.of(IMAGE_WEBP)),
                        new VideoSettings(1920, 23, 5000, 128, List.of(VIDEO_MP4_H264))),
                new Preset("mobile", "Phone screens: smaller WebP images, 720p H.264/AAC MP4 video",
                        new ImageSettings(1080, 75, 45, 78,
                                List.of(IMAGE_WEBP, IMAGE_JPEG), List.of(IMAGE_WEBP)),
                        new VideoSettings(1280, 26, 2500, 96, List.of(VIDEO_MP4_H264))),
                new Preset("low-bandwidth", "Slow links: AVIF images, VP9/Opus WebM video",
                        new ImageSettings(720, 50, 50, 70,
                                List.of(IMAGE_AVIF, IMAGE_WEBP, IMAGE_JPEG), List.of(IMAGE_WEBP)),
                        new VideoSettings(854, 36, 800, 64, List.of(VIDEO_WEBM_VP9, VIDEO_MP4_H264)))));
    }

    /** The preset of that name, or empty; a null or blank name means the default. */
    public Optional<Preset> find(String name) {
        String key = name == null || name.isBlank() ? DEFAULT : name.strip();
        return Optional.ofNullable(byName.get(key));
    }

    public List<Preset> all() {
        return List.copyOf(byName.values());
    }

    public List<String> names() {
        return List.copyOf(byName.keySet());
    }
}
