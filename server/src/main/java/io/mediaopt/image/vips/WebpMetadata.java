package io.mediaopt.image.vips;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * Takes the ICC, EXIF and XMP chunks out of a WebP file. libvips 8.14.0 and 8.14.1 (Debian 12)
 * ignore {@code strip} in webpsave and write EXIF (GPS included) and ICC from the image into
 * every WebP; 8.14.2 fixed it. A file without those chunks is left untouched, so on a fixed
 * libvips this only reads the first 30 bytes.
 */
final class WebpMetadata {
    private static final Set<String> METADATA_CHUNKS = Set.of("ICCP", "EXIF", "XMP ");
    private static final int FLAG_ICC = 0x20;
    private static final int FLAG_EXIF = 0x08;
    private static final int FLAG_XMP = 0x04;
    private static final int FLAGS_OFFSET = 20;

    private WebpMetadata() {}

    static void remove(Path file) throws IOException {
        byte[] head = new byte[FLAGS_OFFSET + 1];
        try (var in = Files.newInputStream(file)) {
            if (in.readNBytes(head, 0, head.length) < head.length) return;
        }
        boolean extended = fourcc(head, 0).equals("RIFF") && fourcc(head, 8).equals("WEBP")
                && fourcc(head, 12).equals("VP8X");
        if (!extended || (head[FLAGS_OFFSET] & (FLAG_ICC | FLAG_EXIF | FLAG_XMP)) == 0) return;
        Files.write(file, withoutMetadata(Files.readAllBytes(file)));
    }

    private static byte[] withoutMetadata(byte[] webp) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(webp.length);
        out.write(webp, 0, 12); // RIFF, size (fixed below), WEBP
        int at = 12;
        while (at + 8 <= webp.length) {
            String type = fourcc(webp, at);
            int size = ByteBuffer.wrap(webp, at + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            int padded = size + (size & 1);
            if (size < 0 || at + 8 + padded > webp.length) break; // malformed: keep what we have
            if (!METADATA_CHUNKS.contains(type)) out.write(webp, at, 8 + padded);
            at += 8 + padded;
        }
        byte[] result = out.toByteArray();
        ByteBuffer.wrap(result, 4, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(result.length - 8);
        // VP8X is always the first chunk; its flags must not announce the chunks just removed
        if (fourcc(result, 12).equals("VP8X")) {
            result[FLAGS_OFFSET] &= (byte) ~(FLAG_ICC | FLAG_EXIF | FLAG_XMP);
        }
        return result;
    }

    private static String fourcc(byte[] data, int offset) {
        return new String(data, offset, 4, StandardCharsets.ISO_8859_1);
    }
}
