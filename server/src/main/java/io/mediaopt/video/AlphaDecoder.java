package io.mediaopt.video;

import java.util.List;

/** The decoder that reads a video's alpha channel: ffmpeg's own VP8/VP9 decoders skip it, libvpx's read it. */
enum AlphaDecoder {
    NONE(List.of()),
    LIBVPX_VP9(List.of("-c:v", "libvpx-vp9")),
    LIBVPX_VP8(List.of("-c:v", "libvpx"));

    private final List<String> options;

    AlphaDecoder(List<String> options) {
        this.options = options;
    }

    /** The decoder of a stream of {@code codec} with {@code alpha}, {@link #NONE} when it has none to read. */
    static AlphaDecoder of(String codec, boolean alpha) {
        if (!alpha) return NONE;
        return switch (codec) {
            case "vp9" -> LIBVPX_VP9;
            case "vp8" -> LIBVPX_VP8;
            default -> NONE;
        };
    }

    /** Options before {@code -i}. */
    List<String> options() {
        return options;
    }
}
