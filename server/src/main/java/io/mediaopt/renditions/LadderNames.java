package io.mediaopt.renditions;

import java.util.Optional;
import java.util.regex.Pattern;

/** The names of an HLS ladder's files ({@link HlsRung}, {@link HlsLadder}) and the media type each is served as. */
public final class LadderNames {
    private static final Pattern PLAYLIST = Pattern.compile("(master|[0-9]{1,5}p(-av1)?)\\.m3u8");
    private static final Pattern INIT = Pattern.compile("[0-9]{1,5}p(-av1)?_init\\.mp4");
    private static final Pattern SEGMENT = Pattern.compile("[0-9]{1,5}p(-av1)?_[0-9]{3,6}\\.m4s");

    private LadderNames() {}

    /** The media type of a file named {@code name} of a ladder; empty for a name no ladder has. */
    public static Optional<String> contentType(String name) {
        if (PLAYLIST.matcher(name).matches()) return Optional.of(HlsLadder.PLAYLIST_TYPE);
        if (INIT.matcher(name).matches()) return Optional.of("video/mp4");
        if (SEGMENT.matcher(name).matches()) return Optional.of(HlsLadder.SEGMENT_TYPE);
        return Optional.empty();
    }

    public static boolean isPlaylist(String name) {
        return name.endsWith(".m3u8");
    }

    public static String master() {
        return HlsLadder.MASTER;
    }
}
