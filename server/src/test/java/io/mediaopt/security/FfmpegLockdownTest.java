package io.mediaopt.security;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.Optimization;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Presets;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.security.Refusals.Stage;
import io.mediaopt.video.ProcessRunner;
import io.mediaopt.video.VideoOptimizer;
import io.mediaopt.video.VideoTools;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Files that name other files or URLs for ffmpeg to open. Each points at a local secret and at
 * an http listener on 127.0.0.1; whatever the service answers, the secret never shows in an
 * output and the listener is never contacted.
 */
@Integration
class FfmpegLockdownTest {
    private static final String SECRET = "root:x:0:0:mediaopt-secret-line";

    @TempDir
    static Path dir;
    @RegisterExtension
    static final RunningServer server = RunningServer.withDefaults();
    static Path secret;
    ContactTrap trap;

    @BeforeAll
    static void start() throws Exception {
        secret = Files.writeString(dir.resolve("secret.txt"), SECRET + "\n");
    }

    @BeforeEach
    void openTrap() throws Exception {
        trap = new ContactTrap();
    }

    @AfterEach
    void nothingWasFetched() throws Exception {
        trap.close();
        assertThat(trap.contacts()).as("connections to the listener").isZero();
    }

    @Test
    void anHlsPlaylistIsRefusedWithoutFetchingWhatItNames() throws Exception {
        byte[] m3u8 = HostileVideos.playlist(List.of("file://" + secret, trap.url("segment.ts"), "/etc/passwd"))
                .getBytes(StandardCharsets.UTF_8);
        Refusals.assertRefused(server, "playlist.m3u8", m3u8, 415, "unsupported-type", Stage.AT_SUBMISSION);
    }

    @Test
    void aConcatListIsRefusedWithoutOpeningWhatItNames() throws Exception {
        byte[] list = HostileVideos.concatList(List.of(secret.toString(), trap.url("clip.mp4"), "/etc/passwd"))
                .getBytes(StandardCharsets.UTF_8);
        Refusals.assertRefused(server, "list.ffconcat", list, 415, "unsupported-type", Stage.AT_SUBMISSION);
    }

    @Test
    void anAviCarryingAPlaylistIsEncodedFromItsOwnFramesOnly() throws Exception {
        byte[] avi = HostileVideos.aviCarrying(playlistOfSecrets(), HostileVideos.jpegFrames(dir, 160, 120, 20), 160, 120);

        Optimization sync = server.client().optimize("trick.avi", avi, "web");
        assertCleanVideo(sync.content(), 160, 120);

        Job job = server.client().waitForJob(server.client().submitJob("trick.avi", avi, "web").jobId(), Duration.ofMinutes(2));
        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        Path downloaded = dir.resolve("trick-download.mp4");
        server.client().download(job.jobId(), downloaded);
        assertCleanVideo(Files.readAllBytes(downloaded), 160, 120);
    }

    @Test
    void anAviThatIsOnlyAPlaylistIsRefused() throws Exception {
        byte[] avi = HostileVideos.aviCarrying(playlistOfSecrets(), List.of(), 0, 0);
        // an AVI by its bytes, so only ffprobe finds that it has no video stream
        Refusals.assertRefused(server, "only-playlist.avi", avi, 415, "unsupported-type", Stage.IN_THE_JOB);
    }

    @Test
    void anMp4WhoseTrackLivesInAnotherFileNeverReadsThatFile() throws Exception {
        // the referenced file is an all-red video; the referencing one holds no picture of its own
        Path red = dir.resolve("referenced.mp4");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "color=red:s=320x240:r=25:d=2", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", red.toString());
        Path referencing = HostileVideos.write(dir, "referencing.mp4",
                HostileVideos.referencingItsSamples(Files.readAllBytes(red), red.toString()));
        assertThat(frameOf(referencing, "-enable_drefs", "1", "-use_absolute_path", "1"))
                .as("control: an ffmpeg told to follow the reference decodes the red file")
                .isEqualTo("red");

        byte[] upload = Files.readAllBytes(referencing);
        assertThat(RawRequests.post(server.baseUrl(), "/media/optimize",
                List.of(Part.file("media", "ref.mp4", upload))).statusCode()).isEqualTo(422);
        var submitted = RawRequests.post(server.baseUrl(), "/media/jobs", List.of(Part.file("media", "ref.mp4", upload)));
        Job job = server.client().waitForJob(RawRequests.json(submitted).path("jobId").asText(), Duration.ofMinutes(2));
        assertThat(job.status()).isEqualTo(JobStatus.FAILED);
        assertThat(job.error().code()).isIn("encode-failed", "unreadable-media");
    }

