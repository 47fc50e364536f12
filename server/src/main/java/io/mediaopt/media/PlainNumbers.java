package io.mediaopt.media;

import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * Numbers as a form field or query parameter of the API writes them: ASCII digits, and for a
 * decimal one point between digits; nothing else. Java's own parsers also take a sign, spaces
 * (Double), exponents, hexadecimal, {@code NaN} and the digits of other scripts (full-width
 * {@code １２}, Arabic-Indic {@code ١٢}), which a client, a proxy or a log reader would read otherwise.
 */
public final class PlainNumbers {
    /** Nine digits at most, so every match fits an int. */
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,9}");
    /** What a browser's number field sends too: {@code 2}, {@code 2.5}, {@code .5}. */
    private static final Pattern DECIMAL = Pattern.compile("[0-9]{0,9}(\\.[0-9]{1,9})?");

    private PlainNumbers() {}

    /** The whole number the text is exactly, or empty. */
    public static OptionalInt whole(String text) {
        return text != null && WHOLE.matcher(text).matches() ? OptionalInt.of(Integer.parseInt(text)) : OptionalInt.empty();
    }

    /** The decimal number ({@code 12}, {@code 2.5}, {@code .5}) the text is exactly, or empty. */
    public static OptionalDouble decimal(String text) {
        return text != null && !text.isEmpty() && DECIMAL.matcher(text).matches()
                ? OptionalDouble.of(Double.parseDouble(text)) : OptionalDouble.empty();
    }
}
