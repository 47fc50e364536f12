package io.mediaopt.api;

import io.mediaopt.ChunkedOutputs;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.OptimizeOptions;
import io.mediaopt.client.Optimization;
import io.mediaopt.client.OutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A queued video longer than the threshold is encoded in chunks cut at the source's key frames
 * and joined; a synchronous request of the same file is encoded in one piece (its input lives
 * only for the request), which is what the chunks must match: from an H.264 source and from an
 * AV1 one, to H.264 and to AV1.
 */
@Integration
class ChunkedVideoApiTest {
    private static final int FPS = 30;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            "SERVICE_VIDEO_CHUNK_THRESHOLD_SEC", "10", "SERVICE_VIDEO_CHUNK_SEC", "4",
            "SERVICE_VIDEO_QUALITY", "fixed", "SERVICE_WORKERS", "2"));

    @TempDir
    Path dir;

    @Test
    void aLongVideoInChunksMatchesItsOnePieceEncode() throws Exception {
        Job job = encodeBothWays(h264Source(), OptimizeOptions.DEFAULT);
        assertThat(job.result().strategy()).isEqualTo("video-mp4-h264");
        assertThat(ChunkedOutputs.keyFrames(chunked())).as("each chunk starts with a key frame").contains(0, 120, 240);
        assertThat(ChunkedOutputs.keyFrames(onePiece())).as("the one-piece encode has no cut there").doesNotContain(120);
        assertThat(ChunkedOutputs.frames(chunked())).isEqualTo(12 * FPS);
        ChunkedOutputs.assertMatches(chunked(), onePiece(), h264Source(), FPS);
        assertThat(job.result().outputDurationSec()).isCloseTo(12.0, within(1.0 / FPS));
    }

    @Test
    void anAv1SourceInWebmIsCutAtItsOwnKeyFrames() throws Exception {
        // WebM stores times to the millisecond: at 30 fps the frames are 33 and 34 ms apart
        Path source = Fixtures.video("chunked-av1.webm", "320x180", FPS, 12, true, "-c:v", "libsvtav1", "-preset", "12",
                "-g", "60", "-crf", "30", "-pix_fmt", "yuv420p", "-c:a", "libopus");
        Job job = encodeBothWays(source, OptimizeOptions.DEFAULT);
        assertThat(job.result().strategy()).isEqualTo("video-mp4-h264");
        assertThat(ChunkedOutputs.keyFrames(chunked())).as("each chunk starts with a key frame").contains(0, 120, 240);
        assertThat(ChunkedOutputs.keyFrames(onePiece())).as("the one-piece encode has no cut there").doesNotContain(120);
        ChunkedOutputs.assertMatches(chunked(), onePiece(), source, FPS);
    }

    @Test
    void anAv1OutputInChunksMatchesItsOnePieceEncode() throws Exception {
        Job job = encodeBothWays(h264Source(), OptimizeOptions.DEFAULT.withFormat(OutputFormat.AV1));
        assertThat(job.result().strategy()).isEqualTo("video-mp4-av1");
        assertThat(ChunkedOutputs.keyFrames(chunked())).as("each chunk starts with a key frame").contains(0, 120, 240);
        assertThat(ChunkedOutputs.keyFrames(onePiece())).as("the one-piece encode has no cut there").doesNotContain(120);
        ChunkedOutputs.assertMatches(chunked(), onePiece(), h264Source(), FPS);
    }

    /**
     * A key frame every 2 s: cuts every 4 s at frames 120 and 240; B-frames reordered across them.
     * As small as the AV1 source: the cuts, frames, timing, SSIM and bytes compared do not need more.
     */
    private static Path h264Source() {
        return Fixtures.video("chunked.mp4", "320x180", FPS, 12, true, "-c:v", "libx264", "-preset", "veryfast",
                "-g", "60", "-keyint_min", "60", "-sc_threshold", "0", "-crf", "16", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-b:a", "192k");
    }

    /** The source as a job, in chunks ({@link #chunked}), and synchronously, in one piece ({@link #onePiece}). */
    private Job encodeBothWays(Path source, OptimizeOptions options) throws Exception {
        MediaoptClient client = server.client();
        Job job = client.waitForJob(client.submitJob(source, "web", options).jobId(), Duration.ofMinutes(3));
        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        client.download(job.jobId(), chunked());
        Optimization sync = client.optimize(source, "web", options);
        assertThat(sync.result().strategy()).isEqualTo(job.result().strategy());
        Files.write(onePiece(), sync.content());
        return job;
    }

    private Path chunked() {
        return dir.resolve("chunked.mp4");
    }

    private Path onePiece() {
        return dir.resolve("one-piece.mp4");
    }
}
