package io.mediaopt;

import io.mediaopt.client.Health;
import io.mediaopt.client.MediaoptClient;

import java.time.Duration;

/**
 * The health report of a server whose dependencies are all there, once it says so. Each check
 * has its bound (1.5 s; starting ffmpeg and ffprobe for their versions, or a first look at a
 * bucket, can take longer on a busy machine), so one report may say "degraded" for a server that
 * is fine; the next report asks again. A test that expects a healthy server asks through here; a
 * test of an outage waits for the 503 it expects instead.
 */
public final class Healthy {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private Healthy() {}

    /** The first report that is all "ok", or the last one asked when time is up, to assert on. */
    public static Health report(MediaoptClient client) throws Exception {
        return Eventually.await(PATIENCE, client::health, Health::ok);
    }
}
