package io.mediaopt.image;

import io.mediaopt.image.vips.PixelProbe;
import io.mediaopt.image.vips.VipsCommand;

import io.mediaopt.Fixtures;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Flat, saturated colour patches in a row, untagged or tagged with a colour profile. */
public final class ColourPatches {
    /** Full red, green, blue, cyan, magenta, yellow, orange and a mid grey, 48 pixels square each. */
    public static final String[] COLOURS = {"0xFF0000", "0x00FF00", "0x0000FF", "0x00FFFF", "0xFF00FF", "0xFFFF00",
            "0xFF8000", "0x808080"};
    public static final int PATCH = 48;
    /** Debian colord-data's profiles (scripts/test-prerequisites.sh installs them). */
    public static final String ADOBE_RGB = "/usr/share/color/icc/colord/AdobeRGB1998.icc";
    public static final String PROPHOTO = "/usr/share/color/icc/colord/ProPhotoRGB.icc";

    private ColourPatches() {}

    /** The patches as an untagged 8-bit RGB PNG. */
    public static Path make(Path dir) throws Exception {
        Path out = dir.resolve("patches.png");
        StringBuilder graph = new StringBuilder();
        List<String> args = new ArrayList<>();
        for (int i = 0; i < COLOURS.length; i++) {
            args.addAll(List.of("-f", "lavfi", "-i", "color=c=" + COLOURS[i] + ":s=" + PATCH + "x" + PATCH));
            graph.append('[').append(i).append("]format=rgb24[p").append(i).append("];");
        }
        for (int i = 0; i < COLOURS.length; i++) graph.append("[p").append(i).append(']');
        graph.append("hstack=inputs=").append(COLOURS.length);
        args.addAll(List.of("-filter_complex", graph.toString(), "-frames:v", "1", out.toString()));
        Fixtures.ffmpeg(args.toArray(String[]::new));
        return out;
    }

    /**
     * The patches' numbers read as colours of {@code profile} and tagged with it, as a JPEG: full
     * red is the profile's own red, well outside sRGB for P3, Adobe RGB and ProPhoto.
     */
    public static Path tagged(Path dir, Path pixels, String profile, String name) {
        Path lab = dir.resolve(name + "-lab.tif");
        Path out = dir.resolve(name + ".jpg");
        VipsCommand.run("icc_import", pixels.toString(), lab.toString(), "--input-profile", profile);
        VipsCommand.run("icc_export", lab.toString(), out + "[Q=95,strip=false]", "--output-profile", profile);
        return out;
    }

    /** The patches converted to sRGB by libvips' icc_transform, the reference. */
    public static Path reference(Path dir, Path input, String name) {
        Path reference = dir.resolve(name + "-reference.png");
        VipsCommand.run("icc_transform", input.toString(), reference.toString(), "srgb");
        return reference;
    }

    /** Mean colour of the centre of patch {@code patch}. */
    public static double[] centre(Path image, int patch) {
        return PixelProbe.mean(image, patch * PATCH + 12, 12, PATCH - 24, PATCH - 24);
    }

    public static double[] rgb(String hex) {
        int value = Integer.decode(hex);
        return new double[] {value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF};
    }
}
