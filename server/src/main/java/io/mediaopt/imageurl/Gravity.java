package io.mediaopt.imageurl;

import io.mediaopt.ServiceException;

import java.util.Locale;

/**
 * Where a fill crop keeps the picture: a side or corner, the centre, the most interesting part
 * (libvips' attention, {@code sm}), or a focal point given as fractions of width and height.
 */
public record Gravity(Type type, double x, double y) {
    public static final Gravity CENTRE = new Gravity(Type.CE, 0.5, 0.5);

    /** imgproxy's gravity names; x and y are where the crop window's centre wants to be (0 to 1). */
    public enum Type {
        CE(0.5, 0.5), NO(0.5, 0), SO(0.5, 1), EA(1, 0.5), WE(0, 0.5),
        NOEA(1, 0), NOWE(0, 0), SOEA(1, 1), SOWE(0, 1), SM(0.5, 0.5), FP(0.5, 0.5);

        final double x;
        final double y;

        Type(double x, double y) {
            this.x = x;
            this.y = y;
        }

        String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** {@code g:<type>[:x:y]}; offsets other than 0 are refused, not ignored. */
    static Gravity parse(String[] args) {
        String name = args[0];
        Type type = null;
        for (Type t : Type.values()) {
            if (t.wireName().equals(name)) type = t;
        }
        if (type == null) {
            throw ServiceException.invalidInput("Expected a gravity of ce, no, so, ea, we, noea, nowe, soea, sowe, sm "
                    + "or fp:x:y but received \"" + name + "\"");
        }
        if (type == Type.FP) {
            if (args.length != 3) throw ServiceException.invalidInput("Expected g:fp:<x>:<y> with x and y from 0 to 1");
            double x = OptionValues.fraction(args[1], "gravity fp x");
            double y = OptionValues.fraction(args[2], "gravity fp y");
            return new Gravity(type, x, y);
        }
        for (int i = 1; i < args.length; i++) {
            if (!args[i].isEmpty() && Double.parseDouble(OptionValues.number(args[i], "gravity offset")) != 0) {
                throw ServiceException.invalidInput("Gravity offsets are not supported; received \"" + args[i] + "\"");
            }
        }
        return new Gravity(type, type.x, type.y);
    }

    String canonical() {
        return type == Type.FP ? "fp:" + x + ":" + y : type.wireName();
    }
}
