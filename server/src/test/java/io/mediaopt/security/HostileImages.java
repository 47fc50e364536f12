package io.mediaopt.security;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Image files written by hand to attack the decoder side: headers that declare far more than
 * they hold (pixel and frame bombs) and formats only libvips' untrusted loaders would read.
 */
final class HostileImages {
    private HostileImages() {}

    /**
     * An animated GIF of {@code frames} one-pixel frames on a {@code width} x {@code height}
     * canvas: a few bytes a frame on disk, width x height x 4 bytes a frame once decoded.
     */
    static byte[] gifWithFrames(int width, int height, int frames) {
        ByteArrayOutputStream gif = new ByteArrayOutputStream();
        gif.writeBytes("GIF89a".getBytes(StandardCharsets.US_ASCII));
        gif.writeBytes(le(7).putShort((short) width).putShort((short) height)
                .put((byte) 0x80).put((byte) 0).put((byte) 0).array());
        gif.writeBytes(new byte[]{0, 0, 0, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF}); // two colours
        gif.writeBytes(new byte[]{0x21, (byte) 0xFF, 0x0B});
        gif.writeBytes("NETSCAPE2.0".getBytes(StandardCharsets.US_ASCII));
        gif.writeBytes(new byte[]{0x03, 0x01, 0x00, 0x00, 0x00}); // loop for ever
        for (int i = 0; i < frames; i++) {
            gif.writeBytes(new byte[]{0x21, (byte) 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00});
            gif.writeBytes(le(10).put((byte) 0x2C).putShort((short) 0).putShort((short) 0)
                    .putShort((short) 1).putShort((short) 1).put((byte) 0).array());
            // LZW, minimum code size 2: clear (4), index 0, end (5) in 3-bit codes
            gif.writeBytes(new byte[]{0x02, 0x02, 0x44, 0x01, 0x00});
        }
        gif.write(0x3B);
        return gif.toByteArray();
    }

    /** An SVG whose text pulls in a local file and a URL through external entities. */
    static String svgWithExternalEntities(String localFile, String url) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE svg [
                  <!ENTITY local SYSTEM "file://%s">
                  <!ENTITY remote SYSTEM "%s">
                ]>
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="100">
                  <text x="0" y="50">&local;&remote;</text>
                  <image xlink:href="%s" width="10" height="10"/>
                </svg>
                """.formatted(localFile, url, url);
    }

    /** An ImageMagick vector script that draws an image fetched from {@code url} (the ImageTragick shape). */
    static String magickVectorGraphics(String url) {
        return "push graphic-context\nviewbox 0 0 64 64\nimage over 0,0 0,0 '" + url + "'\npop graphic-context\n";
    }

    /** A one-page PDF drawing a rectangle. */
    static String pdf() {
        String content = "0 0 1 rg 10 10 80 80 re f";
        return "%PDF-1.4\n"
                + "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
                + "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
                + "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >> endobj\n"
                + "4 0 obj << /Length " + content.length() + " >> stream\n" + content + "\nendstream endobj\n"
                + "trailer << /Root 1 0 R >>\n%%EOF\n";
    }

    /** A FITS image: one 2880-byte header block of 80-column cards, then a 4x4 8-bit array. */
    static byte[] fits() {
        StringBuilder header = new StringBuilder();
        for (String card : new String[]{"SIMPLE  =                    T", "BITPIX  =                    8",
                "NAXIS   =                    2", "NAXIS1  =                    4", "NAXIS2  =                    4", "END"}) {
            header.append(String.format("%-80s", card));
        }
        while (header.length() % 2880 != 0) header.append(' ');
        byte[] data = new byte[2880];
        byte[] head = header.toString().getBytes(StandardCharsets.US_ASCII);
        ByteBuffer fits = ByteBuffer.allocate(head.length + data.length).put(head).put(data);
        return fits.array();
    }

    /** The 128-byte header of a MATLAB 5 MAT-file, with no variable after it. */
    static byte[] matlab() {
        ByteBuffer mat = ByteBuffer.allocate(128);
        mat.put(String.format("%-116s", "MATLAB 5.0 MAT-file, Platform: GLNXA64").getBytes(StandardCharsets.US_ASCII));
        mat.put(new byte[8]).put((byte) 0x00).put((byte) 0x01).put((byte) 'I').put((byte) 'M');
        return mat.array();
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
