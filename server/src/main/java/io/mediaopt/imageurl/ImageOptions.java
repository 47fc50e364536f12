package io.mediaopt.imageurl;

/**
 * What one image URL asks for, after parsing: every option at its value or its default, so that
 * two URLs that mean the same picture have the same {@link #canonical()} form (the cache key's).
 *
 * @param quality 1 to 100, or 0 for the preset's (per-file when {@code q:auto})
 * @param preset  one of the service's presets
 */
public record ImageOptions(ResizingType resizingType, int width, int height, double dpr, boolean enlarge,
                           Gravity gravity, int quality, boolean autoQuality, UrlFormat format, String preset) {
    public static final ImageOptions DEFAULTS = new ImageOptions(ResizingType.FIT, 0, 0, 1, false, Gravity.CENTRE,
            0, false, UrlFormat.BEST, "web");

    /** Width after the dpr, 0 for none asked. */
    public int scaledWidth() {
        return (int) Math.round(width * dpr);
    }

    public int scaledHeight() {
        return (int) Math.round(height * dpr);
    }

    /** One fixed spelling of every option, in one order: equal for URLs that ask the same thing. */
    public String canonical() {
        // a concatenation, not String.format: every request, hit or miss, spells its options
        return "rt:" + resizingType.wireName() + "/w:" + scaledWidth() + "/h:" + scaledHeight() + "/el:" + enlarge
                + "/g:" + gravity.canonical() + "/q:" + (autoQuality ? "auto" : Integer.toString(quality))
                + "/f:" + format.wireName() + "/pr:" + preset;
    }

    ImageOptions withResizingType(ResizingType value) {
        return new ImageOptions(value, width, height, dpr, enlarge, gravity, quality, autoQuality, format, preset);
    }

    ImageOptions withWidth(int value) {
        return new ImageOptions(resizingType, value, height, dpr, enlarge, gravity, quality, autoQuality, format, preset);
    }

    ImageOptions withHeight(int value) {
        return new ImageOptions(resizingType, width, value, dpr, enlarge, gravity, quality, autoQuality, format, preset);
    }

    ImageOptions withDpr(double value) {
        return new ImageOptions(resizingType, width, height, value, enlarge, gravity, quality, autoQuality, format, preset);
    }

    ImageOptions withEnlarge(boolean value) {
        return new ImageOptions(resizingType, width, height, dpr, value, gravity, quality, autoQuality, format, preset);
    }

    ImageOptions withGravity(Gravity value) {
        return new ImageOptions(resizingType, width, height, dpr, enlarge, value, quality, autoQuality, format, preset);
    }

    ImageOptions withQuality(int value, boolean auto) {
        return new ImageOptions(resizingType, width, height, dpr, enlarge, gravity, value, auto, format, preset);
    }

    ImageOptions withFormat(UrlFormat value) {
        return new ImageOptions(resizingType, width, height, dpr, enlarge, gravity, quality, autoQuality, value, preset);
    }

    ImageOptions withPreset(String value) {
        return new ImageOptions(resizingType, width, height, dpr, enlarge, gravity, quality, autoQuality, format, value);
    }
}
