package io.mediaopt.security;

import io.mediaopt.Fixtures;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Video files that try to make ffmpeg open something other than themselves, written byte by
 * byte after the published attacks: an HLS playlist, a concat list, an AVI whose GAB2 subtitle
 * chunk carries a playlist (the AVI + HLS file-disclosure trick), and an MP4 whose track data
 * lives in another file (a QuickTime alias data reference).
 */
final class HostileVideos {
    private HostileVideos() {}

    static String playlist(List<String> segments) {
        StringBuilder m3u8 = new StringBuilder("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:0\n");
        for (String segment : segments) m3u8.append("#EXTINF:1.0,\n").append(segment).append('\n');
        return m3u8.append("#EXT-X-ENDLIST\n").toString();
    }

    static String concatList(List<String> files) {
        StringBuilder list = new StringBuilder("ffconcat version 1.0\n");
        for (String file : files) list.append("file '").append(file).append("'\n");
        return list.toString();
    }

    /**
     * An AVI with a text stream whose first chunk is a GAB2 subtitle carrying {@code embedded}
     * (ffmpeg probes that payload and opens it with a demuxer of its own), and, when
     * {@code jpegFrames} is not empty, a Motion-JPEG video stream of those frames.
     */
    static byte[] aviCarrying(byte[] embedded, List<byte[]> jpegFrames, int width, int height) {
        boolean video = !jpegFrames.isEmpty();
        int streams = video ? 2 : 1;
        int frames = Math.max(1, jpegFrames.size());
        List<byte[]> headerList = new ArrayList<>();
        headerList.add(chunk("avih", le(56).putInt(100_000).putInt(0).putInt(0).putInt(0).putInt(frames).putInt(0)
                .putInt(streams).putInt(0).putInt(width).putInt(height).putInt(0).putInt(0).putInt(0).putInt(0).array()));
        String textTag = video ? "01tx" : "00tx";
        if (video) {
            headerList.add(list("strl", chunk("strh", streamHeader("vids", "MJPG", frames, width, height)),
                    chunk("strf", le(40).putInt(40).putInt(width).putInt(height).putShort((short) 1).putShort((short) 24)
                            .put(ascii("MJPG")).putInt(width * height * 3).putInt(0).putInt(0).putInt(0).putInt(0).array())));
        }
        headerList.add(list("strl", chunk("strh", streamHeader("txts", "\0\0\0\0", 1, 0, 0)), chunk("strf", new byte[0])));

        byte[] title = "x".getBytes(StandardCharsets.UTF_16LE);
        ByteBuffer gab2 = le(5 + 2 + 4 + title.length + 2 + 4 + embedded.length);
        gab2.put(ascii("GAB2")).put((byte) 0).putShort((short) 2).putInt(title.length).put(title)
                .putShort((short) 4).putInt(embedded.length).put(embedded);
        List<byte[]> movie = new ArrayList<>();
        movie.add(chunk(textTag, gab2.array()));
        for (byte[] frame : jpegFrames) movie.add(chunk("00dc", frame));

        byte[] body = concat(ascii("AVI "), list("hdrl", headerList.toArray(byte[][]::new)),
                list("movi", movie.toArray(byte[][]::new)));
        return concat(ascii("RIFF"), le(4).putInt(body.length).array(), body);
    }

    /** JPEG frames of ffmpeg's test pattern, for the AVI's video stream. */
    static List<byte[]> jpegFrames(Path dir, int width, int height, int count) throws Exception {
        Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=" + width + "x" + height + ":r=10",
                "-frames:v", Integer.toString(count), "-c:v", "mjpeg", "-q:v", "5",
                dir.resolve("frame%03d.jpg").toString());
        List<byte[]> frames = new ArrayList<>();
        for (int i = 1; i <= count; i++) frames.add(Files.readAllBytes(dir.resolve(String.format("frame%03d.jpg", i))));
        return frames;
    }

    /**
     * A copy of {@code mp4} whose tracks take their samples from the file {@code target} (a
     * QuickTime alias data reference) and whose own media data is blanked out: everything a
     * decoder gets from it was read from the target. With {@code target} the original file,
     * following the reference decodes the original's pictures. The movie box must come after the
     * media data (no fast start), so no sample offset moves when the references grow.
     */
    static byte[] referencingItsSamples(byte[] mp4, String target) {
        return rewriteBoxes(ByteBuffer.wrap(mp4), target);
    }

    private static final Set<String> PATH_TO_DREF = Set.of("moov", "trak", "mdia", "minf", "dinf");

    private static byte[] rewriteBoxes(ByteBuffer boxes, String target) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (boxes.remaining() >= 8) {
            int size = boxes.getInt(boxes.position());
            String type = new String(boxes.array(), boxes.arrayOffset() + boxes.position() + 4, 4, StandardCharsets.ISO_8859_1);
            byte[] content = new byte[size - 8];
            boxes.position(boxes.position() + 8);
            boxes.get(content);
            if (PATH_TO_DREF.contains(type)) content = rewriteBoxes(ByteBuffer.wrap(content), target);
            if (type.equals("dref")) content = concat(new byte[]{0, 0, 0, 0, 0, 0, 0, 1}, alias(target));
            if (type.equals("mdat")) content = new byte[content.length];
            out.writeBytes(ByteBuffer.allocate(4).putInt(content.length + 8).array());
            out.writeBytes(ascii(type));
            out.writeBytes(content);
        }
        return out.toByteArray();
    }

    /** A Macintosh alias record as ffmpeg's mov demuxer reads it: fixed fields, then an absolute path. */
    private static byte[] alias(String target) {
        byte[] path = target.getBytes(StandardCharsets.UTF_8);
        int padded = path.length + (path.length % 2);
        ByteBuffer record = ByteBuffer.allocate(8 + 4 + 150 + 4 + padded + 4);
        record.putInt(record.capacity()).put(ascii("alis")).putInt(0);
        record.put(new byte[10]).put((byte) 0).put(new byte[27]).put(new byte[12]).put((byte) 0).put(new byte[63])
                .put(new byte[16]).putShort((short) -1).putShort((short) -1).put(new byte[16]);
        record.putShort((short) 2).putShort((short) path.length).put(path);
        if (padded > path.length) record.put((byte) 0);
        record.putShort((short) -1).putShort((short) 0);
        return record.array();
    }

    private static byte[] streamHeader(String type, String handler, int length, int width, int height) {
        return le(56).put(ascii(type)).put(handler.getBytes(StandardCharsets.ISO_8859_1)).putInt(0)
                .putShort((short) 0).putShort((short) 0).putInt(0).putInt(1).putInt(10).putInt(0).putInt(length)
                .putInt(0).putInt(-1).putInt(0).putShort((short) 0).putShort((short) 0)
                .putShort((short) width).putShort((short) height).array();
    }

    private static byte[] chunk(String id, byte[] data) {
        byte[] padding = new byte[data.length % 2];
        return concat(ascii(id), le(4).putInt(data.length).array(), data, padding);
    }

    private static byte[] list(String type, byte[]... items) {
        return chunk("LIST", concat(ascii(type), concat(items)));
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) out.writeBytes(part);
        return out.toByteArray();
    }

    static Path write(Path dir, String name, byte[] content) throws IOException {
        return Files.write(dir.resolve(name), content);
    }
}
