package io.mediaopt.imageurl;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.media.Limits;
import io.mediaopt.media.Presets;
import io.mediaopt.storage.Storage;
import io.mediaopt.webhooks.CallbackUrls;
import io.mediaopt.webhooks.CheckedHttpClient;
import org.eclipse.jetty.client.HttpClient;

import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.Optional;

/** Images by URL, put together: the route's handler and the HTTP client its sources are fetched with. */
public final class ImageUrls implements AutoCloseable {
    private final HttpClient client;
    private final ImageUrlHandler handler;

    private ImageUrls(HttpClient client, ImageUrlHandler handler) {
        this.client = client;
        this.handler = handler;
    }

    /** The feature as configured; empty when SERVICE_IMAGE_URL_KEYS is unset and unsigned URLs are off. */
    public static Optional<ImageUrls> start(ImageUrlSettings settings, Storage storage, Vips vips, Presets presets,
                                            Limits limits, ObjectMapper json, Path workRoot, Clock clock,
                                            Optional<ImageSources.JobOutputs> jobs) {
        if (!settings.enabled()) return Optional.empty();
        return Optional.of(start(settings, storage, vips, presets, limits, json, workRoot, clock,
                CallbackUrls.NameLookup.SYSTEM, jobs));
    }

    /** As {@link #start}, resolving host names with {@code lookup} (tests name hosts that resolve inside). */
    public static ImageUrls start(ImageUrlSettings settings, Storage storage, Vips vips, Presets presets, Limits limits,
                                  ObjectMapper json, Path workRoot, Clock clock, CallbackUrls.NameLookup lookup,
                                  Optional<ImageSources.JobOutputs> jobs) {
        CallbackUrls urls = new CallbackUrls(true, settings.allowPrivate(), lookup);
        HttpClient client = CheckedHttpClient.create(settings.fetchTimeout(), urls, null);
        try {
            client.start();
        } catch (Exception e) {
            throw new IllegalStateException("the image sources' HTTP client did not start", e);
        }
        HttpSource http = new HttpSource(new SourceHosts(settings.sources()), urls, client, limits.maxInputBytes(),
                settings.fetchTimeout());
        ImageSources sources = new ImageSources(http, storage, vips, limits.maxInputBytes(), limits.maxInputPixels(),
                clock, jobs);
        ImageUrlHandler handler = new ImageUrlHandler(settings, sources, new VariantStore(storage, json),
                new Renderer(vips, limits.maxInputPixels()), new FormatQualities(presets), new HashSet<>(presets.names()), workRoot, clock);
        return new ImageUrls(client, handler);
    }

    public ImageUrlHandler handler() {
        return handler;
    }

    @Override
    public void close() {
        try {
            client.stop();
        } catch (Exception e) {
            throw new IllegalStateException("the image sources' HTTP client did not stop", e);
        }
    }
}
