package io.mediaopt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What a video encoded in chunks must keep of its one-piece encode, measured with ffprobe and
 * ffmpeg's SSIM filter: the same frames and length within one frame, audio in step with the
 * video within one frame, SSIM against the source within 0.003 and bytes within 3 %.
 */
public final class ChunkedOutputs {
    private static final Pattern SSIM_ALL = Pattern.compile("SSIM .*All:([0-9.]+)");

    private ChunkedOutputs() {}

    /** Asserts that {@code chunked} holds up against {@code onePiece}, both encoded from {@code source}. */
    public static void assertMatches(Path chunked, Path onePiece, Path source, double fps) throws Exception {
        double frame = 1 / fps;
        assertThat(frames(chunked)).as("frames").isEqualTo(frames(onePiece));
        assertThat(duration(chunked, "v:0")).as("video length").isCloseTo(duration(onePiece, "v:0"), within(frame));
        assertThat(duration(chunked, "a:0")).as("audio length").isCloseTo(duration(onePiece, "a:0"), within(frame));
        assertThat(start(chunked, "a:0") - start(chunked, "v:0")).as("audio against video at the start")
                .isCloseTo(start(onePiece, "a:0") - start(onePiece, "v:0"), within(frame));
        assertThat(ssim(chunked, source)).as("SSIM against the source").isCloseTo(ssim(onePiece, source), within(0.003));
        double onePieceBytes = Files.size(onePiece);
        assertThat((double) Files.size(chunked)).as("bytes").isCloseTo(onePieceBytes, within(0.03 * onePieceBytes));
    }

    /** Decoded video frames. */
    public static int frames(Path file) throws IOException, InterruptedException {
        return Integer.parseInt(probe(file, "-count_frames", "-select_streams", "v:0",
                "-show_entries", "stream=nb_read_frames"));
    }

    /** The stream's length, s. */
    public static double duration(Path file, String stream) throws IOException, InterruptedException {
        return Double.parseDouble(probe(file, "-select_streams", stream, "-show_entries", "stream=duration"));
    }

    /** The stream's first timestamp, s. */
    public static double start(Path file, String stream) throws IOException, InterruptedException {
        return Double.parseDouble(probe(file, "-select_streams", stream, "-show_entries", "stream=start_time"));
    }

    /** The indices of the key frames, in display order. */
    public static List<Integer> keyFrames(Path file) throws IOException, InterruptedException {
        String[] lines = probe(file, "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags").split("\n");
        List<double[]> packets = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split(",");
            packets.add(new double[] {Double.parseDouble(f[0]), f[1].contains("K") ? 1 : 0});
        }
        packets.sort((a, b) -> Double.compare(a[0], b[0]));
        List<Integer> keys = new ArrayList<>();
        for (int i = 0; i < packets.size(); i++) if (packets.get(i)[1] == 1) keys.add(i);
        return keys;
    }

    /** The mean SSIM of {@code output}'s frames against the source's, paired by their order. */
    public static double ssim(Path output, Path source) throws IOException, InterruptedException {
        String log = run(List.of("ffmpeg", "-nostdin", "-hide_banner", "-i", output.toString(), "-i", source.toString(),
                "-lavfi", "[0:v]settb=1,setpts=N[a];[1:v]settb=1,setpts=N[b];[a][b]ssim", "-f", "null", "-"));
        Matcher m = SSIM_ALL.matcher(log);
        assertThat(m.find()).as("ssim printed:\n" + log).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private static String probe(Path file, String... options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ffprobe", "-v", "error"));
        command.addAll(List.of(options));
        command.addAll(List.of("-of", "csv=p=0", file.toString()));
        return run(command).strip();
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException(command + " failed:\n" + out);
        return out;
    }
}
