package io.mediaopt.renditions;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What an MP4 the service wrote holds, read from its sample descriptions: the picture size and
 * the RFC 6381 codecs string a {@code <source type>} or an HLS {@code CODECS} attribute names:
 * {@code av01.<profile>.<level><tier>.<bit depth>} from the {@code av1C} box (AV1 in ISO BMFF,
 * section 5), {@code avc1.<profile><constraints><level>} in hex from {@code avcC}, and
 * {@code mp4a.40.<audio object type>} from the {@code esds} of AAC.
 */
record Mp4Codecs(int width, int height, List<String> codecs) {
    private static final int VISUAL_ENTRY_CHILDREN = 78;
    private static final int AUDIO_ENTRY_CHILDREN = 28;
    private static final long MAX_MOOV_BYTES = 64L << 20;

    /** {@code av01.0.08M.08, mp4a.40.2}: video first, then audio. */
    String joined() {
        return String.join(", ", codecs);
    }

    static Mp4Codecs read(Path mp4) throws IOException {
        ByteBuffer moov = moov(mp4);
        List<String> video = new ArrayList<>();
        List<String> audio = new ArrayList<>();
        int[] size = new int[2];
        for (ByteBuffer trak : children(moov, "trak")) {
            for (ByteBuffer stsd : path(trak, "mdia", "minf", "stbl", "stsd")) {
                ByteBuffer entries = stsd.position(8).slice();
                while (entries.remaining() >= 8) {
                    int start = entries.position();
                    int length = entries.getInt(start);
                    String type = fourCc(entries, start + 4);
                    ByteBuffer entry = entries.slice(start + 8, length - 8);
                    switch (type) {
                        case "av01", "avc1" -> {
                            size[0] = Short.toUnsignedInt(entry.getShort(24));
                            size[1] = Short.toUnsignedInt(entry.getShort(26));
                            ByteBuffer boxes = entry.slice(VISUAL_ENTRY_CHILDREN, entry.limit() - VISUAL_ENTRY_CHILDREN);
                            video.add(type.equals("av01") ? av1(first(boxes, "av1C")) : avc(first(boxes, "avcC")));
                        }
                        case "mp4a" -> audio.add(aac(first(entry.slice(AUDIO_ENTRY_CHILDREN,
                                entry.limit() - AUDIO_ENTRY_CHILDREN), "esds")));
                        default -> throw new IOException("Unexpected sample entry " + type);
                    }
                    entries.position(start + length);
                }
            }
        }
        if (video.isEmpty()) throw new IOException("No AV1 or H.264 video track");
        video.addAll(audio);
        return new Mp4Codecs(size[0], size[1], List.copyOf(video));
    }

    private static String av1(ByteBuffer av1c) {
        int profile = (av1c.get(1) & 0xff) >> 5;
        int level = av1c.get(1) & 0x1f;
        int flags = av1c.get(2) & 0xff;
        char tier = (flags & 0x80) != 0 ? 'H' : 'M';
        int depth = (flags & 0x40) == 0 ? 8 : (flags & 0x20) != 0 ? 12 : 10;
        return String.format(Locale.ROOT, "av01.%d.%02d%c.%02d", profile, level, tier, depth);
    }

    private static String avc(ByteBuffer avcc) {
        return String.format(Locale.ROOT, "avc1.%02x%02x%02x", avcc.get(1) & 0xff, avcc.get(2) & 0xff, avcc.get(3) & 0xff);
    }

    /** ES_Descriptor (3), DecoderConfigDescriptor (4) then DecoderSpecificInfo (5), whose first 5 bits are the object type. */
    private static String aac(ByteBuffer esds) {
        ByteBuffer in = esds.position(4).slice();
        int objectType = 0;
        while (in.remaining() > 2) {
            int tag = in.get() & 0xff;
            int length = 0;
            for (int i = 0; i < 4; i++) {
                int b = in.get() & 0xff;
                length = (length << 7) | (b & 0x7f);
                if ((b & 0x80) == 0) break;
            }
            if (tag == 3) {
                in.position(in.position() + 2);
                int flags = in.get() & 0xff;
                if ((flags & 0x80) != 0) in.position(in.position() + 2);
                if ((flags & 0x40) != 0) in.position(in.position() + 1 + (in.get(in.position()) & 0xff));
                if ((flags & 0x20) != 0) in.position(in.position() + 2);
            } else if (tag == 4) {
                objectType = in.get() & 0xff;
                in.position(in.position() + 12);
            } else if (tag == 5) {
                return String.format(Locale.ROOT, "mp4a.%x.%d", objectType, (in.get() & 0xff) >> 3);
            } else {
                in.position(in.position() + length);
            }
        }
        return String.format(Locale.ROOT, "mp4a.%x", objectType);
    }

    private static ByteBuffer moov(Path mp4) throws IOException {
        try (FileChannel channel = FileChannel.open(mp4, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(16);
            long at = 0;
            while (at + 8 <= channel.size()) {
                header.clear().limit(16);
                channel.read(header, at);
                long length = Integer.toUnsignedLong(header.getInt(0));
                int headerBytes = 8;
                if (length == 1) {
                    length = header.getLong(8);
                    headerBytes = 16;
                }
                if (length < headerBytes) throw new IOException("Malformed box at " + at);
                if (fourCc(header, 4).equals("moov")) {
                    if (length > MAX_MOOV_BYTES) throw new IOException("moov too large");
                    ByteBuffer moov = ByteBuffer.allocate((int) (length - headerBytes));
                    channel.read(moov, at + headerBytes);
                    return moov.flip();
                }
                at += length;
            }
        }
        throw new IOException("No moov box");
    }

    private static List<ByteBuffer> path(ByteBuffer parent, String... types) throws IOException {
        List<ByteBuffer> level = List.of(parent);
        for (String type : types) {
            List<ByteBuffer> next = new ArrayList<>();
            for (ByteBuffer box : level) next.addAll(children(box, type));
            level = next;
        }
        return level;
    }

    private static ByteBuffer first(ByteBuffer parent, String type) throws IOException {
        return children(parent, type).stream().findFirst()
                .orElseThrow(() -> new IOException("No " + type + " box"));
    }

    /** The bodies of the boxes of that type directly inside {@code parent}. */
    private static List<ByteBuffer> children(ByteBuffer parent, String type) throws IOException {
        List<ByteBuffer> found = new ArrayList<>();
        int at = 0;
        while (at + 8 <= parent.limit()) {
            int length = parent.getInt(at);
            if (length < 8 || at + length > parent.limit()) throw new IOException("Malformed box " + fourCc(parent, at + 4));
            if (fourCc(parent, at + 4).equals(type)) found.add(parent.slice(at + 8, length - 8));
            at += length;
        }
        return found;
    }

    private static String fourCc(ByteBuffer buffer, int at) {
        char[] chars = new char[4];
        for (int i = 0; i < 4; i++) chars[i] = (char) (buffer.get(at + i) & 0xff);
        return new String(chars);
    }
}