    @Test
    void onlyTheFirstVideoAndAudioStreamsAndNoMetadataComeOut() throws Exception {
        Path busy = dir.resolve("busy.mkv");
        Path subtitles = Files.writeString(dir.resolve("subs.srt"), "1\n00:00:00,000 --> 00:00:01,000\nSECRET-SUB\n");
        Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=2", "-f", "lavfi", "-i", "color=blue:s=320x240:r=25:d=2",
                "-f", "lavfi", "-i", "sine=f=440:d=2", "-f", "lavfi", "-i", "sine=f=880:d=2", "-i", subtitles.toString(),
                "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-map", "4",
                "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "libvorbis", "-c:s", "srt",
                "-metadata", "title=SECRET-TITLE", "-metadata", "location=+48.8584+002.2945/",
                "-metadata:s:v:0", "handler_name=SECRET-HANDLER", busy.toString());

        Optimization sync = server.client().optimize("busy.mkv", Files.readAllBytes(busy), "web");
        Path out = HostileVideos.write(dir, "busy-out.mp4", sync.content());
        JsonNode probe = MediaProbe.of(out);
        assertThat(probe.path("streams")).extracting(s -> s.path("codec_type").asText())
                .containsExactly("video", "audio");
        assertThat(probe.toString()).doesNotContain("SECRET", "48.8584");
    }

    @Test
    void theLockedDownToolsRefusePlaylistsEvenWhenTheSnifferIsBypassed() throws Exception {
        Path m3u8 = Files.writeString(dir.resolve("direct.m3u8"), HostileVideos.playlist(List.of(trap.url("seg.ts"))));
        Path list = Files.writeString(dir.resolve("direct.ffconcat"), HostileVideos.concatList(List.of(secret.toString())));
        try (ProcessRunner runner = new ProcessRunner()) {
            VideoOptimizer optimizer = new VideoOptimizer(new VideoTools("ffmpeg", "ffprobe", runner), limits(), 1);
            MediaFormat claimed = MediaFormat.MP4;
            for (Path file : List.of(m3u8, list)) {
                Path work = Files.createDirectories(dir.resolve("work-" + file.getFileName()));
                MediaException e = catchThrowableOfType(MediaException.class, () ->
                        optimizer.optimize(file, claimed, Presets.standard().find("web").orElseThrow(), work));
                assertThat(e).as(file.toString()).isNotNull();
                assertThat(e.code()).isEqualTo("unreadable-media");
            }
        }
        try (ContactTrap control = new ContactTrap()) {
            Path open = Files.writeString(dir.resolve("control.m3u8"), HostileVideos.playlist(List.of(control.url("seg.ts"))));
            MediaProbe.run("ffprobe", "-v", "error", "-protocol_whitelist", "file,http,tcp", open.toString());
            assertThat(control.contacts()).as("control: an ffprobe allowed http does fetch").isPositive();
        }
    }

    private byte[] playlistOfSecrets() {
        return HostileVideos.playlist(List.of("file://" + secret, trap.url("segment.ts"), "/etc/passwd"))
                .getBytes(StandardCharsets.UTF_8);
    }

    private static void assertCleanVideo(byte[] output, int width, int height) throws Exception {
        assertThat(new String(output, StandardCharsets.ISO_8859_1)).doesNotContain("root:x:0:0");
        JsonNode probe = MediaProbe.of(HostileVideos.write(dir, "clean-check.mp4", output));
        assertThat(probe.path("streams")).hasSize(1);
        JsonNode video = probe.path("streams").get(0);
        assertThat(video.path("codec_type").asText()).isEqualTo("video");
        assertThat(video.path("width").asInt()).isEqualTo(width);
        assertThat(video.path("height").asInt()).isEqualTo(height);
    }

    /** "red" when the first decoded frame is (almost) all pure red, else "other". */
    private static String frameOf(Path video, String... inputOptions) throws Exception {
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-v", "error"));
        command.addAll(List.of(inputOptions));
        command.addAll(List.of("-i", video.toString(), "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"));
        byte[] rgb = MediaProbe.run(command.toArray(String[]::new));
        int red = 0;
        for (int i = 0; i + 2 < rgb.length; i += 3) {
            if ((rgb[i] & 0xFF) > 200 && (rgb[i + 1] & 0xFF) < 60 && (rgb[i + 2] & 0xFF) < 60) red++;
        }
        return rgb.length > 0 && red >= rgb.length / 3 * 9 / 10 ? "red" : "other";
    }

    private static Limits limits() {
        return new Limits(125829120L, 100_000_000L, 1000, 1800,
                Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(60));
    }
}
