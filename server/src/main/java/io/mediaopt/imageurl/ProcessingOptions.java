package io.mediaopt.imageurl;

import io.mediaopt.ServiceException;

import java.util.Set;

/** Each processing option, by its full and short name, applied as imgproxy means it. */
final class ProcessingOptions {
    private static final double MAX_DPR = 8;

    private ProcessingOptions() {}

    static ImageOptions apply(ImageOptions o, String name, String[] args, Set<String> presets) {
        return switch (name) {
            case "resize", "rs" -> {
                ImageOptions r = args.length > 0 && !args[0].isEmpty() ? o.withResizingType(ResizingType.parse(args[0])) : o;
                yield size(r, tail(args, 1, 4, name), name);
            }
            case "size", "s" -> size(o, tail(args, 0, 4, name), name);
            case "resizing_type", "rt" -> o.withResizingType(ResizingType.parse(one(args, name)));
            case "width", "w" -> o.withWidth(OptionValues.side(one(args, name), "width"));
            case "height", "h" -> o.withHeight(OptionValues.side(one(args, name), "height"));
            case "dpr" -> {
                double dpr = Double.parseDouble(OptionValues.number(one(args, name), "dpr"));
                if (dpr <= 0 || dpr > MAX_DPR) throw ServiceException.invalidInput("Expected dpr above 0 and at most 8");
                yield o.withDpr(dpr);
            }
            case "enlarge", "el" -> o.withEnlarge(OptionValues.bool(one(args, name), "enlarge"));
            case "gravity", "g" -> {
                if (args.length == 0 || args.length > 3) throw ServiceException.invalidInput("Expected g:<type>[:x:y]");
                yield o.withGravity(Gravity.parse(args));
            }
            case "quality", "q" -> {
                String q = one(args, name);
                if (q.equals("auto")) yield o.withQuality(0, true);
                int quality = OptionValues.side(q, "quality");
                if (quality > 100) throw ServiceException.invalidInput("Expected quality from 0 to 100 or auto");
                yield o.withQuality(quality, false);
            }
            case "format", "f", "ext" -> o.withFormat(UrlFormat.parse(one(args, name)));
            case "preset", "pr" -> {
                ImageOptions p = o;
                for (String preset : args) {
                    if (!presets.contains(preset)) {
                        throw ServiceException.invalidInput("Expected a preset of " + presets + " but received \""
                                + preset + "\"");
                    }
                    p = p.withPreset(preset);
                }
                yield p;
            }
            default -> throw ServiceException.invalidInput("The image URL option \"" + name + "\" is not supported");
        };
    }

    /** {@code w:h:enlarge:extend}, each part optional; extend is refused, not ignored. */
    private static ImageOptions size(ImageOptions o, String[] args, String name) {
        ImageOptions r = o;
        if (args.length > 0 && !args[0].isEmpty()) r = r.withWidth(OptionValues.side(args[0], name + " width"));
        if (args.length > 1 && !args[1].isEmpty()) r = r.withHeight(OptionValues.side(args[1], name + " height"));
        if (args.length > 2 && !args[2].isEmpty()) r = r.withEnlarge(OptionValues.bool(args[2], name + " enlarge"));
        if (args.length > 3 && OptionValues.bool(args[3], name + " extend")) {
            throw ServiceException.invalidInput("The extend part of " + name + " is not supported");
        }
        return r;
    }

    private static String[] tail(String[] args, int from, int max, String name) {
        if (args.length - from > max) throw ServiceException.invalidInput("Too many arguments for " + name);
        return java.util.Arrays.copyOfRange(args, Math.min(from, args.length), args.length);
    }

    private static String one(String[] args, String name) {
        if (args.length != 1) throw ServiceException.invalidInput("Expected one value for " + name);
        return args[0];
    }
}
