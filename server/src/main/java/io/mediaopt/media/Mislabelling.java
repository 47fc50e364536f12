package io.mediaopt.media;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Refuses an upload whose file name says it is the other kind of media than its bytes are:
 * JPEG bytes named {@code holiday.mp4}, MP4 bytes named {@code photo.jpg}. The kind is still
 * decided from the bytes alone; but whatever handles the file by its name next (a gallery, a
 * download, a virus scanner choosing its parser) would take it for what it is not, and no camera
 * writes such a file. Phones do write the same kind under another extension (HEIC as .jpg, MP4
 * as .mov) and names with an unknown extension or none, so those pass. The name comes from the
 * client: only the part after its last dot is looked at, and only compared.
 */
public final class Mislabelling {
    private static final Map<MediaKind, Set<String>> EXTENSIONS = Map.of(
            MediaKind.IMAGE, Set.of("jpg", "jpeg", "jpe", "jfif", "png", "gif", "webp", "avif", "heic", "heif",
                    "tif", "tiff"),
            MediaKind.VIDEO, Set.of("mp4", "m4v", "mov", "qt", "webm", "mkv", "avi", "ts", "mts", "m2ts", "3gp",
                    "3g2", "ogv", "ogg", "mpg", "mpeg"));
    /** Longer than any extension above: a longer tail is not looked at. */
    private static final int MAX_EXTENSION_LENGTH = 8;

    private Mislabelling() {}

    /** Throws unsupported-type when {@code filename}'s extension is one of the other kind's. */
    public static void refuse(String filename, Sniffed media) {
        Optional<String> extension = extension(filename);
        for (var entry : EXTENSIONS.entrySet()) {
            if (entry.getKey() != media.kind() && extension.filter(entry.getValue()::contains).isPresent()) {
                throw MediaException.unsupportedType("The file is named as " + article(entry.getKey()) + " (."
                        + extension.get() + ") but its content is " + media.description());
            }
        }
    }

    /** The lower-case part after the last dot, if short enough to be an extension. */
    private static Optional<String> extension(String filename) {
        if (filename == null) return Optional.empty();
        int dot = filename.lastIndexOf('.');
        if (dot < 0 || filename.length() - dot - 1 > MAX_EXTENSION_LENGTH) return Optional.empty();
        return Optional.of(filename.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    private static String article(MediaKind kind) {
        return (kind == MediaKind.IMAGE ? "an " : "a ") + kind.wireName();
    }
}
