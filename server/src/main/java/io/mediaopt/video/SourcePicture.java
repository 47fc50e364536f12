package io.mediaopt.video;

import io.mediaopt.media.Strategy;

import java.util.ArrayList;
import java.util.List;

/**
 * What the encode must know of the input's picture beyond its size: the colour conversion it
 * needs, whether it carries an alpha channel (VP8/VP9 in WebM) and whether it is interlaced.
 * VP9 outputs keep the alpha; the others cannot, so the picture is laid on white, as a browser
 * shows it on a white page. Interlaced video (camcorders, broadcast MPEG-TS) is deinterlaced
 * with bwdif, one frame per frame, before scaling: every output is progressive, and woven
 * fields would show combs on every moving edge.
 */
record SourcePicture(ColorConversion color, AlphaDecoder alphaDecoder, boolean interlaced) {

    /** What the encode assumes before the probe answers: progressive SDR, no alpha. */
    static final SourcePicture UNPROBED = new SourcePicture(new ColorConversion.Untouched(), AlphaDecoder.NONE, false);

    static final String DEINTERLACE = "bwdif=mode=send_frame:deint=interlaced";

    static SourcePicture of(ProbedStream video) {
        return new SourcePicture(ColorConversion.of(video), AlphaDecoder.of(video.codecName(), video.alpha()),
                video.interlaced());
    }

    boolean hasAlpha() {
        return alphaDecoder != AlphaDecoder.NONE;
    }

    /** Whether the output of {@code strategy} loses the input's alpha (laid on white). */
    boolean flattensAlpha(Strategy strategy) {
        return hasAlpha() && strategy != Strategy.VIDEO_WEBM_VP9;
    }

    /** Options before {@code -i}: the decoder that reads the alpha channel. */
    List<String> decoderOptions() {
        return alphaDecoder.options();
    }

    /** The filter graph after {@code scale}: alpha flattened or kept, colour converted. */
    String filters(String scale, Strategy strategy) {
        List<String> chain = new ArrayList<>();
        if (interlaced) chain.add(DEINTERLACE);
        chain.add(scale);
        chain.addAll(color.filters());
        String graph = String.join(",", chain);
        if (!flattensAlpha(strategy)) return graph;
        return graph + ",split[picture][canvas];[canvas]drawbox=c=white:t=fill[white];"
                + "[white][picture]overlay=format=auto,format=yuv420p";
    }

    /** The output pixel format of {@code strategy}: 4:2:0, with alpha where VP9 keeps it. */
    String pixelFormat(Strategy strategy) {
        return hasAlpha() && strategy == Strategy.VIDEO_WEBM_VP9 ? "yuva420p" : "yuv420p";
    }
}
