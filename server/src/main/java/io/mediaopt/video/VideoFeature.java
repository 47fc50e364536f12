package io.mediaopt.video;

import io.mediaopt.CachedCheck;
import io.mediaopt.Feature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

/** ffmpeg and ffprobe as the health report shows them: their versions, asked at most every ten seconds. */
public final class VideoFeature implements Feature {
    private static final Logger log = LoggerFactory.getLogger(VideoFeature.class);
    private static final Duration TOOL_CHECK_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration TOOL_CHECK_FRESH_FOR = Duration.ofSeconds(10);

    private final CachedCheck<ToolVersions> versions;

    private VideoFeature(CachedCheck<ToolVersions> versions) {
        this.versions = versions;
    }

    /**
     * The feature, its tools asked for their versions at once: a cold start of ffmpeg and ffprobe
     * on a busy machine can outlast the health report's timeout, so the first report should find
     * their versions already asked while the rest of the service is being built.
     */
    public static VideoFeature askingNow(VideoTools tools) {
        CachedCheck<ToolVersions> versions = new CachedCheck<>(TOOL_CHECK_FRESH_FOR,
                () -> tools.versions(TOOL_CHECK_TIMEOUT));
        Thread.ofVirtual().name("tool-versions").start(() -> {
            try {
                versions.call();
            } catch (Exception e) {
                log.debug("ffmpeg or ffprobe did not answer at start; the health report says so", e);
            }
        });
        return new VideoFeature(versions);
    }

    @Override
    public List<HealthCheck> checks() {
        return List.of(new HealthCheck("ffmpeg", () -> versions.call().ffmpeg()),
                new HealthCheck("ffprobe", () -> versions.call().ffprobe()));
    }
}
