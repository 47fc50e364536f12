package io.mediaopt.media;

import io.mediaopt.ServiceException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What one request asks of its output beyond its preset: the encoder quality of an image
 * ({@code quality}, null: chosen as the service's quality mode chooses), the output format
 * ({@code format}, null: the preset's choice), a smaller maximum width ({@code width}, null: the
 * preset's; {@code av1}: the preset's AV1 settings), and the image formats the synchronous caller's
 * Accept header lists ({@code accepted}, empty: no preference; heard only while {@code format} is
 * auto), and whether the request said {@code quality=auto} ({@code qualityAuto}: a search per file
 * even where the service's default is one fixed quality). They travel with the job and override
 * its preset's settings ({@link #applyTo}), so the optimizers see a preset like any other.
 */
public record OutputOptions(Integer quality, OutputFormat format, Integer width, Set<MediaFormat> accepted,
                            boolean qualityAuto) {
    /** The word that asks for the default of {@code quality} and {@code format}. */
    public static final String AUTO = "auto";
    public static final int MIN_QUALITY = 1;
    public static final int MAX_QUALITY = 100;
    /** The formats {@code format} may name, images first. */
    public static final List<OutputFormat> FORMATS = List.of(OutputFormat.values());
    /** The image formats an Accept header may choose among; the others every browser shows. */
    private static final List<MediaFormat> NEGOTIATED = List.of(MediaFormat.AVIF, MediaFormat.WEBP);
    /** Nothing asked: the preset as it is (declared after the lists its constructor checks against). */
    public static final OutputOptions NONE = new OutputOptions(Optional.empty(), Optional.empty(), Optional.empty());

    public OutputOptions {
        if (quality != null && qualityAuto) throw new IllegalArgumentException("quality both pinned and auto");
        if (quality != null && (quality < MIN_QUALITY || quality > MAX_QUALITY)) {
            throw new IllegalArgumentException("quality out of range: " + quality);
        }
        if (width != null && width < 1) throw new IllegalArgumentException("width not positive: " + width);
        accepted = accepted == null || accepted.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(accepted));
        if (!NEGOTIATED.containsAll(accepted)) throw new IllegalArgumentException("not negotiated: " + accepted);
    }

    /** Options asking for what is present of {@code quality}, {@code format} and {@code width}, and nothing else. */
    public OutputOptions(Optional<Integer> quality, Optional<OutputFormat> format, Optional<Integer> width) {
        this(quality.orElse(null), format.orElse(null), width.orElse(null), Set.of(), false);
    }

    /** Options that leave the quality to the service's default mode. */
    public OutputOptions(Integer quality, OutputFormat format, Integer width, Set<MediaFormat> accepted) {
        this(quality, format, width, accepted, false);
    }

    /** The options of the form fields {@code quality}, {@code format} and {@code width}, each null when absent. */
    public static OutputOptions parse(String quality, String format, String width) {
        boolean auto = quality != null && quality.strip().toLowerCase(Locale.ROOT).equals(AUTO);
        return new OutputOptions(quality == null || auto ? null : quality(quality), format == null ? null : format(format),
                width == null ? null : width(width), Set.of(), auto);
    }

    /**
     * The same options with the preference of this Accept header (null: none): of AVIF and WebP,
     * those it lists with a q above 0. Ignored when a format was asked for, and when the header
     * lists neither ({@code *}/{@code *} alone keeps the preset's choice).
     */
    public OutputOptions accepting(String acceptHeader) {
        if (format != null || acceptHeader == null) return this;
        Set<MediaFormat> listed = EnumSet.noneOf(MediaFormat.class);
        for (String range : acceptHeader.split(",")) {
            String[] parts = range.split(";");
            String type = parts[0].strip().toLowerCase(Locale.ROOT);
            if (refused(parts)) continue;
            NEGOTIATED.stream().filter(f -> f.contentType().equals(type)).forEach(listed::add);
        }
        return new OutputOptions(quality, format, width, listed, qualityAuto);
    }

    /** Whether the client pinned a quality, or asked for a format or width (not counting Accept or quality=auto). */
    public boolean requested() {
        return quality != null || format != null || width != null;
    }

    /**
     * Refuses what the uploaded kind of media cannot have: a format of the other kind, or a
     * quality for a video (its encoders work at the preset's constant rate factor, a scale of
     * their own per codec that a 1 to 100 number would not map onto faithfully).
     */
    public void checkFits(MediaKind media) {
        if (format != null && format.kind() != media) {
            throw ServiceException.invalidInput("Expected format auto or one of " + names(media) + " for "
                    + (media == MediaKind.IMAGE ? "an image" : "a video") + " but received \"" + format.shortName()
                    + "\", a format for " + (media == MediaKind.IMAGE ? "videos" : "images"));
        }
        if (quality != null && media == MediaKind.VIDEO) {
            throw ServiceException.invalidInput("Expected quality auto for a video but received \"" + quality
                    + "\": videos are encoded at their preset's constant quality, and quality pins images only");
        }
    }

    /**
     * The preset with these options laid over its settings: a narrower maximum width (never a
     * wider one; for videos never under {@link VideoSettings#MIN_WIDTH}), the one format asked
     * for (the preset's encodings of it, or the service's default encoding of it when the preset
     * has none; for av1 the preset's AV1 settings), the quality pinned or searched for, or, for format auto,
     * the image formats the Accept header lists moved first and the ones it leaves out dropped.
     */
    public Preset applyTo(Preset preset) {
        if (!requested() && accepted.isEmpty() && !qualityAuto) return preset;
        ImageSettings image = preset.image();
        VideoSettings video = preset.video();
        if (width != null) {
            image = image.withMaxWidth(Math.min(width, image.maxWidth()));
            video = video.withMaxWidth(Math.max(VideoSettings.MIN_WIDTH, Math.min(width, video.maxWidth())));
        }
        if (format != null && format.kind() == MediaKind.IMAGE) {
            List<Strategy> only = List.of(encodingOf(format.container(), image.strategies()));
            image = image.withStrategies(only, only);
        } else if (format == OutputFormat.AV1) {
            video = video.asAv1();
        } else if (format != null) {
            video = video.withStrategies(List.of(encodingOf(format.container(), video.strategies())));
        } else if (!accepted.isEmpty()) {
            image = image.withStrategies(preferred(image.strategies()), image.animatedStrategies());
        }
        if (quality != null) image = image.pinnedAt(quality);
        if (qualityAuto) image = image.withSearchAsked();
        return new Preset(preset.name(), preset.description(), image, video);
    }

    /** The preset's first encoding to that format, or the first the service has for it. */
    private static Strategy encodingOf(MediaFormat format, List<Strategy> preset) {
        return preset.stream().filter(s -> s.output() == format).findFirst()
                .orElseGet(() -> Arrays.stream(Strategy.values()).filter(s -> s.output() == format).findFirst()
                        .orElseThrow());
    }

    /** The accepted negotiated formats first, then the rest without the negotiated ones not accepted. */
    private List<Strategy> preferred(List<Strategy> preset) {
        if (preset.stream().noneMatch(s -> accepted.contains(s.output()))) return preset;
        List<Strategy> order = new ArrayList<>();
        preset.stream().filter(s -> accepted.contains(s.output())).forEach(order::add);
        preset.stream().filter(s -> !NEGOTIATED.contains(s.output())).forEach(order::add);
        return order;
    }

    /** The names {@code format} takes for a kind: "webp, avif, jpeg, png". */
    public static List<String> formatNames(MediaKind kind) {
        return FORMATS.stream().filter(f -> f.kind() == kind).map(OutputFormat::shortName).toList();
    }

    private static String names(MediaKind kind) {
        return String.join(", ", formatNames(kind));
    }

    private static boolean refused(String[] parameters) {
        for (int i = 1; i < parameters.length; i++) {
            String p = parameters[i].strip().toLowerCase(Locale.ROOT);
            if (!p.startsWith("q=")) continue;
            try {
                return Double.parseDouble(p.substring(2).strip()) <= 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return false;
    }

    private static Integer quality(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        if (value.equals(AUTO)) return null;
        OptionalInt q = PlainNumbers.whole(text);
        if (q.isPresent() && q.getAsInt() >= MIN_QUALITY && q.getAsInt() <= MAX_QUALITY) return q.getAsInt();
        throw ServiceException.invalidInput("Expected auto or a whole number from " + MIN_QUALITY + " to " + MAX_QUALITY
                + " in ASCII digits for quality but received \"" + text + "\"");
    }

    private static OutputFormat format(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        if (value.equals(AUTO)) return null;
        return FORMATS.stream().filter(f -> f.shortName().equals(value)).findFirst()
                .orElseThrow(() -> ServiceException.invalidInput("Expected one of " + AUTO + ", "
                        + FORMATS.stream().map(OutputFormat::shortName).collect(Collectors.joining(", "))
                        + " for format but received \"" + text.strip() + "\""));
    }

    private static Integer width(String text) {
        OptionalInt w = PlainNumbers.whole(text);
        if (w.isPresent() && w.getAsInt() >= 1) return w.getAsInt();
        throw ServiceException.invalidInput("Expected a whole number of pixels, 1 or more, in ASCII digits for width "
                + "but received \"" + text + "\"");
    }
}
