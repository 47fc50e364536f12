package io.mediaopt.imageurl;

import io.mediaopt.http.CommonHeaders;
import io.mediaopt.http.ImmutableCaching;
import io.mediaopt.metrics.ServiceMetrics;
import io.micrometer.core.instrument.Timer;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.IO;
import org.eclipse.jetty.util.thread.Invocable;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Image URL hits answered in Jetty, ahead of the routes' servlet: a {@code GET /img/...} without
 * a range, whose signature passes, whose source's facts and variant's figures this node remembers,
 * kept in a local directory, from a client its rate allows. Its answer is the route's, header for
 * header, without the servlet request, the before-handlers and the routing. A small variant's
 * bytes and headers are kept in memory ({@link KeptVariants}) and answered on the thread that
 * read the request; the rest (a file to read, a row to write, anything for the routes) goes on
 * to another thread. Anything else (an API key presented while rates are on, a refusal, a miss,
 * a source due for revalidation, a bucket in S3, a variant evicted) goes on to the route
 * unchanged; no error is answered here.
 */
public final class StoredHits extends Handler.Wrapper {
    /** The route label of the answers, as the route's own requests are counted. */
    private static final String ROUTE = "/img/*";
    /** The pieces a variant's file is read and sent in. */
    private static final int READ_BYTES = 64 * 1024;
    /** Browsers send some 100 characters of {@code Accept} for an image. */
    private static final int LONGEST_KEPT_ACCEPT = 256;
    /** How many requests the (virtual) thread that reads them handles before it lets the others run. */
    private static final int GIVE_WAY_EVERY = 8;

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
    private final KeptVariants memory;
    private final AtomicLong handled = new AtomicLong();
    private final Timer okTimer;
    private final Timer notModifiedTimer;
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
        this.memory = new KeptVariants(settings.cacheSeconds());
        this.okTimer = metrics.httpRequests(HttpMethod.GET.asString(), ROUTE, 200);
        this.notModifiedTimer = metrics.httpRequests(HttpMethod.GET.asString(), ROUTE, 304);
    }

    /** What names a variant: the URL's path, the client's {@code Accept} and the source's version. */
    private record Naming(String path, String accept, String version) {}

    /** A remembered variant a request names, and where its file is. */
    private record Found(Variant variant, VariantStore.Figures figures, Path file) {}

    /** Run where the request was read: a hit kept in memory is answered there, the rest on another thread. */
    @Override
    public InvocationType getInvocationType() {
        return InvocationType.NON_BLOCKING;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        long start = System.nanoTime();
        Found found = find(request);
        KeptVariants.Kept kept = found == null ? null : memory.current(found.variant(), found.figures(), found.file());
        boolean notModified = found != null && ImmutableCaching.matches(
                request.getHeaders().get(HttpHeader.IF_NONE_MATCH), found.variant().etag());
        if (found != null && (kept == null || !notModified && uses.due(found.variant().key()))) {
            // a file to read, a row to write in the database: on a thread that may wait
            elsewhere(request, response, callback, () -> fromStorage(request, response, callback, found, start));
        } else if (found != null && admitted(request)) {
            answer(request, response, callback, found, kept, notModified, start);
        } else {
            elsewhere(request, response, callback, () -> passOn(request, response, callback));
        }
        if ((handled.incrementAndGet() & (GIVE_WAY_EVERY - 1)) == 0) giveWay();
        return true;
    }

    /** A virtual thread runs until it waits: while hits keep coming, new connections would wait. */
    @SuppressWarnings("ThreadPriorityCheck") // a pause for the other virtual threads, not a priority
    private static void giveWay() {
        if (Thread.currentThread().isVirtual()) Thread.yield();
    }

    /** The hit answered from memory: its headers encoded once, its bytes in one buffer. */
    private void answer(Request request, Response response, Callback callback, Found found, KeptVariants.Kept kept,
                        boolean notModified, long start) {
        HttpFields.Mutable headers = response.getHeaders();
        if (notModified) {
            headers.add(kept.unchanged(found.variant()));
            common.addTo(request, headers);
            response.setStatus(304);
            response.write(true, null, Callback.from(callback, () -> answered(notModifiedTimer, start)));
            return;
        }
        metrics.imageUrlHit();
        headers.add(kept.whole(found.variant()));
        common.addTo(request, headers);
        response.setStatus(200);
        response.write(true, kept.content(), Callback.from(callback, () -> answered(okTimer, start)));
    }

    /**
     * The hit answered from its file, on a thread that may wait: read into memory when small,
     * streamed otherwise; anything amiss passes it on to the route.
     */
    private void fromStorage(Request request, Response response, Callback callback, Found found, long start)
            throws Exception {
        Variant variant = found.variant();
        KeptVariants.Kept kept;
        try {
            kept = memory.read(variant, found.figures(), found.file());
        } catch (IOException e) {
            kept = null;
        }
        FileChannel channel = null;
        long size = 0;
        if (kept == null) {
            try {
                channel = FileChannel.open(found.file(), StandardOpenOption.READ);
                size = channel.size();
            } catch (IOException e) {
                IO.close(channel);
                passOn(request, response, callback); // evicted: the route renders it again
                return;
            }
        }
        boolean notModified = ImmutableCaching.matches(request.getHeaders().get(HttpHeader.IF_NONE_MATCH),
                variant.etag());
        try {
            if (!notModified) uses.used(variant.key(), found.figures().bytes());
        } catch (RuntimeException e) {
            // the database out of reach: the route answers that, with its error
            IO.close(channel);
            passOn(request, response, callback);
            return;
        }
        if (!admitted(request)) {
            IO.close(channel);
            passOn(request, response, callback);
            return;
        }
        if (kept != null) {
            answer(request, response, callback, found, kept, notModified, start);
            return;
        }
        HttpFields.Mutable headers = response.getHeaders();
        variant.cachingHeaders(headers::put, settings.cacheSeconds());
        common.addTo(request, headers);
        if (notModified) {
            IO.close(channel);
            response.setStatus(304);
            response.write(true, null, Callback.from(callback, () -> answered(notModifiedTimer, start)));
            return;
        }
        metrics.imageUrlHit();
        variant.contentHeaders(headers::put, found.figures(), size, true);
        headers.put(HttpHeader.CONTENT_LENGTH, size);
        response.setStatus(200);
        ByteBufferPool.Sized buffers = new ByteBufferPool.Sized(request.getComponents().getByteBufferPool(), true,
                (int) Math.min(Math.max(size, 1), READ_BYTES));
        // the source closes the file once it is read to the end or fails
        Content.copy(Content.Source.from(buffers, channel), response,
                Callback.from(callback, () -> answered(okTimer, start)));
    }

    /** The rest of the handlers (the routes), on a thread that may wait. */
    private void passOn(Request request, Response response, Callback callback) throws Exception {
        if (!super.handle(request, response, callback)) Response.writeError(request, response, callback, 404);
    }

    /** Runs {@code work} on another thread of the server, which may wait for files, the database or the body. */
    private static void elsewhere(Request request, Response response, Callback callback, Invocable.Callable work) {
        request.getContext().execute(() -> {
            try {
                work.call();
            } catch (Throwable e) {
                Response.writeError(request, response, callback, e);
            }
        });
    }

    /** Whether the client's bucket gives a token; otherwise the route answers 429 with the seconds to wait. */
    private boolean admitted(Request request) {
        return rates.isEmpty() || rates.get().take(TokenBuckets.addressClient(Request.getRemoteAddr(request))) == 0;
    }

    private void answered(Timer timer, long start) {
        metrics.imageUrlEarlyHit();
        timer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }

    /** The remembered variant a request names, where its file is; null for anything else. Reads no file. */
    private Found find(Request request) {
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
        return file == null ? null : new Found(variant, figures, file);
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
}
