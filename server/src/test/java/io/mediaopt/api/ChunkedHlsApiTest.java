package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.ChunkedOutputs;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A queued video longer than the threshold has its HLS ladder encoded in chunks, every rung of a
 * chunk from one decode, then cut into segments by copying packets: each rung holds every frame
 * of the source for as long, its segments start on key frames at the times of a one-piece
 * ladder's (every 4 s), the same on every rung, and a player reads it through its playlists.
 * Its AV1 rungs are encoded in chunks too, cut on the segments' marks, and segmented alike.
 */
@Integration
class ChunkedHlsApiTest {
    private static final int FPS = 30;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern VARIANT = Pattern.compile("#EXT-X-STREAM-INF:[^\\n]*\\n(\\S+)");
    private static final Pattern SEGMENT = Pattern.compile("#EXTINF:([0-9.]+),\\n(\\S+)");

    // cut one segment in (4 s), then at the source's key frame at 9 s, between two of the ladder's
    // segment starts; one slot, so the chunks are encoded in order, each listed before the next is encoded
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            "SERVICE_VIDEO_CHUNK_THRESHOLD_SEC", "10", "SERVICE_VIDEO_CHUNK_SEC", "5", "SERVICE_WORKERS", "1"));

    @TempDir
    Path dir;

    @Test
    void aLongVideosLadderInChunksHoldsEveryFrameInSegmentsOnKeyFrames() throws Exception {
        // 12 s at 540p, a key frame every second: two rungs (360p, 540p), chunks of 4, 5 and 3 s
        Path clip = Fixtures.video("chunked-hls.mp4", "960x540", FPS, 12, true, "-c:v", "libx264", "-preset",
                "ultrafast", "-g", "30", "-keyint_min", "30", "-sc_threshold", "0", "-crf", "28", "-pix_fmt",
                "yuv420p", "-c:a", "aac");
        HttpResponse<String> submitted = Raw.send(RawMultipart.post(server.baseUrl(), "/media/jobs", List.of(
                Part.file("media", "chunked-hls.mp4", Files.readAllBytes(clip)), Part.text("preset", "web"),
                Part.text("renditions", "hls"))).build());
        assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
        String id = JSON.readTree(submitted.body()).path("jobId").asText();
        double sourceOffset = packetTimes(clip, "a:0").getFirst()
                - packetTimes(clip, "v:0").stream().min(Double::compare).orElseThrow();
        Map<String, String> early = new LinkedHashMap<>();
        Map<String, Set<String>> versions = new LinkedHashMap<>();
        Map<String, byte[]> earlySegments = new LinkedHashMap<>();
        JsonNode job = job(id);
        long giveUpAt = System.nanoTime() + 180_000_000_000L;
        while (job.path("status").asText().matches("pending|processing") && System.nanoTime() < giveUpAt) {
            HttpResponse<String> answer = get(rendition(id, "master.m3u8"));
            if (answer.statusCode() == 200 && job(id).path("status").asText().equals("processing")) {
                readEvents(id, answer.body(), early, versions, earlySegments);
            }
            Thread.sleep(100);
            job = job(id);
        }
        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("done");
        assertThat(job.path("playableAt").asLong()).as("the ladder was stored before the job ended").isPositive();
        // played early: once the first chunk was done, ending on the first segment's end, each rung
        // listed that segment; once the second was, 9 s in, the second segment, not the third, which
        // the third chunk ends; the ones listed then keep their bytes and their lines
        assertThat(early.keySet()).as("EVENT playlists seen while processing").containsExactly("360p.m3u8", "540p.m3u8");
        for (String listed : early.values()) {
            assertThat(listed).doesNotContain("#EXT-X-ENDLIST");
            assertThat(SEGMENT.matcher(listed).results().count()).isEqualTo(1);
        }
        for (Set<String> seen : versions.values()) {
            assertThat(seen).allSatisfy(listed -> assertThat(SEGMENT.matcher(listed).results().count()).isBetween(1L, 2L));
        }
        for (Map.Entry<String, byte[]> segment : earlySegments.entrySet()) {
            assertThat(bytes(rendition(id, segment.getKey()))).as(segment.getKey()).isEqualTo(segment.getValue());
        }

        String master = get(rendition(id, "master.m3u8")).body();
        List<String> variants = new ArrayList<>();
        Matcher variant = VARIANT.matcher(master);
        while (variant.find()) variants.add(variant.group(1));
        // the AV1 rungs, kept on this clip, in chunks of their own cut on the 4 s marks
        assertThat(variants).containsExactly("360p-av1.m3u8", "540p-av1.m3u8", "360p.m3u8", "540p.m3u8");
        List<List<Double>> lengths = new ArrayList<>();
        for (String name : variants) {
            String playlist = get(rendition(id, name)).body();
            assertThat(playlist).contains("#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-ENDLIST");
            boolean av1 = name.contains("-av1");
            for (String listed : versions.getOrDefault(name, Set.of())) {
                assertThat(playlist).startsWith(listed.replace("#EXT-X-PLAYLIST-TYPE:EVENT", "#EXT-X-PLAYLIST-TYPE:VOD"));
            }
            Files.writeString(dir.resolve(name), playlist, StandardCharsets.UTF_8);
            String init = name.replace(".m3u8", "_init.mp4");
            Files.write(dir.resolve(init), bytes(rendition(id, init)));
            Path joined = dir.resolve(name.replace(".m3u8", "-joined.mp4"));
            List<Double> segments = new ArrayList<>();
            List<Integer> starts = new ArrayList<>();
            try (OutputStream out = Files.newOutputStream(joined)) {
                out.write(Files.readAllBytes(dir.resolve(init)));
                Matcher segment = SEGMENT.matcher(playlist);
                while (segment.find()) {
                    byte[] media = bytes(rendition(id, segment.group(2)));
                    Files.write(dir.resolve(segment.group(2)), media);
                    out.write(media);
                    starts.add((int) Math.round(segments.stream().mapToDouble(Double::doubleValue).sum() * FPS));
                    segments.add(Double.parseDouble(segment.group(1)));
                }
            }
            lengths.add(segments);
            assertThat(segments).as(name).hasSize(3).allSatisfy(sec -> assertThat(sec).isCloseTo(4.0, within(0.01)));
            // every frame of the source once, as a one-piece ladder holds it, for as long
            assertThat(ChunkedOutputs.frames(joined)).as(name).isEqualTo(12 * FPS);
            assertThat(ChunkedOutputs.duration(joined, "v:0")).as(name).isCloseTo(12.0, within(1.0 / FPS));
            // (fragments leave the audio's stream duration at the first ones': its last packet's time instead)
            assertThat(lastAudioPacketSec(joined)).as(name).isCloseTo(12.0, within(0.1));
            // each segment starts on a key frame; the chunks' join has one too (H.264 at 9 s, AV1 on the mark at 4 s)
            assertThat(ChunkedOutputs.keyFrames(joined)).as(name).containsAll(starts).contains((av1 ? 4 : 9) * FPS);
            // the audio whole across the joins, where the source has it against the video
            List<Double> audio = packetTimes(joined, "a:0");
            for (int i = 1; i < audio.size(); i++) {
                assertThat(audio.get(i) - audio.get(i - 1)).as(name + " audio packet " + i).isCloseTo(1024 / 48_000.0,
                        within(1e-4));
            }
            assertThat(audio.getFirst() - packetTimes(joined, "v:0").stream().min(Double::compare).orElseThrow())
                    .as(name + ": the audio against the video").isCloseTo(sourceOffset, within(1.0 / FPS));
            assertThat(playedFrames(dir.resolve(name))).as("a player reads " + name).isEqualTo(12 * FPS);
        }
        assertThat(lengths).as("the rungs of both codecs cut their segments at the same times")
                .allSatisfy(rung -> assertThat(rung).isEqualTo(lengths.getFirst()));
    }

    /** Each variant's EVENT playlist as first seen and every one seen, and the bytes of the segments listed. */
    private static void readEvents(String id, String master, Map<String, String> early,
                                   Map<String, Set<String>> versions, Map<String, byte[]> segments) throws Exception {
        Matcher variants = VARIANT.matcher(master);
        while (variants.find()) {
            String playlist = get(rendition(id, variants.group(1))).body();
            if (!playlist.contains("#EXT-X-PLAYLIST-TYPE:EVENT")) continue;
            early.putIfAbsent(variants.group(1), playlist);
            versions.computeIfAbsent(variants.group(1), name -> new LinkedHashSet<>()).add(playlist);
            Matcher segment = SEGMENT.matcher(playlist);
            while (segment.find()) {
                if (!segments.containsKey(segment.group(2))) {
                    segments.put(segment.group(2), bytes(rendition(id, segment.group(2))));
                }
            }
        }
    }

    private static JsonNode job(String id) throws Exception {
        return JSON.readTree(get(server.baseUrl() + "/media/jobs/" + id).body());
    }

    private static double lastAudioPacketSec(Path file) throws Exception {
        return packetTimes(file, "a:0").stream().max(Double::compare).orElse(0.0);
    }

    /** The times of the packets of the stream {@code stream} of {@code file}, in file order. */
    private static List<Double> packetTimes(Path file, String stream) throws Exception {
        String times = run("ffprobe", "-v", "error", "-select_streams", stream, "-show_entries", "packet=pts_time", "-of",
                "csv=p=0", file.toString());
        return times.lines().map(line -> line.split(",")[0].strip()).filter(time -> !time.isEmpty())
                .map(Double::parseDouble).toList();
    }

    /** The video frames ffmpeg decodes through the media playlist, as a player reads it. */
    private static int playedFrames(Path playlist) throws Exception {
        String log = run("ffmpeg", "-nostdin", "-hide_banner", "-i", playlist.toString(), "-map", "0:v:0", "-f", "null",
                "-");
        Matcher frames = Pattern.compile("frame=\\s*(\\d+)").matcher(log);
        int last = -1;
        while (frames.find()) last = Integer.parseInt(frames.group(1));
        return last;
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0).as(log).isTrue();
        return log;
    }

    private static String rendition(String id, String name) {
        return server.baseUrl() + "/media/jobs/" + id + "/renditions/" + name;
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return Raw.send(HttpRequest.newBuilder(URI.create(url)).build());
    }

    private static byte[] bytes(String url) throws Exception {
        return Raw.bytesOf(url);
    }
}
