package io.mediaopt.renditions;

import io.mediaopt.ServiceException;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.PlainNumbers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The renditions a job asked for, and the time of its poster (null: a representative frame).
 * Kept in the job store as one text ({@link #stored()}), so a queued job keeps it on any node.
 */
public record RenditionRequest(Set<RenditionKind> kinds, Double posterTimeSec) {
    public static final RenditionRequest NONE = new RenditionRequest(Set.of(), null);
    /** Longest text of the two fields that is read at all. */
    public static final int MAX_FIELD_LENGTH = 100;
    private static final String POSTER_TIME_MARK = "@";

    public RenditionRequest {
        kinds = kinds.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kinds));
    }

    public boolean isEmpty() {
        return kinds.isEmpty();
    }

    public boolean wants(RenditionKind kind) {
        return kinds.contains(kind);
    }

    /**
     * The request of the form fields {@code renditions} (comma-separated names) and
     * {@code posterTime} (seconds), either null when absent.
     */
    public static RenditionRequest parse(String renditions, String posterTime) {
        Set<RenditionKind> kinds = EnumSet.noneOf(RenditionKind.class);
        if (renditions != null) {
            for (String word : renditions.split(",", -1)) {
                String name = word.strip().toLowerCase(Locale.ROOT);
                kinds.add(RenditionKind.fromWire(name).orElseThrow(() -> ServiceException.invalidInput(
                        "Expected renditions as a comma-separated list of " + names() + " but received \""
                                + renditions.strip() + "\"")));
            }
        }
        Double time = posterTime == null ? null : posterTime(posterTime);
        if (time != null && !kinds.contains(RenditionKind.POSTER)) {
            throw ServiceException.invalidInput("Expected posterTime only with renditions naming poster");
        }
        return new RenditionRequest(kinds, time);
    }

    /** Refuses renditions the uploaded kind of media has none of (a poster of a photo). */
    public void checkFits(MediaKind media) {
        List<String> unfit = kinds.stream().filter(k -> k.media() != media).map(RenditionKind::wireName).toList();
        if (!unfit.isEmpty()) {
            throw ServiceException.invalidInput("The renditions " + String.join(", ", unfit) + " are made for "
                    + (media == MediaKind.IMAGE ? "videos" : "images") + " only, and the upload is "
                    + (media == MediaKind.IMAGE ? "an image" : "a video"));
        }
    }

    /** The text the job store keeps: {@code poster@2.5,hls}; null when nothing was asked for. */
    public String stored() {
        if (isEmpty()) return null;
        List<String> words = new ArrayList<>();
        for (RenditionKind kind : EnumSet.copyOf(kinds)) {
            words.add(kind == RenditionKind.POSTER && posterTimeSec != null
                    ? kind.wireName() + POSTER_TIME_MARK + posterTimeSec : kind.wireName());
        }
        return String.join(",", words);
    }

    public static RenditionRequest fromStored(String text) {
        if (text == null || text.isEmpty()) return NONE;
        Set<RenditionKind> kinds = EnumSet.noneOf(RenditionKind.class);
        Double time = null;
        for (String word : text.split(",")) {
            String[] parts = word.split(POSTER_TIME_MARK, 2);
            kinds.add(RenditionKind.fromWire(parts[0]).orElseThrow(
                    () -> new IllegalStateException("Stored job asks for an unknown rendition " + word)));
            if (parts.length == 2) time = Double.valueOf(parts[1]);
        }
        return new RenditionRequest(kinds, time);
    }

    private static double posterTime(String text) {
        OptionalDouble seconds = PlainNumbers.decimal(text);
        if (seconds.isPresent()) return seconds.getAsDouble();
        throw ServiceException.invalidInput("Expected posterTime as a number of seconds from the start, 0 or more, "
                + "in ASCII digits with an optional decimal point (2.5), but received \"" + text + "\"");
    }

    private static String names() {
        return Arrays.stream(RenditionKind.values()).map(RenditionKind::wireName).collect(Collectors.joining(", "));
    }
}
