package io.mediaopt.media;

import java.util.EnumMap;
import java.util.HashSet;
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
    /** MPEG program streams are not accepted, but a file named so is no image either. */
    private static final Set<String> OTHER_VIDEO_EXTENSIONS = Set.of("mpg", "mpeg");
    private static final Map<MediaKind, Set<String>> EXTENSIONS = extensionsByKind();
    /** Longer than any extension of a format: a longer tail is not looked at. */
    private static final int MAX_EXTENSION_LENGTH = 8;

    private Mislabelling() {}

    /** Throws unsupported-type when {@code filename}'s extension is one of the other kind's. */
    public static void refuse(String filename, MediaFormat media) {
        Optional<String> extension = extension(filename);
        for (var entry : EXTENSIONS.entrySet()) {
            if (entry.getKey() != media.kind() && extension.filter(entry.getValue()::contains).isPresent()) {
                throw MediaException.unsupportedType("The file is named as " + article(entry.getKey()) + " (."
                        + extension.get() + ") but its content is " + media.description());
            }
        }
    }

    private static Map<MediaKind, Set<String>> extensionsByKind() {
        Map<MediaKind, Set<String>> byKind = new EnumMap<>(MediaKind.class);
        for (MediaFormat format : MediaFormat.values()) {
            byKind.computeIfAbsent(format.kind(), kind -> new HashSet<>()).addAll(format.extensions());
        }
        byKind.get(MediaKind.VIDEO).addAll(OTHER_VIDEO_EXTENSIONS);
        return byKind;
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
