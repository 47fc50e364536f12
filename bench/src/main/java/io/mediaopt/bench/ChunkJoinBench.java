package io.mediaopt.bench;

import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.ChunkCommands;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * A video encoded in chunks and joined against its one-piece encode, under web's H.264 settings
 * (or its AV1 settings: one piece and chunks, no "old") with the service's own command lines ({@link ChunkCommands}) cut where the service cuts: one
 * piece, chunks as before a chunk after the first started with x264's buffer where one piece has
 * it ("old"), and chunks as now ("new"), at several CRFs around web's. Bytes, ffmpeg's SSIM (the
 * service's judge of video), PSNR and SSIMULACRA 2 on every {@link Av1KeyFrameBench#SSIMULACRA2_EVERY}th
 * frame; then per clip each way of chunking against one piece at equal CRF, and new against old at
 * equal quality (bytes read off old's curve in log bytes). Run by bench/chunk-joins.sh.
 */
public final class ChunkJoinBench {
    private static final Duration TIMEOUT = Duration.ofMinutes(10);
    private static final int THREADS = 2;

    enum Way { ONE_PIECE, CHUNKS_OLD, CHUNKS_NEW }

    /** A source stored losslessly with a key frame every 2 s, cut by the service into chunks of {@code chunkSec}. */
    record Clip(String name, Path source, int fps, double chunkSec) {}

    record Measure(Clip clip, Way way, int crf, int chunks, long bytes, KeyFrameJudge.Scores scores, double ssimulacra2) {}

    private ChunkJoinBench() {}

    /**
     * Arguments: the video corpus, the output directory, and optionally CRFs ({@code 19,23,27}, or
     * {@code -} for web's and 4 either side), the codec ({@code h264}, or {@code av1} at web's AV1
     * settings) and a chunk length in seconds: with it, every clip is a minute long (the real ones
     * looped) and cut at that length.
     */
    public static void main(String[] args) throws IOException {
        Path out = Files.createDirectories(Path.of(args[1]));
        VideoSettings h264 = Presets.standard().find("web").orElseThrow().video();
        Strategy strategy = args.length > 3 && args[3].equals("av1") ? Strategy.VIDEO_MP4_AV1 : Strategy.VIDEO_MP4_H264;
        VideoSettings web = strategy == Strategy.VIDEO_MP4_AV1 ? h264.av1().applyTo(h264) : h264;
        List<Integer> crfs = args.length > 2 && !args[2].equals("-")
                ? Arrays.stream(args[2].split(",")).map(Integer::valueOf).toList()
                : List.of(web.crf() - 4, web.crf(), web.crf() + 4);
        double chunkSec = args.length > 4 ? Double.parseDouble(args[4]) : 0;
        List<Way> ways = strategy == Strategy.VIDEO_MP4_H264 ? List.of(Way.values()) : List.of(Way.ONE_PIECE, Way.CHUNKS_NEW);
        List<Clip> clips = clips(Path.of(args[0]), chunkSec, out);
        List<Measure> all = new ArrayList<>();
        Table perEncode = new Table("Chunks against one piece per encode (web's " + codec(strategy) + " settings at each CRF)",
                "clip", "CRF", "encode", "bytes", "SSIM", "PSNR", "SSIMULACRA 2");
        for (Clip clip : clips) {
            List<ChunkCommands.Span> spans = ChunkCommands.plan(
                    new Command(ChunkCommands.packets(clip.source())).run(out, TIMEOUT).stdout(), clip.chunkSec())
                    .orElseThrow(() -> new IllegalStateException(clip.name() + " is not cut"));
            for (int crf : crfs) {
                for (Way way : ways) {
                    Measure m = encode(clip, way, strategy, crf, web, spans, out);
                    all.add(m);
                    perEncode.row(clip.name(), crf, label(way, spans.size()), m.bytes(), decimals(m.scores().ssim(), 4),
                            decimals(m.scores().psnr(), 2), decimals(m.ssimulacra2(), 2));
                    System.out.println(perEncode.render().lines().reduce((a, b) -> b).orElse(""));
                }
            }
        }
        String report = perEncode.render() + "\n" + summary(clips, all).render();
        System.out.println(report);
        Files.writeString(out.resolve("chunk-joins-" + codec(strategy).toLowerCase(Locale.ROOT)
                + (chunkSec > 0 ? "-" + (int) chunkSec + "s" : "") + "-report.md"), report);
    }

    /** The clips, cut as the bench always has, or, with a chunk length, a minute each cut at that length. */
    private static List<Clip> clips(Path corpus, double chunkSec, Path out) {
        String street = corpus.resolve("video-opencv-vtest.avi").toString();
        String trailer = corpus.resolve("video-opencv-Megamind.avi").toString();
        if (chunkSec > 0) {
            return List.of(
                    lossless("street-camera-60s", List.of("-i", street, "-t", "60"), 10, chunkSec, out),
                    lossless("film-trailer-60s", List.of("-stream_loop", "-1", "-i", trailer, "-t", "60"), 24, chunkSec, out),
                    lossless("grain-360p-60s", generated("640x360", 8, 60), 30, chunkSec, out),
                    lossless("heavy-grain-360p-60s", generated("640x360", 14, 60), 30, chunkSec, out));
        }
        return List.of(
                lossless("street-camera", List.of("-i", street, "-t", "40"), 10, 10, out),
                lossless("film-trailer", List.of("-i", trailer), 24, 4, out),
                lossless("grain-360p", generated("640x360", 14, 20), 30, 4, out),
                lossless("grain-720p", generated("1280x720", 8, 20), 30, 5, out));
    }

    private static String codec(Strategy strategy) {
        return strategy == Strategy.VIDEO_MP4_AV1 ? "AV1" : "H.264";
    }

    private static List<String> generated(String size, int grain, int seconds) {
        return List.of("-f", "lavfi", "-i",
                "testsrc2=size=" + size + ":rate=30:duration=" + seconds + ",noise=alls=" + grain + ":allf=t");
    }

    private static Clip lossless(String name, List<String> input, int fps, double chunkSec, Path dir) {
        Path clip = dir.resolve(name + ".mkv");
        if (!Files.exists(clip)) {
            Path partial = dir.resolve(name + ".partial.mkv");
            List<String> command = new ArrayList<>(List.of("nice", "-n", "10", "ffmpeg", "-nostdin", "-hide_banner",
                    "-loglevel", "error", "-y"));
            command.addAll(input);
            command.addAll(List.of("-an", "-vf", "format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0",
                    "-g", Integer.toString(2 * fps), partial.toString()));
            new Command(command).run(dir, TIMEOUT);
            try {
                Files.move(partial, clip);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new Clip(name, clip, fps, chunkSec);
    }

    private static Measure encode(Clip clip, Way way, Strategy strategy, int crf, VideoSettings web,
                                  List<ChunkCommands.Span> spans, Path dir) {
        VideoSettings settings = new VideoSettings(web.maxWidth(), crf, web.maxBitrateKbps(), 0, web.strategies(),
                web.quality(), web.av1());
        Path file = dir.resolve(clip.name() + "-" + codec(strategy).replace(".", "").toLowerCase(Locale.ROOT) + "-crf" + crf
                + "-" + way.name().toLowerCase(Locale.ROOT) + (way == Way.ONE_PIECE ? "" : "-" + (int) clip.chunkSec() + "s")
                + ".mp4");
        if (!Files.exists(file)) {
            int total = spans.stream().mapToInt(ChunkCommands.Span::frames).sum();
            List<ChunkCommands.Span> parts = way == Way.ONE_PIECE ? List.of(new ChunkCommands.Span(0, total)) : spans;
            StringBuilder list = new StringBuilder("ffconcat version 1.0\n");
            List<Path> made = new ArrayList<>();
            for (int i = 0; i < parts.size(); i++) {
                Path part = dir.resolve(file.getFileName() + ".part" + i + ".mp4");
                List<String> command = new ArrayList<>(List.of("nice", "-n", "10"));
                command.addAll(ChunkCommands.chunk(clip.source(), part, strategy, settings, THREADS, parts.get(i),
                        way == Way.CHUNKS_OLD));
                new Command(command).run(dir, TIMEOUT);
                list.append("file '").append(part.getFileName()).append("'\n");
                made.add(part);
            }
            try {
                Path listFile = dir.resolve(file.getFileName() + ".ffconcat");
                Files.writeString(listFile, list);
                new Command(ChunkCommands.join(listFile, file)).run(dir, TIMEOUT);
                for (Path part : made) Files.delete(part);
                Files.delete(listFile);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        try {
            int[] size = Av1Bench.frameSize(file);
            return new Measure(clip, way, crf, spans.size(), Files.size(file),
                    KeyFrameJudge.judge(clip.source(), file, size[0], size[1], clip.fps()),
                    FrameScores.ssimulacra2(clip.source(), file, size[0], size[1], Av1KeyFrameBench.SSIMULACRA2_EVERY));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Per clip: old and new chunks against one piece at equal CRF (medians over the CRFs), and new against old at equal quality. */
    private static Table summary(List<Clip> clips, List<Measure> all) {
        Table table = new Table("Chunks against one piece at equal CRF, and new chunks against old at equal quality",
                "clip", "joins", "old: bytes", "old: SSIM", "new: bytes", "new: SSIM", "new: SSIMULACRA 2",
                "new: PSNR", "new vs old by SSIM", "by SSIMULACRA 2");
        for (Clip clip : clips) {
            List<Measure> one = of(all, clip, Way.ONE_PIECE);
            List<Measure> old = of(all, clip, Way.CHUNKS_OLD);
            List<Measure> now = of(all, clip, Way.CHUNKS_NEW);
            boolean hasOld = !old.isEmpty();
            table.row(clip.name(), now.getFirst().chunks() - 1,
                    hasOld ? pct(medianOf(old, one, m -> (double) m.bytes(), true)) : "—",
                    hasOld ? signed(medianOf(old, one, m -> m.scores().ssim(), false)) : "—",
                    pct(medianOf(now, one, m -> (double) m.bytes(), true)), signed(medianOf(now, one, m -> m.scores().ssim(), false)),
                    String.format(Locale.ROOT, "%+.2f", medianOf(now, one, Measure::ssimulacra2, false)).replace('-', '−'),
                    signed(medianOf(now, one, m -> m.scores().psnr(), false)),
                    hasOld ? pct(EqualQuality.medianRatio(curve(old, m -> m.scores().ssim()), curve(now, m -> m.scores().ssim()))) : "—",
                    hasOld ? pct(EqualQuality.medianRatio(curve(old, Measure::ssimulacra2), curve(now, Measure::ssimulacra2))) : "—");
        }
        return table.note("old/new: chunks as before and since a chunk after the first starts with x264's buffer where "
                + "one piece has it; bytes as a change on one piece's and SSIM (SSIMULACRA 2) as a difference from it, "
                + "medians over the CRFs. New vs old: new's bytes at old's score, read off old's curve (linear in log "
                + "bytes); —: no reading.");
    }

    private static List<Measure> of(List<Measure> all, Clip clip, Way way) {
        return all.stream().filter(m -> m.clip().equals(clip) && m.way() == way).toList();
    }

    /** The median over the CRFs of chunks' value against one piece's at the same CRF: a ratio, or a difference. */
    private static double medianOf(List<Measure> chunks, List<Measure> one, ToDoubleFunction<Measure> value, boolean ratio) {
        double[] values = new double[chunks.size()];
        for (int i = 0; i < chunks.size(); i++) {
            double a = value.applyAsDouble(chunks.get(i));
            double b = value.applyAsDouble(one.get(i));
            values[i] = ratio ? a / b : a - b;
        }
        Arrays.sort(values);
        return Stats.median(values);
    }

    private static List<EqualQuality.Point> curve(List<Measure> measures, ToDoubleFunction<Measure> score) {
        return measures.stream().map(m -> new EqualQuality.Point((double) m.bytes(), score.applyAsDouble(m))).toList();
    }

    private static String label(Way way, int chunks) {
        return switch (way) {
            case ONE_PIECE -> "one piece";
            case CHUNKS_OLD -> chunks + " chunks, old";
            case CHUNKS_NEW -> chunks + " chunks, new";
        };
    }

    private static String pct(double ratio) {
        return Double.isNaN(ratio) ? "—" : String.format(Locale.ROOT, "%+.1f %%", (ratio - 1) * 100).replace('-', '−');
    }

    private static String signed(double v) {
        return String.format(Locale.ROOT, "%+.4f", v).replace('-', '−');
    }

    private static String decimals(double v, int places) {
        return String.format(Locale.ROOT, "%." + places + "f", v);
    }
}
