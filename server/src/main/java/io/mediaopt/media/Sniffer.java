package io.mediaopt.media;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

import static io.mediaopt.media.MediaFormat.*;

/**
 * Decides what a file is from its first bytes (magic numbers), never from its name or the
 * Content-Type the client sent. The decoders confirm it later.
 */
public final class Sniffer {
    private static final int HEAD_BYTES = 64;
    private static final int TS_PACKET = 188;

    private static final Set<String> AVIF_BRANDS = Set.of("avif", "avis");
    private static final Set<String> HEIF_BRANDS =
            Set.of("heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1");
    private static final Set<String> QUICKTIME_ATOMS = Set.of("moov", "mdat", "wide", "free", "skip", "pnot");

    public Optional<MediaFormat> sniff(Path file) throws IOException {
        byte[] head = new byte[TS_PACKET * 2 + 1];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        return sniff(Arrays.copyOf(head, n));
    }

    public Optional<MediaFormat> sniff(byte[] head) {
        if (startsWith(head, 0, 0xFF, 0xD8, 0xFF)) return Optional.of(JPEG);
        if (startsWith(head, 0, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) return Optional.of(PNG);
        if (ascii(head, 0, 6).equals("GIF87a") || ascii(head, 0, 6).equals("GIF89a")) return Optional.of(GIF);
        if (startsWith(head, 0, 'I', 'I', 0x2A, 0x00) || startsWith(head, 0, 'M', 'M', 0x00, 0x2A)) {
            return Optional.of(TIFF);
        }
        if (ascii(head, 0, 4).equals("RIFF")) {
            String form = ascii(head, 8, 4);
            if (form.equals("WEBP")) return Optional.of(WEBP);
            if (form.equals("AVI ")) return Optional.of(AVI);
            return Optional.empty();
        }
        if (ascii(head, 4, 4).equals("ftyp")) return isoMedia(head);
        if (QUICKTIME_ATOMS.contains(ascii(head, 4, 4))) return Optional.of(MOV);
        if (startsWith(head, 0, 0x1A, 0x45, 0xDF, 0xA3)) {
            return ascii(head, 0, Math.min(head.length, HEAD_BYTES)).contains("webm")
                    ? Optional.of(WEBM)
                    : Optional.of(MATROSKA);
        }
        if (ascii(head, 0, 4).equals("OggS")) return Optional.of(OGG);
        if (isTransportStream(head)) return Optional.of(MPEG_TS);
        return Optional.empty();
    }

    /** ISO base media files (MP4, MOV, 3GP, HEIF, AVIF) tell their family by the ftyp brands. */
    private Optional<MediaFormat> isoMedia(byte[] head) {
        String major = ascii(head, 8, 4);
        int boxSize = (int) Math.min(readUint32(head, 0), head.length);
        boolean avif = AVIF_BRANDS.contains(major);
        boolean heif = HEIF_BRANDS.contains(major);
        for (int i = 16; i + 4 <= boxSize; i += 4) {
            String brand = ascii(head, i, 4);
            avif |= AVIF_BRANDS.contains(brand);
            heif |= major.equals("mif1") && HEIF_BRANDS.contains(brand);
        }
        if (avif) return Optional.of(AVIF);
        if (heif) return Optional.of(HEIF);
        if (major.equals("qt  ")) return Optional.of(MOV);
        if (major.startsWith("3g")) return Optional.of(THREE_GP);
        return Optional.of(MP4);
    }

    private static boolean isTransportStream(byte[] head) {
        return head.length > TS_PACKET * 2
                && head[0] == 0x47 && head[TS_PACKET] == 0x47 && head[TS_PACKET * 2] == 0x47;
    }

    private static boolean startsWith(byte[] data, int offset, int... expected) {
        if (data.length < offset + expected.length) return false;
        for (int i = 0; i < expected.length; i++) {
            if ((data[offset + i] & 0xFF) != expected[i]) return false;
        }
        return true;
    }

    private static String ascii(byte[] data, int offset, int length) {
        if (data.length < offset + length) return "";
        return new String(data, offset, length, StandardCharsets.ISO_8859_1);
    }

    private static long readUint32(byte[] data, int offset) {
        long v = 0;
        for (int i = 0; i < 4; i++) v = (v << 8) | (data[offset + i] & 0xFF);
        return v;
    }
}
