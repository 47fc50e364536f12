package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code storyboard} rendition through the real server: a sheet of at most 100 tiles and a
 * WebVTT whose cues cover the whole clip, each tile the frame ffmpeg gives at its cue's middle.
 */
@Integration
class StoryboardApiTest {
    @RegisterExtension
    // the storyboard is what is checked: the job's own encode of the 3-minute clip skips the CRF search
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1",
            "SERVICE_VIDEO_QUALITY", "fixed"));
    private static final Pattern CUE = Pattern.compile(
            "(\\d\\d):(\\d\\d):(\\d\\d)\\.(\\d{3}) --> (\\d\\d):(\\d\\d):(\\d\\d)\\.(\\d{3})\n([^#\n]+)#xywh=(\\d+),(\\d+),(\\d+),(\\d+)");
    private static final Pattern SSIM_ALL = Pattern.compile("All:([0-9.]+)");

    /** One cue of the WebVTT: its time in ms, the sheet it names and the tile's place on it. */
    record Cue(long startMs, long endMs, String sheet, int x, int y, int w, int h) {
        double middleSec() {
            return (startMs + endMs) / 2000.0;
        }
    }

    @Test
    void aThreeMinuteClipGetsAHundredTilesEachTheFrameAtItsCuesMiddle() throws Exception {
        // 25 frames a second: a tile one frame off its cue's middle scores below 0.9
        Path clip = Fixtures.video("storyboard.mp4", "320x180", 25, 180, false,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "32", "-pix_fmt", "yuv420p");
        JsonNode job = RenditionsApiTest.submitAndWait(server, "clip.mp4", clip, "web", "storyboard", null);
        List<JsonNode> renditions = list(job.path("result").path("renditions"));
        assertThat(renditions).extracting(r -> r.path("name").asText() + " " + r.path("role").asText())
                .containsExactly("storyboard.webp storyboard", "storyboard.vtt storyboard-vtt");
        JsonNode sheet = renditions.getFirst();
        JsonNode vtt = renditions.get(1);
        assertThat(vtt.path("contentType").asText()).isEqualTo("text/vtt");
        assertThat(vtt.path("format").asText()).isEqualTo("vtt");

        HttpResponse<byte[]> vttResponse = get(vtt.path("url").asText());
        assertThat(vttResponse.statusCode()).isEqualTo(200);
        assertThat(vttResponse.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/vtt");
        String text = new String(vttResponse.body(), StandardCharsets.UTF_8);
        // as a browser asks for it: the body as it is, though a client takes gzip
        HttpResponse<byte[]> gzipTaken = Raw.HTTP.send(HttpRequest.newBuilder(URI.create(vtt.path("url").asText()))
                .header("Accept-Encoding", "gzip").build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(gzipTaken.statusCode()).isEqualTo(200);
        assertThat(gzipTaken.body()).isEqualTo(vttResponse.body());
        assertThat(text).startsWith("WEBVTT\n\n");
        List<Cue> cues = cues(text);
        assertThat(cues).hasSize(100);
        assertThat(text.split("\n\n")).hasSize(101);

        long durationMs = Math.round(Probe.duration(Probe.of(clip)) * 1000);
        assertThat(cues.getFirst().startMs()).isZero();
        assertThat(cues.getLast().endMs()).isEqualTo(durationMs);
        Set<String> places = new HashSet<>();
        for (int i = 0; i < cues.size(); i++) {
            Cue cue = cues.get(i);
            if (i > 0) assertThat(cue.startMs()).as("cue %d starts where the one before ends", i)
                    .isEqualTo(cues.get(i - 1).endMs());
            assertThat(cue.endMs() - cue.startMs()).as("cue %d", i).isGreaterThanOrEqualTo(1000);
            assertThat(cue.w() + "x" + cue.h()).isEqualTo("256x144");
            assertThat(cue.x() % 256 + cue.y() % 144).isZero();
            assertThat(cue.x() + cue.w()).isLessThanOrEqualTo(sheet.path("width").asInt());
            assertThat(cue.y() + cue.h()).isLessThanOrEqualTo(sheet.path("height").asInt());
            assertThat(places.add(cue.x() + "," + cue.y())).as("cue %d has a tile of its own", i).isTrue();
        }
        assertThat(sheet.path("width").asInt() + "x" + sheet.path("height").asInt()).isEqualTo("2560x1440");

        // the cues name the sheet relative to where the VTT is served
        URI sheetUrl = URI.create(vtt.path("url").asText()).resolve(cues.getFirst().sheet());
        HttpResponse<byte[]> sheetResponse = get(sheetUrl.toString());
        assertThat(sheetResponse.statusCode()).isEqualTo(200);
        assertThat(sheetResponse.headers().firstValue("Content-Type")).hasValue("image/webp");
        assertThat((long) sheetResponse.body().length).isEqualTo(sheet.path("bytes").asLong());
        Path sheetFile = Files.createTempFile("storyboard", ".webp");
        try {
            Files.write(sheetFile, sheetResponse.body());
            List<Double> tileScores = ssims(clip, cues.stream().map(Cue::middleSec).toList(), sheetFile, cues);
            for (int i = 0; i < cues.size(); i++) {
                assertThat(tileScores.get(i)).as("tile %d against its frame", i).isGreaterThanOrEqualTo(0.9);
            }
            // the comparison tells tiles apart: a tile against the frame of the next cue
            List<Integer> checked = List.of(0, 50, 98);
            List<Double> nextScores = ssims(clip, checked.stream().map(i -> cues.get(i + 1).middleSec()).toList(),
                    sheetFile, checked.stream().map(cues::get).toList());
            for (int k = 0; k < checked.size(); k++) {
                assertThat(nextScores.get(k)).as("tile %d against the next cue's frame", checked.get(k)).isLessThan(0.9);
            }
        } finally {
            Files.delete(sheetFile);
        }
    }

    @Test
    void aClipOfOneSecondHasOneTileAndTheVideoSnippetNamesTheStoryboard() throws Exception {
        JsonNode job = RenditionsApiTest.submitAndWait(server, "short.mp4", Fixtures.shortClip(), "web",
                "sources,storyboard", null);
        JsonNode result = job.path("result");
        JsonNode vtt = list(result.path("renditions")).stream()
                .filter(r -> r.path("role").asText().equals("storyboard-vtt")).findFirst().orElseThrow();
        List<Cue> cues = cues(new String(get(vtt.path("url").asText()).body(), StandardCharsets.UTF_8));
        assertThat(cues).containsExactly(new Cue(0, 1000, "storyboard.webp", 0, 0, 160, 120));
        assertThat(result.path("video").asText()).contains(" data-storyboard=\"" + vtt.path("url").asText() + "\"");
    }

    static List<Cue> cues(String vtt) {
        List<Cue> cues = new ArrayList<>();
        Matcher m = CUE.matcher(vtt);
        while (m.find()) {
            cues.add(new Cue(ms(m, 1), ms(m, 5), m.group(9), Integer.parseInt(m.group(10)),
                    Integer.parseInt(m.group(11)), Integer.parseInt(m.group(12)), Integer.parseInt(m.group(13))));
        }
        return cues;
    }

    private static long ms(Matcher m, int first) {
        return ((Long.parseLong(m.group(first)) * 60 + Long.parseLong(m.group(first + 1))) * 60
                + Long.parseLong(m.group(first + 2))) * 1000 + Long.parseLong(m.group(first + 3));
    }

    /**
     * SSIM of each tile against ffmpeg's frame of {@code clip} at the matching time of
     * {@code atSecs} (ascending), scaled to the tiles' size, in one ffmpeg run: the frame at a time
     * is the first whose own time is at or after it (the frame {@code -ss} gives), and the sheet,
     * decoded once, is repeated and cropped to tile {@code n} for the {@code n}th selected frame.
     */
    static List<Double> ssims(Path clip, List<Double> atSecs, Path sheet, List<Cue> tiles) throws Exception {
        assertThat(atSecs).hasSameSizeAs(tiles).isSorted();
        Cue first = tiles.getFirst();
        assertThat(tiles).allMatch(t -> t.w() == first.w() && t.h() == first.h(), "tiles of one size");
        List<String> frameAt = new ArrayList<>();
        List<String> tileX = new ArrayList<>();
        List<String> tileY = new ArrayList<>();
        for (int i = 0; i < tiles.size(); i++) {
            String at = String.format(Locale.ROOT, "%.3f", atSecs.get(i));
            frameAt.add("gte(t," + at + ")*not(gte(prev_t," + at + "))");
            tileX.add("eq(n," + i + ")*" + tiles.get(i).x());
            tileY.add("eq(n," + i + ")*" + tiles.get(i).y());
        }
        Path stats = Files.createTempFile("storyboard-ssim", ".log");
        try {
            String graph = String.format(Locale.ROOT, "[0:v]select='%s',setpts=N/TB,scale=%d:%d,setsar=1,format=yuv420p[frame];"
                            + "[1:v]loop=loop=%d:size=1,setpts=N/TB,crop=%d:%d:'%s':'%s',setsar=1,format=yuv420p[tile];"
                            + "[tile][frame]ssim=stats_file='%s':shortest=1",
                    sum(frameAt), first.w(), first.h(), tiles.size() - 1, first.w(), first.h(),
                    sum(tileX), sum(tileY), stats);
            Process p = new ProcessBuilder("ffmpeg", "-nostdin", "-hide_banner", "-i", clip.toString(),
                    "-i", sheet.toString(), "-lavfi", graph, "-f", "null", "-").redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(output).isZero();
            List<Double> scores = new ArrayList<>();
            for (String line : Files.readAllLines(stats)) {
                Matcher all = SSIM_ALL.matcher(line);
                assertThat(all.find()).as(line).isTrue();
                scores.add(Double.parseDouble(all.group(1)));
            }
            assertThat(scores).as("one score per tile: %s", output).hasSameSizeAs(tiles);
            return scores;
        } finally {
            Files.delete(stats);
        }
    }

    /** The sum of {@code terms} as a balanced tree: ffmpeg's expressions refuse a flat chain of 100. */
    private static String sum(List<String> terms) {
        if (terms.size() == 1) return terms.getFirst();
        int half = terms.size() / 2;
        return "(" + sum(terms.subList(0, half)) + "+" + sum(terms.subList(half, terms.size())) + ")";
    }

    private static HttpResponse<byte[]> get(String url) throws Exception {
        return Raw.HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        return items;
    }
}
