package io.mediaopt;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The bytes {@link Fixtures} writes by hand, where a file has to lie about itself or carry
 * exactly one piece of metadata: a PNG header declaring huge dimensions, JPEG segments with EXIF
 * (orientation and a GPS position) or a comment.
 */
final class HandMadeBytes {
    private HandMadeBytes() {}

    /** A PNG whose header declares {@code width} x {@code height} RGB pixels over one empty IDAT. */
    static byte[] pngDeclaring(int width, int height) {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
        ByteBuffer ihdr = ByteBuffer.allocate(13)
                .putInt(width).putInt(height)
                .put((byte) 8)  // bit depth
                .put((byte) 2)  // colour type: RGB
                .put((byte) 0).put((byte) 0).put((byte) 0);
        pngChunk(png, "IHDR", ihdr.array());
        pngChunk(png, "IDAT", new byte[] {0x78, (byte) 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01});
        pngChunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    private static void pngChunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    /** Inserts an APP1 Exif segment right after SOI: an orientation and a GPS position (48°51'N). */
    static byte[] withExif(byte[] jpeg, int orientation) {
        ByteBuffer tiff = ByteBuffer.allocate(92);
        tiff.put((byte) 'M').put((byte) 'M').putShort((short) 42).putInt(8);
        tiff.putShort((short) 2);                                   // IFD0 at 8: two entries
        entry(tiff, 0x0112, 3, 1, orientation << 16);               // Orientation, SHORT
        entry(tiff, 0x8825, 4, 1, 38);                              // GPS IFD pointer, LONG
        tiff.putInt(0);                                             // no IFD1
        tiff.putShort((short) 2);                                   // GPS IFD at 38
        entry(tiff, 0x0001, 2, 2, 'N' << 24);                       // GPSLatitudeRef "N"
        entry(tiff, 0x0002, 5, 3, 68);                              // GPSLatitude, 3 RATIONAL at 68
        tiff.putInt(0);
        tiff.putInt(48).putInt(1).putInt(51).putInt(1).putInt(24).putInt(1);
        byte[] header = "Exif\0\0".getBytes(StandardCharsets.ISO_8859_1);
        byte[] payload = ByteBuffer.allocate(header.length + tiff.capacity()).put(header).put(tiff.array()).array();
        return withSegment(jpeg, 0xE1, payload);
    }

    private static void entry(ByteBuffer ifd, int tag, int type, int count, int value) {
        ifd.putShort((short) tag).putShort((short) type).putInt(count).putInt(value);
    }

    /** Inserts a COM (comment) segment holding {@code text} right after SOI. */
    static byte[] withComment(byte[] jpeg, String text) {
        return withSegment(jpeg, 0xFE, text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Inserts an APP1 Exif segment holding only the Orientation tag right after SOI. */
    static byte[] withExifOrientation(byte[] jpeg, int orientation) {
        ByteBuffer exif = ByteBuffer.allocate(6 + 26);
        exif.put(new byte[]{'E', 'x', 'i', 'f', 0, 0})
                .put(new byte[]{'M', 'M', 0, 42}).putInt(8)
                .putShort((short) 1)
                .putShort((short) 0x0112).putShort((short) 3).putInt(1).putShort((short) orientation).putShort((short) 0)
                .putInt(0);
        return withSegment(jpeg, 0xE1, exif.array());
    }

    static byte[] withSegment(byte[] jpeg, int marker, byte[] payload) {
        ByteBuffer out = ByteBuffer.allocate(jpeg.length + 4 + payload.length);
        out.put(jpeg, 0, 2).put((byte) 0xFF).put((byte) marker).putShort((short) (2 + payload.length)).put(payload)
                .put(jpeg, 2, jpeg.length - 2);
        return out.array();
    }
}
