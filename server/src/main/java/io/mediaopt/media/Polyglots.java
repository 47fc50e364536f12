package io.mediaopt.media;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Refuses media that is also another kind of file (a polyglot): a JPEG whose tail is a ZIP or
 * a JAR, a GIF followed by an HTML page, an image with a PDF header in its first bytes. Each
 * reader sees its own face of such a file, so it can pass as a picture and then be opened as
 * an archive, a page or a document by whoever gets it next. What follows the media is found by
 * walking the format to its end ({@link MediaEnd}); zero or 0xFF padding, appended JPEGs
 * (Multi-Picture Format previews, depth maps), appended MP4 (motion photos) and unknown vendor
 * trailers are what cameras write and pass; appended media is walked in turn. For every format,
 * also the one whose end cannot be found (TIFF, AVI, MPEG-TS, Ogg), the file must not end as a
 * ZIP archive ({@link ZipEndRecord}) nor hold {@code %PDF-} in its first 1024 bytes, where PDF
 * readers accept the header.
 */
public final class Polyglots {
    private static final int PDF_HEADER_WINDOW = 1024;
    private static final String PDF_HEADER = "%PDF-";
    private static final int MAX_APPENDED_MEDIA = 16;
    private static final Sniffer SNIFFER = new Sniffer();

    private Polyglots() {}

    /** Throws unsupported-type when the file of this sniffed media is also another file. */
    public static void refuse(Path file, MediaFormat media) throws IOException {
        Optional<String> other = otherFace(file, media);
        if (other.isPresent()) {
            throw MediaException.unsupportedType("The file is " + media.description() + " with " + other.get()
                    + " (a polyglot); upload the " + media.kind().wireName() + " alone");
        }
    }

    /** What else a file of this format is ("a ZIP archive appended"), or empty. */
    static Optional<String> otherFace(Path file, MediaFormat format) throws IOException {
        try (FileCursor in = FileCursor.open(file)) {
            if (new String(in.bytesAt(0, PDF_HEADER_WINDOW), StandardCharsets.ISO_8859_1).contains(PDF_HEADER)) {
                return Optional.of("a PDF header in its first " + PDF_HEADER_WINDOW + " bytes");
            }
            Optional<String> appended = appendedPayload(in, format);
            if (appended.isPresent()) return appended.map(payload -> payload + " appended");
            return ZipEndRecord.endsFile(in) ? Optional.of("a ZIP archive appended") : Optional.empty();
        }
    }

    /** The foreign file that follows the media (and any media appended to it), or empty. */
    private static Optional<String> appendedPayload(FileCursor in, MediaFormat format) throws IOException {
        long end = MediaEnd.find(in, format, 0);
        for (int appended = 0; end >= 0 && appended <= MAX_APPENDED_MEDIA; appended++) {
            long next = payloadStart(in, end);
            byte[] head = in.bytesAt(next, ForeignPayload.HEAD_BYTES);
            if (head.length == 0) return Optional.empty();
            Optional<String> foreign = ForeignPayload.identify(head);
            if (foreign.isPresent()) return foreign;
            Optional<MediaFormat> media = SNIFFER.sniff(head);
            if (media.isEmpty()) return Optional.empty(); // a vendor's trailer
            end = MediaEnd.find(in, media.get(), next);
        }
        return Optional.empty();
    }

    /**
     * Where what follows the media starts: right at its end when more media starts there (an
     * MP4's first box size begins with zero bytes), else after zero and 0xFF padding, of which
     * the FF of a JPEG's FF D8 is no part.
     */
    private static long payloadStart(FileCursor in, long end) throws IOException {
        if (SNIFFER.sniff(in.bytesAt(end, ForeignPayload.HEAD_BYTES)).isPresent()) return end;
        in.seek(end);
        int b;
        while ((b = in.peek()) == 0x00 || b == 0xFF) {
            in.skip(1);
            if (b == 0xFF && in.peek() == 0xD8) return in.position() - 1;
        }
        return in.position();
    }
}
