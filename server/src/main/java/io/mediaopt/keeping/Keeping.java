package io.mediaopt.keeping;

import io.mediaopt.ServiceException;
import io.mediaopt.media.PlainNumbers;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Whether a job is kept (docs/api.md, Keeping and deleting), as its submission asked (form fields
 * {@code keep}, {@code keepHours}, {@code visibility}, {@code linkTtlSec}) or its key's setting
 * gave: {@code terms} is empty for a job that is not kept; else {@code keptAs} says who may read its
 * stable URLs, {@code keepHours} how long after it ended retention deletes it all the same (null:
 * only DELETE does), {@code linkTtlSec} how long a signed link of a private job lasts (null: the
 * default). The accessors below read the terms, null for a job not kept.
 */
public record Keeping(Optional<Terms> terms) {
    /** Ten years: longer asks nothing retention would ever reach. */
    public static final long MAX_KEEP_HOURS = 87_600;
    public static final long MIN_LINK_TTL_SEC = 60;
    /** A year: the max-age a CDN honours for immutable content. */
    public static final long MAX_LINK_TTL_SEC = 31_536_000;
    public static final Keeping NONE = new Keeping(Optional.empty());

    /** What a kept job is kept on: who may read its stable URLs, for how long, how long its signed links last. */
    public record Terms(Visibility keptAs, Long keepHours, Long linkTtlSec) {}

    /** A job kept as {@code keptAs}, or not kept when that is null. */
    public Keeping(Visibility keptAs, Long keepHours, Long linkTtlSec) {
        this(keptAs == null ? Optional.empty() : Optional.of(new Terms(keptAs, keepHours, linkTtlSec)));
    }

    public boolean kept() {
        return terms.isPresent();
    }

    public Visibility keptAs() {
        return terms.map(Terms::keptAs).orElse(null);
    }

    public Long keepHours() {
        return terms.map(Terms::keepHours).orElse(null);
    }

    public Long linkTtlSec() {
        return terms.map(Terms::linkTtlSec).orElse(null);
    }

    /** The fields as a form or a resumable upload's metadata gives them, each null when absent. */
    public static Request parse(String keep, String keepHours, String visibility, String linkTtlSec) {
        Boolean asked = keep == null ? null : flag(keep);
        Request request = new Request(asked,
                keepHours == null ? null : number("keepHours", keepHours, 1, MAX_KEEP_HOURS),
                visibility == null ? null : Visibility.fromWire(visibility).orElseThrow(() -> ServiceException.invalidInput(
                        "Expected public or private for visibility but received \"" + visibility.strip() + "\"")),
                linkTtlSec == null ? null : number("linkTtlSec", linkTtlSec, MIN_LINK_TTL_SEC, MAX_LINK_TTL_SEC));
        if (Boolean.FALSE.equals(asked) && (request.keepHours != null || request.visibility != null
                || request.linkTtlSec != null)) {
            throw ServiceException.invalidInput("Expected keepHours, visibility and linkTtlSec only for a kept job, "
                    + "but keep is false");
        }
        return request;
    }

    /** What the fields asked; {@code keep} null when the field was absent (the key's setting decides). */
    public record Request(Boolean keep, Long keepHours, Visibility visibility, Long linkTtlSec) {
        /** The keeping of a job whose key keeps its jobs by default ({@code keptByKey}) or not. */
        public Keeping resolve(boolean keptByKey) {
            boolean kept = keep == null ? keptByKey : keep;
            if (!kept) return Keeping.NONE;
            return new Keeping(visibility == null ? Visibility.PRIVATE : visibility, keepHours, linkTtlSec);
        }
    }

    /** How long a signed link of this job lasts. */
    public Duration linkTtl(Duration fallback) {
        Long seconds = linkTtlSec();
        return seconds == null ? fallback : Duration.ofSeconds(seconds);
    }

    private static boolean flag(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ServiceException.invalidInput("Expected true or false for keep but received \""
                    + text.strip() + "\"");
        };
    }

    private static long number(String name, String text, long min, long max) {
        OptionalInt n = PlainNumbers.whole(text);
        if (n.isPresent() && n.getAsInt() >= min && n.getAsInt() <= max) return n.getAsInt();
        throw ServiceException.invalidInput("Expected a whole number from " + min + " to " + max
                + " in ASCII digits for " + name + " but received \"" + text + "\"");
    }
}
