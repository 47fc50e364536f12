package io.mediaopt.client;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the file name from a Content-Disposition header. RFC 6266 lets a server send both
 * {@code filename="plain"} and {@code filename*=UTF-8''encoded}; the extended form wins because
 * it is the only one that can carry non-ASCII names faithfully.
 */
final class ContentDisposition {
    private ContentDisposition() {}

    /** The file name, without any directory part, or null when the header names none. */
    static String filename(String header) {
        if (header == null) {
            return null;
        }
        Map<String, String> params = parameters(header);
        String name = params.containsKey("filename*") ? decodeExtended(params.get("filename*")) : null;
        if (name == null) {
            name = params.get("filename");
        }
        return name == null || name.isBlank() ? null : lastPathSegment(name);
    }

    /** Parameters after the disposition type, names lower-cased, quoted values unescaped. */
    private static Map<String, String> parameters(String header) {
        var params = new LinkedHashMap<String, String>();
        int i = header.indexOf(';');
        while (i >= 0 && i < header.length()) {
            int eq = header.indexOf('=', i + 1);
            if (eq < 0) {
                break;
            }
            String name = header.substring(i + 1, eq).strip().toLowerCase(Locale.ROOT);
            int start = eq + 1;
            while (start < header.length() && header.charAt(start) == ' ') {
                start++;
            }
            var value = new StringBuilder();
            int next;
            if (start < header.length() && header.charAt(start) == '"') {
                next = readQuoted(header, start + 1, value);
                next = header.indexOf(';', next);
            } else {
                next = header.indexOf(';', start);
                value.append(header, start, next < 0 ? header.length() : next);
            }
            params.putIfAbsent(name, value.toString().strip());
            i = next;
        }
        return params;
    }

    /** Copies a quoted-string's content into {@code out}; returns the index after the closing quote. */
    private static int readQuoted(String header, int from, StringBuilder out) {
        int j = from;
        while (j < header.length()) {
            char c = header.charAt(j);
            if (c == '\\' && j + 1 < header.length()) {
                out.append(header.charAt(j + 1));
                j += 2;
            } else if (c == '"') {
                return j + 1;
            } else {
                out.append(c);
                j++;
            }
        }
        return j;
    }

    /** RFC 5987 ext-value: {@code charset'language'percent-encoded}; null when malformed. */
    private static String decodeExtended(String value) {
        int first = value.indexOf('\'');
        int second = first < 0 ? -1 : value.indexOf('\'', first + 1);
        if (second < 0) {
            return null;
        }
        Charset charset;
        try {
            charset = Charset.forName(value.substring(0, first));
        } catch (IllegalCharsetNameException | UnsupportedCharsetException unknown) {
            return null;
        }
        String encoded = value.substring(second + 1);
        var bytes = new ByteArrayOutputStream(encoded.length());
        for (int k = 0; k < encoded.length(); k++) {
            char c = encoded.charAt(k);
            if (c == '%' && isHex(encoded, k + 1) && isHex(encoded, k + 2)) {
                bytes.write(Integer.parseInt(encoded.substring(k + 1, k + 3), 16));
                k += 2;
            } else if (c == '%') {
                return null;
            } else {
                bytes.write(c < 0x80 ? c : '?');
            }
        }
        return bytes.toString(charset);
    }

    private static boolean isHex(String text, int index) {
        return index < text.length() && Character.digit(text.charAt(index), 16) >= 0;
    }

    /** A name like {@code ../../etc/passwd} must not steer a caller that saves under it. */
    private static String lastPathSegment(String name) {
        int cut = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        String last = name.substring(cut + 1);
        return last.isBlank() || last.equals("..") || last.equals(".") ? null : last;
    }
}
