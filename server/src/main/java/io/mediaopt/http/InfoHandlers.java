package io.mediaopt.http;

import io.javalin.http.Context;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.usage.UsageCounters;

import java.util.Arrays;
import java.util.List;

/** The read-only routes: usage, health, presets and limits. */
public final class InfoHandlers {
    private final UsageCounters usage;
    private final HealthChecks health;
    private final Presets presets;
    private final Limits limits;

    public InfoHandlers(UsageCounters usage, HealthChecks health, Presets presets, Limits limits) {
        this.usage = usage;
        this.health = health;
        this.presets = presets;
        this.limits = limits;
    }

    void usage(Context ctx) {
        ctx.json(usage.snapshot());
    }

    void health(Context ctx) {
        HealthChecks.Report report = health.run();
        ctx.status(report.status().equals("ok") ? 200 : 503).json(report);
    }

    void presets(Context ctx) {
        ctx.json(new PresetList(Presets.DEFAULT, presets.all(), OptionList.of()));
    }

    void limits(Context ctx) {
        ctx.json(new LimitsView(limits.maxInputBytes(), limits.maxInputPixels(), limits.maxAnimationFrames(),
                limits.maxVideoDurationSec(), limits.ffprobeTimeout().toMillis(), limits.imageTimeout().toMillis(),
                limits.videoTimeout().toMillis(), Arrays.stream(MediaFormat.values()).map(AcceptedFormat::of).toList()));
    }

    record PresetList(String defaultPreset, List<Preset> presets, OptionList options) {}

    record LimitsView(long maxInputBytes, long maxInputPixels, int maxAnimationFrames, int maxVideoDurationSec,
                      long ffprobeTimeoutMs, long imageTimeoutMs, long videoTimeoutMs, List<AcceptedFormat> formats) {}

    /** An accepted input format, so that clients need not keep their own list of extensions. */
    record AcceptedFormat(String name, String kind, String mediaType, List<String> extensions) {
        static AcceptedFormat of(MediaFormat format) {
            return new AcceptedFormat(format.shortName(), format.kind().wireName(), format.contentType(),
                    format.extensions());
        }
    }
}
