package io.mediaopt.video;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a video's colour needs on its way to an 8-bit BT.709 output that every screen shows
 * right. HDR (PQ as in HDR10, HLG as iPhones record it, Dolby Vision whose base layer is one of
 * those) is tone-mapped to SDR; BT.2020 SDR (10-bit wide gamut) has its gamut mapped to BT.709;
 * anything else passes untouched with its own tags (range and matrix included).
 *
 * <p>The pipeline is the one ffmpeg documents for its tonemap filter: zscale to linear light,
 * float RGB, BT.709 primaries, tonemap, then BT.709 transfer, matrix and limited range. Linear
 * 1.0 is HDR reference white, {@value #REFERENCE_WHITE_NITS} cd/m² (ITU-R BT.2408: where HLG
 * puts SDR white, at 75 % of its signal, and where PQ graded to the same report puts it), so SDR
 * white lands on SDR white. The operator is mobius, linear up to {@value #MOBIUS_LINEAR_UP_TO}
 * of reference white, with only the highlights above rolled off into the rest. Measured on
 * ffmpeg's test pattern graded to HLG and to PQ at that white (mean luma 126.4, saturation
 * 113.0): this keeps 125.7/110.9 (HLG) and 126.7/110.4 (PQ); mobius's default knee of 0.3
 * gave 110.2/94.8, and taking white at 100 cd/m² (the filter documentation's npl=100) 119.8/104.3.
 * {@code desat=0} keeps the colours saturated, as the source's SDR grade would be.
 */
sealed interface ColorConversion {

    /** The tone-mapping operator and where it starts to compress; see the class comment. */
    String TONE_MAP_OPERATOR = "mobius";
    String MOBIUS_LINEAR_UP_TO = "0.95";
    /** HDR reference white in cd/m², linear 1.0 after zscale. */
    String REFERENCE_WHITE_NITS = "203";

    String PQ = "smpte2084";
    String HLG = "arib-std-b67";

    /** The filters that follow scaling; empty when nothing changes. */
    List<String> filters();

    /** Output tags that say what the filters made; none when the input's own tags still hold. */
    default List<String> outputTags() {
        return List.of("-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv");
    }

    /** Whether the picture's colour is changed: such a video cannot stand in for its output. */
    default boolean changesColour() {
        return true;
    }

    /** The conversion the probed stream needs. */
    static ColorConversion of(ProbedStream video) {
        ProbedColor color = video.color();
        Optional<String> hdrTransfer = hdrTransfer(color.transfer(), video.dolbyVision());
        String matrix = color.matrix().filter(InputColour.YUV_MATRICES::contains).orElse("bt2020nc");
        String range = color.range().filter("pc"::equals).orElse("tv");
        if (hdrTransfer.isPresent()) return new ToneMap(new InputColour(hdrTransfer.get(), matrix, range));
        if (color.wideGamut() && color.bitDepth() >= 10) {
            String transfer = color.transfer().filter(InputColour.SDR_TRANSFERS::contains).orElse("bt2020-10");
            return new GamutMap(new InputColour(transfer, matrix, range));
        }
        return new Untouched();
    }

    /**
     * PQ or HLG from the stream's tag; a Dolby Vision stream without one is read by what its
     * base layer is compatible with (profile 8.4 is HLG, 8.1 is HDR10). Profile 5 has no
     * compatible base layer and ffmpeg 5.1 cannot reshape it: it goes through untouched.
     */
    private static Optional<String> hdrTransfer(Optional<String> transfer, DolbyVision dolbyVision) {
        if (transfer.filter(t -> PQ.equals(t) || HLG.equals(t)).isPresent()) return transfer;
        if (dolbyVision != null && dolbyVision.baseLayerIsHlg()) return Optional.of(HLG);
        if (dolbyVision != null && dolbyVision.baseLayerIsPq()) return Optional.of(PQ);
        return Optional.empty();
    }

    /** Already SDR within BT.709-sized gamuts: the encoder carries the input's tags as they are. */
    record Untouched() implements ColorConversion {
        @Override
        public List<String> filters() {
            return List.of();
        }

        @Override
        public List<String> outputTags() {
            return List.of();
        }

        @Override
        public boolean changesColour() {
            return false;
        }
    }

    /** PQ or HLG: tone-mapped to SDR. */
    record ToneMap(InputColour input) implements ColorConversion {
        @Override
        public List<String> filters() {
            return List.of(input.zscale() + ":t=linear:npl=" + REFERENCE_WHITE_NITS, "format=gbrpf32le",
                    "zscale=p=bt709", "tonemap=tonemap=" + TONE_MAP_OPERATOR + ":param=" + MOBIUS_LINEAR_UP_TO + ":desat=0",
                    "zscale=t=bt709:m=bt709:r=tv", "format=yuv420p");
        }
    }

    /** BT.2020 primaries at SDR levels: only the gamut is mapped. */
    record GamutMap(InputColour input) implements ColorConversion {
        @Override
        public List<String> filters() {
            return List.of(input.zscale() + ":t=bt709:p=bt709:m=bt709:r=tv", "format=yuv420p");
        }
    }

    /**
     * How the input's colour is read: its transfer, YUV matrix and range. Only names from these
     * lists reach the filter graph, whatever a file's tags say.
     */
    record InputColour(String transfer, String matrix, String range) {
        static final Set<String> SDR_TRANSFERS = Set.of("bt709", "bt2020-10", "bt2020-12", "smpte170m", "bt470bg");
        static final Set<String> YUV_MATRICES = Set.of("bt709", "bt2020nc", "bt2020c", "smpte170m", "bt470bg");

        String zscale() {
            return "zscale=tin=" + transfer + ":pin=bt2020:min=" + matrix + ":rin=" + range;
        }
    }
}
