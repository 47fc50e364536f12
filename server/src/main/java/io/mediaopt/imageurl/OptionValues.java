package io.mediaopt.imageurl;

import io.mediaopt.ServiceException;

/** The values of processing options as imgproxy writes them: whole numbers, fractions, booleans. */
final class OptionValues {
    static final int MAX_SIDE = 16_384;

    private OptionValues() {}

    static int side(String value, String option) {
        if (value.isEmpty()) return 0;
        try {
            int n = Integer.parseInt(value);
            if (n >= 0 && n <= MAX_SIDE) return n;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw ServiceException.invalidInput("Expected " + option + " as a whole number from 0 to " + MAX_SIDE
                + " but received \"" + value + "\"");
    }

    static boolean bool(String value, String option) {
        return switch (value) {
            case "1", "t", "true" -> true;
            case "", "0", "f", "false" -> false;
            default -> throw ServiceException.invalidInput("Expected " + option + " as 1, t, true, 0, f or false but "
                    + "received \"" + value + "\"");
        };
    }

    static double fraction(String value, String option) {
        double d = Double.parseDouble(number(value, option));
        if (d < 0 || d > 1) throw ServiceException.invalidInput("Expected " + option + " from 0 to 1 but received \""
                + value + "\"");
        return d;
    }

    /** The value if it is a plain decimal number, for Double.parseDouble. */
    static String number(String value, String option) {
        if (!value.matches("[0-9]{1,6}(\\.[0-9]{1,6})?")) {
            throw ServiceException.invalidInput("Expected " + option + " as a number but received \"" + value + "\"");
        }
        return value;
    }
}
