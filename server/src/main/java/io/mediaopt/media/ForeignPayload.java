package io.mediaopt.media;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Recognizes, from its first bytes, a file that has no business following an image or a video:
 * an archive, a document, an executable, a page or a script. Their readers do not need them at
 * the start of a file (ZIP readers start from the end, browsers and interpreters look for the
 * text), so media carrying one is two files at once. What cameras append (another JPEG, MP4
 * video, vendor trailers) is none of these.
 */
final class ForeignPayload {
    /** Enough for every check, a PE header's offset included. */
    static final int HEAD_BYTES = 1024;

    private record Magic(String bytes, String description) {}

    private static final List<Magic> MAGIC = List.of(
            new Magic("PK\u0003\u0004", "a ZIP archive"),
            new Magic("PK\u0005\u0006", "a ZIP archive"),
            new Magic("PK\u0007\u0008", "a ZIP archive"),
            new Magic("Rar!\u001A\u0007", "a RAR archive"),
            new Magic("7z\u00BC\u00AF\u0027\u001C", "a 7z archive"),
            new Magic("\u00FD7zXZ\u0000", "an xz archive"),
            new Magic("%PDF-", "a PDF document"),
            new Magic("\u007FELF", "an ELF executable"),
            new Magic("\u00CA\u00FE\u00BA\u00BE", "a Java class file"));

    private static final List<Magic> MARKUP = List.of(
            new Magic("<html", "an HTML page"),
            new Magic("<!doctype", "an HTML page"),
            new Magic("<script", "a script"),
            new Magic("<?php", "a PHP script"),
            new Magic("<?xml", "an XML document"),
            new Magic("<svg", "an SVG image"));

    private static final Pattern BZIP2 = Pattern.compile("BZh[1-9]");
    private static final Pattern SHEBANG = Pattern.compile("#! */");
    /** A UTF-8 byte order mark and whitespace, read as ISO-8859-1. */
    private static final Pattern LEADING_SPACE = Pattern.compile("^(\u00EF\u00BB\u00BF)?\\s*");

    private ForeignPayload() {}

    /** What the bytes starting at {@code head[0]} are, as a message names it ("a ZIP archive"), or empty. */
    static Optional<String> identify(byte[] head) {
        String text = new String(head, StandardCharsets.ISO_8859_1);
        for (Magic magic : MAGIC) {
            if (text.startsWith(magic.bytes())) return Optional.of(magic.description());
        }
        if (isGzip(head)) return Optional.of("a gzip archive");
        if (BZIP2.matcher(text).lookingAt()) return Optional.of("a bzip2 archive");
        if (isWindowsExecutable(head)) return Optional.of("a Windows executable");
        if (SHEBANG.matcher(text).lookingAt()) return Optional.of("a script");
        String markup = LEADING_SPACE.matcher(text).replaceFirst("").toLowerCase(Locale.ROOT);
        for (Magic magic : MARKUP) {
            if (markup.startsWith(magic.bytes())) return Optional.of(magic.description());
        }
        return Optional.empty();
    }

    /** 1F 8B, deflate, and no reserved flag set. */
    private static boolean isGzip(byte[] head) {
        return head.length >= 4 && (head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B && head[2] == 0x08
                && (head[3] & 0xE0) == 0;
    }

    /** MZ, and at the offset stored at 0x3C the PE signature that every Windows executable has. */
    private static boolean isWindowsExecutable(byte[] head) {
        if (head.length < 0x40 || head[0] != 'M' || head[1] != 'Z') return false;
        int pe = ByteBuffer.wrap(head, 0x3C, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        return pe >= 0x40 && pe <= head.length - 4
                && new String(head, pe, 4, StandardCharsets.ISO_8859_1).equals("PE\u0000\u0000");
    }
}
