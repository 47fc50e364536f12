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

    /*
     * SSIMULACRA 2 targets (docs/api-media.md, "Quality per file", with the figures behind them): 90 is
     * visually lossless at 1:1, 80 not noticed by an average viewer at normal distance, 70
     * medium, 50 low. mobile sits lower than web because its pictures are seen on denser screens.
     */
    private static final ImageQuality.Bounds WEBP = new ImageQuality.Bounds(30, 95);
    private static final ImageQuality.Bounds AVIF = new ImageQuality.Bounds(20, 85);
    private static final ImageQuality.Bounds JPEG = new ImageQuality.Bounds(30, 95);
    private static final ImageQuality WEB_QUALITY = new ImageQuality(70, WEBP, AVIF, JPEG);
    private static final ImageQuality MOBILE_QUALITY = new ImageQuality(65, WEBP, AVIF, JPEG);
    private static final ImageQuality LOW_BANDWIDTH_QUALITY = new ImageQuality(60, WEBP, AVIF, JPEG);

    /*
     * CRF search targets (SERVICE_VIDEO_QUALITY=auto; docs/benchmarks.md, "CRF per video"): the
     * worst sample's SSIM against the scaled source. The preset's own CRF is the floor, so no
     * video comes out larger or worse than with one CRF for all. web's 0.980 sits just under
     * where its CRF 23 lands on the bench's camera-like clips (worst samples 0.977 to 0.988), so
     * those stay near today's quality and only easier pictures go up to 6 steps higher; mobile
     * and low-bandwidth sit lower as their CRFs do.
     */
    private static final VideoQuality WEB_VIDEO = new VideoQuality(0.980, 23, 29);
    private static final VideoQuality MOBILE_VIDEO = new VideoQuality(0.975, 26, 32);
    private static final VideoQuality LOW_BANDWIDTH_VIDEO = new VideoQuality(0.965, 36, 42);

    /*
     * AV1 settings (format=av1, renditions=sources and hls), chosen by bench/av1.sh
     * (docs/benchmarks.md, "AV1 beside H.264"): six 10 s 720p clips of real photographs and
     * screenshots (pans and zooms with grain, a scrolled UI screenshot, a portrait, a dark scene,
     * heavy grain), SVT-AV1 against each preset's H.264; a judge counts the clips where AV1 is as
     * good. The web rows were capped at 3000 kb/s, the mobile@ and low-bandwidth@ rows at the
     * preset's own width and AV1 cap.
     *
     * | preset        | AV1        | median bytes vs H.264 | SSIM >= | SSIMULACRA 2 >= | CPU vs H.264 |
     * | web           | P10 CRF 32 | 0.85                  | 6/6     | 6/6             | 1.29         |
     * | web           | P10 CRF 38 | 0.53                  | 6/6     | 6/6             | 1.32         |
     * | web           | P10 CRF 44 | 0.46                  | 6/6     | 6/6             | 1.13         |
     * | web           | P8 CRF 38  | 0.55                  | 6/6     | 6/6             | 2.79         |
     * | mobile        | P10 CRF 44 | 0.75                  | 6/6     | 6/6             | 1.16         |
     * | mobile        | P10 CRF 47 | 0.71                  | 6/6     | 6/6             | 1.12         |
     * | mobile        | P10 CRF 48 | 0.69                  | 6/6     | 6/6             | 1.15         |
     * | mobile        | P10 CRF 49 | 0.64                  | 6/6     | 6/6             | 1.16         |
     * | mobile        | P9 CRF 48  | 0.67                  | 6/6     | 6/6             | 1.50         |
     * | mobile        | P10 CRF 50 | 0.60                  | 6/6     | 5/6             | 1.24         |
     * | low-bandwidth | P10 CRF 44 | 1.61                  | 6/6     | 6/6             | 1.35         |
     * | low-bandwidth | P10 CRF 50 | 1.37                  | 6/6     | 6/6             | 1.25         |
     * | low-bandwidth | P10 CRF 56 | 1.11                  | 6/6     | 6/6             | 1.31         |
     * | low-bandwidth | P10 CRF 60 | 0.89                  | 6/6     | 6/6             | 1.27         |
     * | low-bandwidth | P10 CRF 63 | 0.58                  | 6/6     | 6/6             | 1.21         |
     *
     * web: P10 CRF 38, the first point under 0.65x with both judges ahead on every clip by a
     * margin (CRF 44 is smaller still, but a SSIMULACRA 2 point or less ahead on the pan and the
     * screen). Preset 8 costs twice the CPU of 10 for no fewer bytes. The cap stays at the
     * measured 3000 kb/s (it bound on heavy grain only).
     * mobile: P10 CRF 49, the highest CRF measured that is as good by both judges on every clip,
     * at 0.64x its H.264 (which already sits at CRF 26); its narrowest margin is the screen
     * recording, 81.0 against 80.6 by SSIMULACRA 2, and CRF 50 loses there. Preset 9 buys no bytes
     * for 1.5x the CPU. Its cap is its H.264's, so AV1 never gets more bits than the H.264 beside it.
     * low-bandwidth: P10 CRF 63, SVT-AV1's highest, at 0.58x its H.264 (854 wide, CRF 36 under
     * 800 kb/s) and still ahead by both judges on every clip: that H.264 scores 12 to 44 by
     * SSIMULACRA 2 on the camera-like clips (-23 on heavy grain), AV1 at CRF 63 50 to 60 (16).
     * Lower CRFs were better still but not smaller (CRF 56 1.11x, 60 0.89x). Its cap is its own.
     */
    private static final Av1Settings WEB_AV1 = new Av1Settings(10, 38, 3000);
    private static final Av1Settings MOBILE_AV1 = new Av1Settings(10, 49, 2500);
    private static final Av1Settings LOW_BANDWIDTH_AV1 = new Av1Settings(10, 63, 800);

    private final Map<String, Preset> byName = new LinkedHashMap<>();

    public Presets(List<Preset> presets) {
        presets.forEach(p -> byName.put(p.name(), p));
    }

    public static Presets standard() {
        return new Presets(List.of(
                new Preset("web", "Desktop and general web: WebP images, H.264/AAC MP4 video",
                        new ImageSettings(1920, 80, 50, 82,
                                List.of(IMAGE_WEBP, IMAGE_PNG, IMAGE_JPEG), List.of(IMAGE_WEBP), WEB_QUALITY),
                        new VideoSettings(1920, 23, 5000, 128, List.of(VIDEO_MP4_H264), WEB_VIDEO, WEB_AV1)),
                new Preset("mobile", "Phone screens: smaller WebP images, 720p H.264/AAC MP4 video",
                        new ImageSettings(1080, 75, 45, 78,
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
