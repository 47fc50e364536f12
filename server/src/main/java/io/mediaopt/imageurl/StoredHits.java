package io.mediaopt.imageurl;

import io.mediaopt.http.CommonHeaders;
import io.mediaopt.http.ImmutableCaching;
import io.mediaopt.metrics.ServiceMetrics;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * Image URL hits answered in Jetty, ahead of the routes' servlet: a {@code GET /img/...} without
 * a range, whose signature passes, whose source's facts and variant's figures this node remembers,
 * kept in a local directory, from a client its rate allows. Its answer is the route's, header for
 * header, without the servlet request, the before-handlers and the routing that took most of a
 * hit's time. Anything else (an API key presented while rates are on, a refusal, a miss, a
 * source due for revalidation, a bucket in S3, a variant evicted) goes on to the route unchanged;
 * no error is answered here.
 */
public final class StoredHits extends Handler.Wrapper {
    /** The route label of the answers, as the route's own requests are counted. */
    private static final String ROUTE = "/img/*";
    /** The pieces a variant's file is read and sent in. */
    private static final int READ_BYTES = 64 * 1024;
    /** Browsers send some 100 characters of {@code Accept} for an image. */
    private static final int LONGEST_KEPT_ACCEPT = 256;

    private final ImageUrlSettings settings;
    private final UrlSignatures signatures;
    private final ImageSources sources;
    private final VariantStore variants;
    private final FormatQualities qualities;
    private final Set<String> presets;
    private final Clock clock;
    private final Optional<TokenBuckets> rates;
    private final VariantUses uses;
    private final ServiceMetrics metrics;
    private final CommonHeaders common;
    /**
     * The URLs whose signature passed, by their exact path, and the variants they named for an
     * {@code Accept} and a source version: a signature and a key are two HMACs and a digest, the
     * most of a hit's own work. The keys are fixed while the server runs, so a path once verified
     * stays verified; only signed paths are kept, {@link VariantStore#REMEMBERED} at most.
     */
    private final ConcurrentMap<String, ProcessingUrl> verified = new ConcurrentHashMap<>();
    private final ConcurrentMap<Naming, Variant> named = new ConcurrentHashMap<>();

    StoredHits(ImageUrlSettings settings, ImageSources sources, VariantStore variants, FormatQualities qualities,
               Set<String> presets, Clock clock, Optional<TokenBuckets> rates, VariantUses uses,
               ServiceMetrics metrics, CommonHeaders common) {
        this.settings = settings;
        this.signatures = new UrlSignatures(settings.keys(), settings.unsigned());
        this.sources = sources;
        this.variants = variants;
        this.qualities = qualities;
        this.presets = Set.copyOf(presets);
        this.clock = clock;
        this.rates = rates;
        this.uses = uses;
        this.metrics = metrics;
        this.common = common;
    }

    /** What names a variant: the URL's path, the client's {@code Accept} and the source's version. */
    private record Naming(String path, String accept, String version) {}

