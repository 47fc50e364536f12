package io.mediaopt.video;

import java.util.List;
import java.util.Set;

/**
 * What a video's colour needs on its way to an 8-bit BT.709 output that every screen shows
 * right. HDR (PQ as in HDR10, HLG as iPhones record it, Dolby Vision whose base layer is one of
 * those) is tone-mapped to SDR; BT.2020 SDR (10-bit wide gamut) has its gamut mapped to BT.709;
 * anything else passes untouched with its own tags (range and matrix included).
 *
 * <p>The pipeline is the one ffmpeg documents for its tonemap filter: zscale to linear light
 * (100 cd/m² as SDR white), float RGB, BT.709 primaries, tonemap, then BT.709 transfer, matrix
 * and limited range. The operator is mobius rather than the documented hable: mobius keeps
 * in-range (SDR-bright) material as it is and compresses only the highlights, where hable
 * darkens the whole picture (mean luma of an HLG test frame 111 against 83, the SDR master 125).
 * {@code desat=0} keeps the colours saturated, as the source's SDR grade would be.
 */
record ColorConversion(Kind kind, String inputTransfer, String inputMatrix, String inputRange) {

    enum Kind {
        /** Already SDR within BT.709-sized gamuts: the encoder carries its tags as they are. */
        NONE,
        /** PQ or HLG: tone-mapped to SDR. */
        TONE_MAP,
        /** BT.2020 primaries at SDR levels: only the gamut is mapped. */
        GAMUT_MAP
    }

    static final ColorConversion NONE = new ColorConversion(Kind.NONE, null, null, null);

    /** The tone-mapping operator; see the class comment. */
    static final String TONE_MAP_OPERATOR = "mobius";

    static final String PQ = "smpte2084";
    static final String HLG = "arib-std-b67";
    private static final Set<String> SDR_TRANSFERS = Set.of("bt709", "bt2020-10", "bt2020-12", "smpte170m", "bt470bg");
    private static final Set<String> YUV_MATRICES = Set.of("bt709", "bt2020nc", "bt2020c", "smpte170m", "bt470bg");

    /** The conversion the probed stream needs. */
    static ColorConversion of(ProbedStream video) {
        ProbedColor color = video.color() == null ? ProbedColor.UNTAGGED_8_BIT : video.color();
        String hdrTransfer = hdrTransfer(color.transfer(), video.dolbyVision());
        String matrix = known(YUV_MATRICES, color.matrix()) ? color.matrix() : "bt2020nc";
        String range = "pc".equals(color.range()) ? "pc" : "tv";
        if (hdrTransfer != null) return new ColorConversion(Kind.TONE_MAP, hdrTransfer, matrix, range);
        if (color.wideGamut() && color.bitDepth() >= 10) {
            String transfer = known(SDR_TRANSFERS, color.transfer()) ? color.transfer() : "bt2020-10";
            return new ColorConversion(Kind.GAMUT_MAP, transfer, matrix, range);
        }
        return NONE;
    }

    /** Only names from these lists reach the filter graph, whatever a file's tags say. */
    private static boolean known(Set<String> names, String name) {
        return name != null && names.contains(name);
    }

    /**
     * PQ or HLG from the stream's tag; a Dolby Vision stream without one is read by what its
     * base layer is compatible with (profile 8.4 is HLG, 8.1 is HDR10). Profile 5 has no
     * compatible base layer and ffmpeg 5.1 cannot reshape it: it goes through untouched.
     */
    private static String hdrTransfer(String transfer, DolbyVision dolbyVision) {
        if (PQ.equals(transfer) || HLG.equals(transfer)) return transfer;
        if (dolbyVision != null && dolbyVision.baseLayerIsHlg()) return HLG;
        if (dolbyVision != null && dolbyVision.baseLayerIsPq()) return PQ;
        return null;
    }

    /** The filters that follow scaling; empty when nothing changes. */
    List<String> filters() {
        String input = "zscale=tin=" + inputTransfer + ":pin=bt2020:min=" + inputMatrix + ":rin=" + inputRange;
        return switch (kind) {
            case NONE -> List.of();
            case TONE_MAP -> List.of(input + ":t=linear:npl=100", "format=gbrpf32le", "zscale=p=bt709",
                    "tonemap=tonemap=" + TONE_MAP_OPERATOR + ":desat=0", "zscale=t=bt709:m=bt709:r=tv", "format=yuv420p");
            case GAMUT_MAP -> List.of(input + ":t=bt709:p=bt709:m=bt709:r=tv", "format=yuv420p");
        };
    }

    /** Output tags that say what the filters made; none when the input's own tags still hold. */
    List<String> outputTags() {
        if (kind == Kind.NONE) return List.of();
        return List.of("-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv");
    }
}
