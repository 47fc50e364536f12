package io.mediaopt.media;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static io.mediaopt.media.Strategy.*;

/**
 * The presets the service offers, in the order they are listed. PNG is on the image lists for
 * pictures with transparency only (see image.StrategyChoice).
 */
public final class Presets {
    public static final String DEFAULT = "web";

    /* SSIMULACRA 2 targets of quality per file: why these, and the figures, in docs/quality.md. */
    private static final ImageQuality.Bounds WEBP = new ImageQuality.Bounds(30, 95);
    private static final ImageQuality.Bounds AVIF = new ImageQuality.Bounds(20, 85);
    private static final ImageQuality.Bounds JPEG = new ImageQuality.Bounds(30, 95);
    private static final ImageQuality WEB_QUALITY = new ImageQuality(70, WEBP, AVIF, JPEG);
    private static final ImageQuality MOBILE_QUALITY = new ImageQuality(65, WEBP, AVIF, JPEG);
    private static final ImageQuality LOW_BANDWIDTH_QUALITY = new ImageQuality(60, WEBP, AVIF, JPEG);

    /* CRF search targets (worst sample's SSIM, CRF floor and ceiling): chosen in docs/quality.md. */
    private static final VideoQuality WEB_VIDEO = new VideoQuality(0.980, 23, 29);
    private static final VideoQuality MOBILE_VIDEO = new VideoQuality(0.975, 26, 32);
    private static final VideoQuality LOW_BANDWIDTH_VIDEO = new VideoQuality(0.965, 36, 42);

    /* AV1 settings (SVT-AV1 preset, CRF, cap), measured against each preset's H.264 in docs/quality.md. */
    private static final Av1Settings WEB_AV1 = new Av1Settings(10, 38, 3000);
    private static final Av1Settings MOBILE_AV1 = new Av1Settings(10, 49, 2500);
    private static final Av1Settings LOW_BANDWIDTH_AV1 = new Av1Settings(10, 63, 800);

    private final Map<String, Preset> byName = new LinkedHashMap<>();

    public Presets(List<Preset> presets) {
        presets.forEach(p -> byName.put(p.name(), p));
    }

    /*
     * Image qualities: WebP, AVIF, JPEG. Where WebP comes first (web, mobile) AVIF is set to the
     * quality that matches its WebP by butteraugli and by SSIMULACRA 2 on the quality corpus, not
     * to the same number; low-bandwidth's AVIF is its own first format and keeps its quality. JPEG
     * stays above its match (77, 68, 52): it is the full-colour format quality per file falls back
     * to, raised from there, when WebP's halved colour cannot reach the target. Images by URL and
     * responsive sets take these same numbers (docs/quality.md, "Images by URL: format qualities").
     */
    public static Presets standard() {
        return new Presets(List.of(
                new Preset("web", "Desktop and general web: WebP images, H.264/AAC MP4 video",
                        new ImageSettings(1920, 80, 61, 82,
                                List.of(IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG), List.of(IMAGE_WEBP), WEB_QUALITY),
                        new VideoSettings(1920, 23, 5000, 128, List.of(VIDEO_MP4_H264), WEB_VIDEO, WEB_AV1)),
                new Preset("mobile", "Phone screens: smaller WebP images, 720p H.264/AAC MP4 video",
                        new ImageSettings(1080, 75, 55, 78,
                                List.of(IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG), List.of(IMAGE_WEBP), MOBILE_QUALITY),
                        new VideoSettings(1280, 26, 2500, 96, List.of(VIDEO_MP4_H264), MOBILE_VIDEO, MOBILE_AV1)),
                new Preset("low-bandwidth", "Slow links: AVIF images, VP9/Opus WebM video",
                        new ImageSettings(720, 50, 50, 70,
                                List.of(IMAGE_AVIF, IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG), List.of(IMAGE_WEBP), LOW_BANDWIDTH_QUALITY),
                        new VideoSettings(854, 36, 800, 64, List.of(VIDEO_WEBM_VP9, VIDEO_MP4_H264),
                                LOW_BANDWIDTH_VIDEO, LOW_BANDWIDTH_AV1))));
    }

    /** The preset of that name, or empty; a null or blank name means the default. */
    public Optional<Preset> find(String name) {
        // as the option values are: a name typed as WEB or with a stray space still finds its preset
        String key = name == null || name.isBlank() ? DEFAULT : name.strip().toLowerCase(Locale.ROOT);
        return Optional.ofNullable(byName.get(key));
    }

    public List<Preset> all() {
        return List.copyOf(byName.values());
    }

    public List<String> names() {
        return List.copyOf(byName.keySet());
    }
}