    /** A remembered variant a request names, with its open file. */
    private record Hit(Variant variant, VariantStore.Figures figures, FileChannel file, long size) {}

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        long start = System.nanoTime();
        Hit hit = find(request);
        if (hit == null) return super.handle(request, response, callback);
        Variant variant = hit.variant();
        boolean notModified = ImmutableCaching.matches(request.getHeaders().get(HttpHeader.IF_NONE_MATCH),
                variant.etag());
        if (!notModified) {
            try {
                uses.used(variant.key(), hit.figures().bytes());
            } catch (RuntimeException e) {
                // the database out of reach: the route answers that, with its error
                hit.file().close();
                return super.handle(request, response, callback);
            }
        }
        HttpFields.Mutable headers = response.getHeaders();
        variant.cachingHeaders(headers::put, settings.cacheSeconds());
        if (notModified) {
            hit.file().close();
            common.addTo(request, headers);
            response.setStatus(304);
            response.write(true, null, Callback.from(callback, () -> answered(request, 304, start)));
            return true;
        }
        metrics.imageUrlHit();
        variant.contentHeaders(headers::put, hit.figures(), hit.size(), true);
        headers.put(HttpHeader.CONTENT_LENGTH, hit.size());
        common.addTo(request, headers);
        response.setStatus(200);
        ByteBufferPool.Sized buffers = new ByteBufferPool.Sized(request.getComponents().getByteBufferPool(), true,
                (int) Math.min(Math.max(hit.size(), 1), READ_BYTES));
        // the source closes the file once it is read to the end or fails
        Content.copy(Content.Source.from(buffers, hit.file()), response,
                Callback.from(callback, () -> answered(request, 200, start)));
        return true;
    }

    private void answered(Request request, int status, long start) {
        metrics.imageUrlEarlyHit();
        metrics.httpRequest(request.getMethod(), ROUTE, status, Duration.ofNanos(System.nanoTime() - start));
    }

    /** The hit the request names, its file open, its client's token taken; null for anything else. */
    private Hit find(Request request) {
        if (!HttpMethod.GET.is(request.getMethod())) return null;
        String path = request.getHttpURI().getPath();
        if (path == null || !path.startsWith(ImageUrlHandler.PATH_PREFIX)) return null;
        HttpFields fields = request.getHeaders();
        if (fields.contains(HttpHeader.RANGE)) return null;
        // the bucket of a presented key is the key's: its check is the route's
        if (rates.isPresent() && (fields.contains("x-api-key") || fields.contains(HttpHeader.AUTHORIZATION))) {
            return null;
        }
        Variant variant;
        try {
            ProcessingUrl url = verified(path);
            if (url.info()) return null;
            SourceFacts facts = variants.knownFacts(url.source()).orElse(null);
            if (facts == null || facts.blurhash() == null
                    || clock.millis() - facts.fetchedAtMillis() >= settings.sourceTtl().toMillis()) {
                return null;
            }
            String accept = fields.get(HttpHeader.ACCEPT);
            // an unusually long Accept is not kept: what is remembered stays small whatever clients send
            variant = accept != null && accept.length() > LONGEST_KEPT_ACCEPT
                    ? Variant.of(url.options(), facts, accept, qualities)
                    : remember(named, new Naming(path, accept == null ? "" : accept, facts.version()),
                            n -> Variant.of(url.options(), facts, accept, qualities));
        } catch (RuntimeException e) {
            return null; // refused, or unusual: the route answers it
        }
        VariantStore.Figures figures = variants.knownFigures(variant.key()).orElse(null);
        Path file = figures == null ? null : variants.storage().localFile(variant.key()).orElse(null);
        if (file == null) return null;
        FileChannel channel;
        long size;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            return null; // evicted: the route renders it again
        }
        try {
            size = channel.size();
        } catch (IOException e) {
            closeQuietly(channel);
            return null;
        }
        if (rates.isPresent() && rates.get().take(TokenBuckets.addressClient(Request.getRemoteAddr(request))) > 0) {
            closeQuietly(channel);
            return null; // the route answers 429 with the seconds to wait
        }
        return new Hit(variant, figures, channel, size);
    }

    /** The path's URL, parsed, its signature and source checked as the route checks them; throws as the route would. */
    private ProcessingUrl verified(String path) {
        return remember(verified, path, p -> {
            ProcessingUrl url = ProcessingUrl.parse(p.substring(ImageUrlHandler.PATH_PREFIX.length()), presets,
                    settings.presetsOnly());
            signatures.check(url);
            sources.checkAllowed(url.source());
            return url;
        });
    }

    private static <K, V> V remember(ConcurrentMap<K, V> known, K key, Function<K, V> make) {
        V value = known.get(key);
        if (value != null) return value;
        value = make.apply(key);
        if (known.size() >= VariantStore.REMEMBERED) known.clear();
        known.put(key, value);
        return value;
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was read from it
        }
    }
}
