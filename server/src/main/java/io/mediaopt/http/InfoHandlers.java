package io.mediaopt.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.javalin.http.Context;
import io.mediaopt.Caller;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.usage.UsageCounters;
import io.mediaopt.usage.UsageSnapshot;

import java.util.Arrays;
import java.util.List;

/** The read-only routes: usage, presets and limits. */
public final class InfoHandlers {
    private final UsageCounters usage;
    private final Presets presets;
    private final Limits limits;

    public InfoHandlers(UsageCounters usage, Presets presets, Limits limits) {
        this.usage = usage;
        this.presets = presets;
        this.limits = limits;
    }

    /** The totals, and with keys on the counts of the caller's own key. */
    void usage(Context ctx, Caller caller) {
        UsageSnapshot totals = usage.snapshot();
        ctx.json(new UsageView(totals.totalJobs(), totals.totalInputBytes(), totals.totalOutputBytes(),
                totals.totalSavedBytes(), caller.keyName() == null ? null : KeyUsage.of(caller.keyName(),
                usage.snapshotOf(caller.keyName()))));
    }

    void presets(Context ctx) {
        ctx.json(new PresetList(Presets.DEFAULT, presets.all(), OptionList.of()));
    }

    void limits(Context ctx) {
        ctx.json(new LimitsView(limits.maxInputBytes(), limits.maxInputPixels(), limits.maxAnimationFrames(),
                limits.maxVideoDurationSec(), limits.ffprobeTimeout().toMillis(), limits.imageTimeout().toMillis(),
                limits.videoTimeout().toMillis(), Arrays.stream(MediaFormat.values()).map(AcceptedFormat::of).toList()));
    }

    /** The totals of every key; {@code key}, with keys on, those of the caller's key alone. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record UsageView(long totalJobs, long totalInputBytes, long totalOutputBytes, long totalSavedBytes, KeyUsage key) {}

    record KeyUsage(String name, long jobs, long inputBytes, long outputBytes, long savedBytes) {
        static KeyUsage of(String name, UsageSnapshot counts) {
            return new KeyUsage(name, counts.totalJobs(), counts.totalInputBytes(), counts.totalOutputBytes(),
                    counts.totalSavedBytes());
        }
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
