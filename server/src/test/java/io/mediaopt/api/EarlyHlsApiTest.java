package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A video job with {@code renditions=hls} is playable while it is processing: its master playlist
 * answers, from the job's route and from the stable URL of the kept job, its variant playlists
 * grow as EVENT playlists, and once done they are the VOD playlists, naming the same segments
 * with the same bytes. Polled through the real server while the job runs.
 */
@Integration
class EarlyHlsApiTest {
    @RegisterExtension
    // the early ladder is what is checked: the main output after it is encoded at the preset's CRF
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1",
            "SERVICE_VIDEO_QUALITY", "fixed", "SERVICE_VIDEO_LADDER_AV1", "false"));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern VARIANT = Pattern.compile("#EXT-X-STREAM-INF:[^\\n]*\\n(\\S+)");
    private static final Pattern SEGMENT = Pattern.compile("#EXTINF:[0-9.]+,\\n(\\S+)");

    @Test
    void theLadderPlaysWhileTheJobRunsThenEndsAsTheVodLadderWithTheSameSegments() throws Exception {
        // 24 s at 540p: two variants (360p, 540p) of six segments each
        Path clip = Fixtures.video("early.mp4", "960x540", 25, 24, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "30", "-pix_fmt", "yuv420p", "-c:a", "aac");
        HttpResponse<String> submitted = Raw.send(RawMultipart.post(server.baseUrl(), "/media/jobs", List.of(
                Part.file("media", "early.mp4", Files.readAllBytes(clip)), Part.text("preset", "web"),
                Part.text("renditions", "hls"), Part.text("keep", "true"))).build());
        assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(202);
        String id = JSON.readTree(submitted.body()).path("jobId").asText();
        String master = server.baseUrl() + "/media/jobs/" + id + "/renditions/master.m3u8";

        Map<String, Set<String>> versions = new LinkedHashMap<>();
        Map<String, byte[]> segments = new LinkedHashMap<>();
        JsonNode playing = null;
        List<Integer> progressWhileGrowing = new ArrayList<>();
        JsonNode job = job(id);
        long giveUpAt = System.nanoTime() + 300_000_000_000L;
        while (job.path("status").asText().matches("pending|processing") && System.nanoTime() < giveUpAt) {
            HttpResponse<String> answer = get(master);
            job = job(id);
            if (answer.statusCode() != 200) {
                assertThat(answer.statusCode()).as(answer.body()).isEqualTo(409);
                assertThat(JSON.readTree(answer.body()).path("code").asText()).isEqualTo("not-ready");
            } else if (job.path("status").asText().equals("processing")) {
                if (playing == null) playing = playingJob(job, master);
                assertThat(answer.headers().firstValue("Cache-Control")).hasValue("no-store");
                // a variant still growing now was growing when the job was read: the ladder was encoding
                if (readVariants(id, answer.body(), versions, segments)) {
                    progressWhileGrowing.add(job.path("progress").asInt());
                }
            }
            Thread.sleep(100);
        }
        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("done");
        assertThat(playing).as("the master answered while the job was processing").isNotNull();
        assertThat(job.path("playableAt").asLong()).isEqualTo(playing.path("playableAt").asLong());
        assertThat(job.path("masterUrl").asText()).isEqualTo(playing.path("masterUrl").asText());
        // the job's progress moves while the ladder is encoded, within the ladder's 30 percent, forward only
        assertThat(progressWhileGrowing).isNotEmpty().isSorted().allMatch(p -> p > 0 && p <= 30);
        assertThat(job.path("progress").asInt()).isEqualTo(100);

        String done = get(master).body();
        assertThat(versions.keySet()).containsExactly("360p.m3u8", "540p.m3u8");
        for (Map.Entry<String, Set<String>> variant : versions.entrySet()) {
            String vod = get(server.baseUrl() + "/media/jobs/" + id + "/renditions/" + variant.getKey()).body();
            assertThat(done).contains(variant.getKey());
            assertThat(vod).contains("#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-ENDLIST").doesNotContain("EVENT");
            List<String> listed = names(vod);
            Set<Integer> growth = new LinkedHashSet<>();
            for (String seen : variant.getValue()) {
                // once the ladder is encoded, while the rest of the job runs, it is the VOD playlist already
                if (!seen.contains("#EXT-X-PLAYLIST-TYPE:EVENT")) {
                    assertThat(seen).isEqualTo(vod);
                    continue;
                }
                if (!seen.contains("#EXT-X-ENDLIST")) growth.add(names(seen).size());
                // what a playlist listed stays listed, in the same order, to the end
                assertThat(listed).startsWith(names(seen).toArray(String[]::new));
                // and the text as it stood is the start of the VOD playlist's, but for the type
                assertThat(vod).startsWith(seen.replace("#EXT-X-PLAYLIST-TYPE:EVENT", "#EXT-X-PLAYLIST-TYPE:VOD")
                        .replace("#EXT-X-ENDLIST\n", ""));
            }
            assertThat(growth).as("EVENT playlists of growing lengths, without an end").hasSizeGreaterThanOrEqualTo(2);
        }
        // a segment fetched while the job ran has the bytes it has once the job is done
        assertThat(segments).hasSizeGreaterThan(2);
        for (Map.Entry<String, byte[]> segment : segments.entrySet()) {
            assertThat(bytes(server.baseUrl() + "/media/jobs/" + id + "/renditions/" + segment.getKey()))
                    .as(segment.getKey()).isEqualTo(segment.getValue());
        }
        JsonNode masterRendition = null;
        for (JsonNode r : job.path("result").path("renditions")) {
            if (r.path("role").asText().equals("hls-master")) masterRendition = r;
        }
        assertThat(masterRendition).isNotNull();
        assertThat(masterRendition.path("url").asText()).isEqualTo(job.path("masterUrl").asText());
        HttpResponse<String> stable = get(job.path("masterUrl").asText());
        assertThat(stable.statusCode()).isEqualTo(200);
        assertThat(stable.headers().firstValue("Cache-Control").orElseThrow()).endsWith("immutable");
    }

    /** The job when its master first answered while it was processing: playable, with the stable master URL. */
    private static JsonNode playingJob(JsonNode job, String master) throws Exception {
        assertThat(job.path("playableAt").asLong()).isBetween(job.path("createdAt").asLong(), System.currentTimeMillis());
        String stableMaster = job.path("masterUrl").asText();
        assertThat(stableMaster).isNotEqualTo(master).contains("/media/" + job.path("jobId").asText() + "/master.m3u8");
        HttpResponse<String> stable = get(stableMaster);
        assertThat(stable.statusCode()).as(stable.body()).isEqualTo(200);
        assertThat(stable.headers().firstValue("Cache-Control")).hasValue("no-cache");
        assertThat(stable.body()).startsWith("#EXTM3U").contains("360p.m3u8", "540p.m3u8");
        return job;
    }

    /**
     * Every variant the master names: its playlist as it is now, and the bytes of each segment it
     * lists first seen; whether one of them is still growing (EVENT, not ended).
     */
    private static boolean readVariants(String id, String master, Map<String, Set<String>> versions,
                                        Map<String, byte[]> segments) throws Exception {
        Matcher variants = VARIANT.matcher(master);
        boolean growing = false;
        while (variants.find()) {
            String name = variants.group(1);
            HttpResponse<String> playlist = get(server.baseUrl() + "/media/jobs/" + id + "/renditions/" + name);
            assertThat(playlist.statusCode()).as(playlist.body()).isEqualTo(200);
            versions.computeIfAbsent(name, n -> new LinkedHashSet<>()).add(playlist.body());
            growing |= playlist.body().contains("#EXT-X-PLAYLIST-TYPE:EVENT") && !playlist.body().contains("#EXT-X-ENDLIST");
            for (String segment : names(playlist.body())) {
                if (!segments.containsKey(segment)) {
                    segments.put(segment, bytes(server.baseUrl() + "/media/jobs/" + id + "/renditions/" + segment));
                }
            }
        }
        return growing;
    }

    private static List<String> names(String playlist) {
        List<String> names = new ArrayList<>();
        Matcher segments = SEGMENT.matcher(playlist);
        while (segments.find()) names.add(segments.group(1));
        return names;
    }

    private static JsonNode job(String id) throws Exception {
        return JSON.readTree(get(server.baseUrl() + "/media/jobs/" + id).body());
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return Raw.send(HttpRequest.newBuilder(URI.create(url)).build());
    }

    private static byte[] bytes(String url) throws Exception {
        return Raw.bytesOf(url);
    }
}
