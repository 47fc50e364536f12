package io.mediaopt.imageurl;

import io.mediaopt.ServiceException;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Set;

/**
 * One URL of images by URL, read as imgproxy reads its processing URLs:
 * {@code <signature>/<options>/plain/<percent-encoded source>[@<ext>]} or
 * {@code <signature>/<options>/<base64url source>[.<ext>]}, and the info forms
 * {@code info/<signature>/<source>} (imgproxy's builder) and {@code <signature>/info/<source>}.
 *
 * @param signature  the first segment: a signature, or {@code insecure}
 * @param signedPath what the signature covers: the path after it, from its slash on, as received
 * @param info       an info request: the source's figures as JSON, not a picture
 * @param source     the source's URL, decoded
 */
public record ProcessingUrl(String signature, String signedPath, boolean info, ImageOptions options, String source) {

    /** Parses {@code path}, the raw path after {@code /img/}; 400 invalid-input naming what is wrong. */
    public static ProcessingUrl parse(String path, Set<String> presets, boolean presetsOnly) {
        boolean info = path.startsWith("info/");
        String rest = info ? path.substring("info/".length()) : path;
        int slash = rest.indexOf('/');
        if (slash <= 0) throw ServiceException.invalidInput("Expected /img/<signature>/<options>/<source>");
        String signature = rest.substring(0, slash);
        String signedPath = rest.substring(slash);
        String[] segments = signedPath.substring(1).split("/", -1);
        int i = 0;
        if (!info && segments.length > 1 && segments[0].equals("info")) {
            info = true;
            i = 1;
        }
        ImageOptions options = ImageOptions.DEFAULTS;
        UrlFormat optionFormat = null;
        for (; i < segments.length && segments[i].contains(":") && !segments[i].equals("plain"); i++) {
            String[] parts = segments[i].split(":", -1);
            if (presetsOnly && !(parts[0].equals("pr") || parts[0].equals("preset"))) {
                throw ServiceException.invalidInput("Only pr: may appear in an image URL on this service, but "
                        + "received \"" + parts[0] + "\"");
            }
            options = ProcessingOptions.apply(options, parts[0], Arrays.copyOfRange(parts, 1, parts.length), presets);
            if (parts[0].equals("f") || parts[0].equals("format") || parts[0].equals("ext")) {
                optionFormat = options.format();
            }
        }
        if (options.scaledWidth() > OptionValues.MAX_SIDE || options.scaledHeight() > OptionValues.MAX_SIDE) {
            throw ServiceException.invalidInput("Expected width and height times dpr of at most " + OptionValues.MAX_SIDE);
        }
        if (i >= segments.length || segments[i].isEmpty()) {
            throw ServiceException.invalidInput("Expected a source after the options of the image URL");
        }
        String source;
        String extension = "";
        if (segments[i].equals("plain")) {
            String plain = String.join("/", Arrays.copyOfRange(segments, i + 1, segments.length));
            int at = plain.lastIndexOf('@');
            if (at >= 0) {
                extension = plain.substring(at + 1);
                plain = plain.substring(0, at);
            }
            source = URLDecoder.decode(plain.replace("+", "%2B"), StandardCharsets.UTF_8);
        } else {
            String encoded = String.join("", Arrays.copyOfRange(segments, i, segments.length));
            int dot = encoded.lastIndexOf('.');
            if (dot >= 0) {
                extension = encoded.substring(dot + 1);
                encoded = encoded.substring(0, dot);
            }
            try {
                source = new String(Base64.getUrlDecoder().decode(stripPadding(encoded)), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw ServiceException.invalidInput("Expected the source as URL-safe base64 (or after plain/)");
            }
        }
        if (source.isEmpty()) throw ServiceException.invalidInput("Expected a source URL but the source is empty");
        if (!extension.isEmpty()) {
            if (presetsOnly) throw ServiceException.invalidInput("Only pr: may appear in an image URL on this service");
            options = options.withFormat(UrlFormat.parse(extension));
        } else if (optionFormat != null) {
            options = options.withFormat(optionFormat);
        }
        return new ProcessingUrl(signature, signedPath, info, options, source);
    }

    private static String stripPadding(String encoded) {
        int end = encoded.length();
        while (end > 0 && encoded.charAt(end - 1) == '=') end--;
        return encoded.substring(0, end);
    }
}
