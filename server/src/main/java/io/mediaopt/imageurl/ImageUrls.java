package io.mediaopt.imageurl;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;
import io.mediaopt.Feature;
import io.mediaopt.Routes;
import io.mediaopt.http.CommonHeaders;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.media.Limits;
import io.mediaopt.media.Presets;
import io.mediaopt.metrics.ServiceMetrics;
import io.mediaopt.storage.Storage;
import io.mediaopt.webhooks.CallbackUrls;
import io.mediaopt.webhooks.CheckedHttpClient;
import org.eclipse.jetty.client.HttpClient;

import javax.sql.DataSource;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Images by URL, put together: the route, the HTTP client its sources are fetched with, and the
 * sweep of the least recently used variants.
 */
public final class ImageUrls implements Feature, AutoCloseable {
    private static final String PATHS = "/img/*";

    private final HttpClient client;
    private final ImageUrlHandler handler;
    private final VariantUses uses;
    private final VariantStore variants;
    private final Function<CommonHeaders, StoredHits> hits;

    private ImageUrls(HttpClient client, ImageUrlHandler handler, VariantUses uses, VariantStore variants,
                      Function<CommonHeaders, StoredHits> hits) {
        this.client = client;
        this.handler = handler;
        this.uses = uses;
        this.variants = variants;
        this.hits = hits;
    }

    /** The feature as configured; empty when SERVICE_IMAGE_URL_KEYS is unset and unsigned URLs are off. */
    public static Optional<ImageUrls> start(ImageUrlSettings settings, ImageUrlLimits bounds, DataSource database,
                                            Storage storage, Vips vips, Presets presets,
                                            Limits limits, ObjectMapper json, Path workRoot, Clock clock,
                                            Optional<ImageSources.JobOutputs> jobs,
                                            Function<Context, Optional<String>> keyName, ServiceMetrics metrics) {
        if (!settings.enabled()) return Optional.empty();
        return Optional.of(start(settings, bounds, database, storage, vips, presets, limits, json, workRoot, clock,
                CallbackUrls.NameLookup.SYSTEM, jobs, keyName, metrics));
    }

    /** As {@link #start}, resolving host names with {@code lookup} (tests name hosts that resolve inside). */
    public static ImageUrls start(ImageUrlSettings settings, ImageUrlLimits bounds, DataSource database,
                                  Storage storage, Vips vips, Presets presets, Limits limits,
                                  ObjectMapper json, Path workRoot, Clock clock, CallbackUrls.NameLookup lookup,
                                  Optional<ImageSources.JobOutputs> jobs, Function<Context, Optional<String>> keyName,
                                  ServiceMetrics metrics) {
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
        VariantStore variants = new VariantStore(storage, json, new RenderClaims(database, clock));
        VariantUses uses = new VariantUses(database, variants, bounds.cacheBytes(), clock);
        FormatQualities qualities = new FormatQualities(presets);
        Optional<TokenBuckets> rates = bounds.rate().map(r -> new TokenBuckets(r.perSecond(), r.burst(), clock));
        ImageUrlHandler handler = new ImageUrlHandler(settings, sources, variants,
                new Renderer(vips, limits.maxInputPixels()), qualities, new HashSet<>(presets.names()),
                workRoot, clock, rates, new RenderSlots(bounds.rendersPerHost()), uses, keyName, metrics);
        return new ImageUrls(client, handler, uses, variants, common -> new StoredHits(settings, sources, variants,
                qualities, new HashSet<>(presets.names()), clock, rates, uses, metrics, common));
    }

    /**
     * Evicts the least recently used variants past SERVICE_IMAGE_URL_CACHE_BYTES, and the render
     * claims of nodes that stopped; returns how many variants.
     */
    public int evictLeastRecentlyUsed() {
        variants.purgeExpiredClaims();
        return uses.evict();
    }

    @Override
    public void routes(Routes routes) {
        routes.get(PATHS, handler::handle);
    }

    @Override
    public List<Chore> chores() {
        return List.of(new Chore("image-url-eviction", this::evictLeastRecentlyUsed));
    }

    /** The Jetty handler that answers hits ahead of the routes, adding {@code common} to its answers. */
    public StoredHits storedHits(CommonHeaders common) {
        return hits.apply(common);
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
