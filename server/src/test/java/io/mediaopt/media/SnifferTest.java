package io.mediaopt.media;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class SnifferTest {
    private final Sniffer sniffer = new Sniffer();

    @Test
    void recognisesImagesByTheirMagicNumbers() {
        assertThat(format(bytes(0xFF, 0xD8, 0xFF, 0xE0))).isEqualTo("image/jpeg");
        assertThat(format(bytes(0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A))).isEqualTo("image/png");
        assertThat(format(ascii("GIF89a...."))).isEqualTo("image/gif");
        assertThat(format(ascii("RIFF\0\0\0\0WEBPVP8 "))).isEqualTo("image/webp");
        assertThat(format(bytes('I', 'I', 0x2A, 0x00))).isEqualTo("image/tiff");
        assertThat(format(ftyp("avif", "mif1", "miaf"))).isEqualTo("image/avif");
        assertThat(format(ftyp("mif1", "heic"))).isEqualTo("image/heif");
        assertThat(format(ftyp("heic", "mif1"))).isEqualTo("image/heif");
    }

    @Test
    void recognisesVideoContainers() {
        assertThat(format(ftyp("isom", "iso2", "avc1", "mp41"))).isEqualTo("video/mp4");
        assertThat(format(ftyp("qt  ", "qt  "))).isEqualTo("video/quicktime");
        assertThat(format(ftyp("3gp5", "3gp5"))).isEqualTo("video/3gpp");
        assertThat(format(ascii("\0\0\0\u0008wide...."))).isEqualTo("video/quicktime");
        assertThat(format(concat(bytes(0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x84), ascii("webm")))).isEqualTo("video/webm");
        assertThat(format(concat(bytes(0x1A, 0x45, 0xDF, 0xA3), ascii("matroska")))).isEqualTo("video/x-matroska");
        assertThat(format(ascii("RIFF\0\0\0\0AVI LIST"))).isEqualTo("video/x-msvideo");
        assertThat(format(ascii("OggS\0\u0002"))).isEqualTo("video/ogg");
        byte[] ts = new byte[188 * 3];
        ts[0] = ts[188] = ts[376] = 0x47;
        assertThat(format(ts)).isEqualTo("video/mp2t");
    }

    @Test
    void refusesEverythingElseWhateverItIsCalled() {
        assertThat(sniffer.sniff(ascii("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"))).isEmpty();
        assertThat(sniffer.sniff(ascii("%PDF-1.7"))).isEmpty();
        assertThat(sniffer.sniff(ascii("RIFF\0\0\0\0WAVEfmt "))).isEmpty();
        assertThat(sniffer.sniff(new byte[0])).isEmpty();
        assertThat(sniffer.sniff(ascii("#EXTM3U\n"))).isEmpty();
    }

    private String format(byte[] head) {
        return sniffer.sniff(head).map(MediaFormat::contentType).orElse("none");
    }

    private static byte[] ftyp(String major, String... compatible) {
        byte[] box = new byte[16 + 4 * compatible.length];
        box[3] = (byte) box.length;
        System.arraycopy(ascii("ftyp" + major + "\0\0\0\0"), 0, box, 4, 12);
        for (int i = 0; i < compatible.length; i++) System.arraycopy(ascii(compatible[i]), 0, box, 16 + 4 * i, 4);
        return box;
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) b[i] = (byte) values[i];
        return b;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
