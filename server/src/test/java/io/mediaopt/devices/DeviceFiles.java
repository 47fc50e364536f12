package io.mediaopt.devices;

import io.mediaopt.Fixtures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Files shaped like what phones, cameras and apps write, made once per test run with ffmpeg
 * (and libvips for stills) from synthetic sources: the pictures are test patterns, the
 * containers, codecs, bit depths, colour tags, rotations and track layouts are the devices'.
 */
public final class DeviceFiles {
    private static final ConcurrentHashMap<String, Path> MADE = new ConcurrentHashMap<>();
    /** The length of the HDR files, s: a frame past the second at which their picture is measured. */
    public static final double HDR_SECONDS = 1.2;
    /** The length of the VP9 alpha file, s: its first frame is the one measured. */
    public static final double ALPHA_SECONDS = 1.2;

    /**
     * The SDR picture every HDR file is mastered from, so a tone-mapped output can be compared with
     * it: long enough to be measured a second in, no longer, since every HDR case encodes all of it.
     */
    public static final String SDR_MASTER = "testsrc2=s=1280x720:r=30:d=" + HDR_SECONDS;
    /** After {@link #SDR_MASTER}: its pixels as the BT.709 RGB that zscale converts from. */
    public static final String AS_BT709_RGB = ",format=gbrp,zscale=tin=bt709:pin=bt709:min=gbr:rin=full";

    private DeviceFiles() {}

    /**
     * An iPhone-style HDR video: HEVC Main 10 in a QuickTime MOV tagged {@code hvc1}, BT.2020
     * primaries and matrix, HLG transfer, AAC audio. The picture is {@link #SDR_MASTER} graded
     * to HLG as ITU-R BT.2408 does, SDR white at 203 cd/m² (75 % of the HLG signal).
     */
    public static Path iphoneHlgMov() {
        return make("iphone-hlg.mov", out -> hdr(out, "arib-std-b67", List.of("-tag:v", "hvc1")));
    }

    /**
     * An HDR10 MP4: HEVC Main 10, BT.2020, PQ transfer, mastering display and light level
     * metadata; {@link #SDR_MASTER} graded with SDR white at 203 cd/m².
     */
    public static Path hdr10Mp4() {
        return make("hdr10-pq.mp4", out -> hdr(out, "smpte2084", List.of()));
    }

    /** A VP9 WebM with an alpha channel (as screen recorders and sticker apps write): left half opaque. */
    public static Path vp9AlphaWebm() {
        return make("vp9-alpha.webm", out -> Fixtures.ffmpeg("-f", "lavfi", "-i",
                "testsrc2=s=640x360:r=25:d=" + ALPHA_SECONDS + ",format=yuva420p,geq=lum='lum(X,Y)':cb='cb(X,Y)':cr='cr(X,Y)':a='if(lt(X,W/2),255,0)'",
                "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-b:v", "3M", "-deadline", "realtime", "-cpu-used", "8",
                out));
    }

    /** The marker every picture carries in its top-left corner, to tell upright from turned. */
    static final String MARKER = "drawbox=x=0:y=0:w=iw/4:h=ih/4:color=red:t=fill";

    /**
     * A phone's portrait or upside-down H.264 MP4: the frames stored turned, and the track's
     * display matrix turning them back ({@code degrees} clockwise). Displayed upright, 360x640
     * for quarter turns, with the red marker top left.
     */
    public static Path rotatedMp4(int degrees) {
        String stored = switch (degrees) {
            case 90 -> "transpose=cclock";
            case 180 -> "hflip,vflip";
            case 270 -> "transpose=clock";
            default -> throw new IllegalArgumentException("Expected 90, 180 or 270 but received " + degrees);
        };
        String size = degrees == 180 ? "640x360" : "360x640";
        return make("rotated-" + degrees + ".mp4", out -> {
            Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=" + size + ":r=30:d=1," + MARKER + "," + stored,
                    "-f", "lavfi", "-i", "sine=f=440:d=1:sample_rate=48000",
                    "-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-c:a", "aac", out);
            DisplayMatrix.rotate(Path.of(out), degrees);
        });
    }

    /** A camera's ProRes 422 HQ MOV (10-bit 4:2:2) with 24-bit PCM audio. */
    public static Path proresMov() {
        return make("prores.mov", out -> Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=640x360:r=25:d=1," + MARKER,
                "-f", "lavfi", "-i", "sine=f=440:d=1:sample_rate=48000",
                "-c:v", "prores_ks", "-profile:v", "3", "-pix_fmt", "yuv422p10le", "-c:a", "pcm_s24le", out));
    }

    /** A broadcast recording: interlaced MPEG-2 in MPEG-TS, 720x576, MP2 audio. */
    public static Path interlacedTs() {
        // 50 pictures a second woven into 25 frames of two fields each, top field first
        return make("interlaced.ts", out -> Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=720x576:r=50:d=2," + MARKER
                        + ",tinterlace=mode=interleave_top,fieldorder=tff",
                "-f", "lavfi", "-i", "sine=f=440:d=2:sample_rate=48000",
                "-c:v", "mpeg2video", "-flags", "+ilme+ildct", "-top", "1", "-b:v", "8M", "-c:a", "mp2", "-f", "mpegts", out));
    }

    /** An H.264 MP4 with {@code channels} of AAC audio: 6 for a 5.1 camcorder, 1 for a voice memo video. */
    public static Path withAudioChannels(int channels) {
        String layout = channels == 6 ? "5.1" : channels == 1 ? "mono" : "stereo";
        return make("audio-" + channels + "ch.mp4", out -> Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=640x360:r=30:d=2",
                "-f", "lavfi", "-i", "sine=f=440:d=2:sample_rate=48000", "-af", "aformat=channel_layouts=" + layout,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-c:a", "aac", "-b:a", "256k", out));
    }

    /** Variable frame rate, as phones write when the light drops: a third of each second has no frames. */
    public static Path variableFrameRate() {
        return make("vfr.mp4", out -> Fixtures.ffmpeg("-f", "lavfi", "-i",
                "testsrc2=s=640x360:r=30:d=2,select='not(between(mod(n\\,30)\\,10\\,19))'",
                "-fps_mode", "vfr", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", out));
    }

    /** {@code frames} frames at {@code fps}, with audio as long: 60 fps, one frame, a 0.2 s blip. */
    public static Path clip(String name, int fps, double seconds, boolean audio) {
        return make(name + ".mp4", out -> {
            List<String> args = new ArrayList<>(List.of("-f", "lavfi", "-i",
                    "testsrc2=s=640x360:r=" + fps + ":d=" + seconds + "," + MARKER));
            if (audio) args.addAll(List.of("-f", "lavfi", "-i", "sine=f=440:sample_rate=48000:d=" + seconds));
            args.addAll(List.of("-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-pix_fmt", "yuv420p"));
            if (audio) args.addAll(List.of("-c:a", "aac"));
            args.add(out);
            Fixtures.ffmpeg(args.toArray(String[]::new));
        });
    }

    /** A MOV with a subtitle track (mov_text), a timecode track (tmcd, a data stream) and audio. */
    public static Path withSubtitleAndTimecode() {
        return make("tracks.mov", out -> {
            Path srt = Fixtures.dir().resolve("device-subtitles.srt");
            Files.writeString(srt, "1\n00:00:00,000 --> 00:00:01,500\nHello\n");
            Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=640x360:r=25:d=2", "-f", "lavfi", "-i", "sine=d=2",
                    "-i", srt.toString(), "-map", "0", "-map", "1", "-map", "2",
                    "-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-c:a", "aac", "-c:s", "mov_text",
                    "-timecode", "01:00:00:00", out);
        });
    }

    /**
     * A screen recording: 20 s of a still page (grid on light grey), 30 fps, silent audio. The page
     * is drawn once and its frame repeated, which makes the same file as drawing it 600 times.
     */
    public static Path staticScreenRecording() {
        return make("screen-recording.mp4", out -> Fixtures.ffmpeg("-f", "lavfi", "-i",
                "color=c=0xf0f0f0:s=1280x720:r=30:d=1,drawgrid=w=80:h=60:t=2:c=0x808080," + MARKER
                        + ",trim=end_frame=1,loop=loop=599:size=1,setpts=N/30/TB",
                "-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo:d=20", "-shortest",
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-c:a", "aac", out));
    }

    /** An Android-style full-range H.264 (yuvj420p, tagged pc, BT.709): white strip left, black right. */
    public static Path fullRangeMp4() {
        return make("full-range.mp4", out -> Fixtures.ffmpeg("-f", "lavfi", "-i",
                "testsrc2=s=640x360:r=30:d=1,drawbox=x=0:y=0:w=iw/4:h=ih:color=white:t=fill,"
                        + "drawbox=x=iw*3/4:y=0:w=iw/4:h=ih:color=black:t=fill,format=yuvj420p",
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-color_range", "pc",
                "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", out));
    }

    /** A DVD-era SD H.264 tagged BT.601 (smpte170m), 720x480, with the red marker. */
    public static Path bt601Mp4() {
        return make("bt601.mp4", out -> Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=720x480:r=30:d=1," + MARKER,
                "-vf", "scale=out_color_matrix=bt601:out_range=tv", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10",
                "-colorspace", "smpte170m", "-color_primaries", "smpte170m", "-color_trc", "smpte170m", out));
    }

    private static void hdr(String out, String transfer, List<String> extra) throws Exception {
        String params = "log-level=error:colorprim=bt2020:transfer=" + transfer + ":colormatrix=bt2020nc";
        if (transfer.equals("smpte2084")) {
            params += ":hdr10=1:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)"
                    + ":max-cll=1000,400";
        }
        List<String> args = new ArrayList<>(List.of("-f", "lavfi", "-i",
                SDR_MASTER + AS_BT709_RGB + ":t=" + transfer + ":p=bt2020:m=bt2020nc:r=tv:npl=203,format=yuv420p10le",
                "-f", "lavfi", "-i", "sine=f=440:d=" + HDR_SECONDS + ":sample_rate=48000",
                "-c:v", "libx265", "-preset", "ultrafast", "-crf", "12", "-x265-params", params,
                "-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc",
                "-c:a", "aac", "-b:a", "192k"));
        args.addAll(extra);
        args.add(out);
        Fixtures.ffmpeg(args.toArray(String[]::new));
    }

    interface Maker {
        void make(String out) throws Exception;
    }

    static Path make(String name, Maker maker) {
        return MADE.computeIfAbsent(name, n -> {
            Path out = Fixtures.dir().resolve("device-" + n);
            try {
                maker.make(out.toString());
            } catch (Exception e) {
                throw new IllegalStateException("Cannot make device file " + n, e);
            }
            return out;
        });
    }
}
