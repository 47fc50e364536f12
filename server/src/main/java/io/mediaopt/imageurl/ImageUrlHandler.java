package io.mediaopt.imageurl;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.mediaopt.ServiceException;
import io.mediaopt.http.ImmutableCaching;
import io.mediaopt.http.StoredBodies;
import io.mediaopt.metrics.ServiceMetrics;
import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /img/...}: a URL of images by URL parsed, its signature checked, its source checked
 * before anything is fetched, then the variant served from storage or rendered once and stored.
 * Answers are cacheable for {@code SERVICE_IMAGE_URL_CACHE_SECONDS}; refusals are not stored.
 */
public final class ImageUrlHandler {
    public static final String PATH_PREFIX = "/img/";
    private static final Logger log = LoggerFactory.getLogger(ImageUrlHandler.class);

    private final ImageUrlSettings settings;
    private final UrlSignatures signatures;
    private final ImageSources sources;
    private final VariantStore variants;
    private final Renderer renderer;
    private final FormatQualities qualities;
    private final Set<String> presets;
    private final Path workRoot;
    private final Clock clock;
    private final Optional<TokenBuckets> rates;
    private final RenderSlots slots;
    private final VariantUses uses;
    private final Function<Context, Optional<String>> keyName;
    private final ServiceMetrics metrics;
    private final VariantReads reads = new VariantReads();

    ImageUrlHandler(ImageUrlSettings settings, ImageSources sources, VariantStore variants, Renderer renderer,
                    FormatQualities qualities, Set<String> presets, Path workRoot, Clock clock,
                    Optional<TokenBuckets> rates, RenderSlots slots, VariantUses uses,
                    Function<Context, Optional<String>> keyName, ServiceMetrics metrics) {
        this.keyName = keyName;
        this.metrics = metrics;
        this.rates = rates;
        this.slots = slots;
        this.uses = uses;
        this.settings = settings;
        this.signatures = new UrlSignatures(settings.keys(), settings.unsigned());
        this.sources = sources;
        this.variants = variants;
        this.renderer = renderer;
        this.qualities = qualities;
        this.presets = Set.copyOf(presets);
        this.workRoot = workRoot;
        this.clock = clock;
    }

    public void handle(Context ctx) {
        try {
            serve(ctx);
        } catch (ServiceException e) {
            ctx.header("Cache-Control", "no-store");
            if (e instanceof ImageUrlException refusal && refusal.retryAfterSeconds() > 0) {
                ctx.header("Retry-After", Long.toString(refusal.retryAfterSeconds()));
            }
            throw e;
        }
    }

    private void serve(Context ctx) {
        String raw = ctx.req().getRequestURI();
        if (!raw.startsWith(PATH_PREFIX)) throw ServiceException.notFound("No route for " + raw);
        checkRate(ctx);
        ProcessingUrl url = ProcessingUrl.parse(raw.substring(PATH_PREFIX.length()), presets, settings.presetsOnly());
        signatures.check(url);
        sources.checkAllowed(url.source());
        try (WorkDir work = new WorkDir(workRoot)) {
            Source source = new Source(url.source(), work);
            if (url.info()) {
                ctx.header("Cache-Control", "public, max-age=" + settings.sourceTtl().toSeconds());
                ctx.json(SourceInfo.of(source.facts()));
                return;
            }
            ImageOptions options = url.options();
            Variant variant = Variant.of(options, source.facts(), ctx.header("Accept"), qualities);
            String key = variant.key();
            String etag = variant.etag();
            UrlFormat format = variant.format();
            int quality = variant.quality();
            variant.cachingHeaders(ctx::header, settings.cacheSeconds());
            if (ImmutableCaching.matches(ctx.header("If-None-Match"), etag)) {
                ctx.status(304);
                return;
            }
            boolean[] rendered = {false};
            UrlFormat chosen = format;
            Supplier<VariantStore.Figures> renderOnce = () -> variants.renderOnce(key, () -> {
                rendered[0] = true;
                return slots.run(RenderSlots.hostOf(url.source()),
                        () -> render(source, options, chosen, quality, key, work));
            });
            VariantStore.Figures figures = variants.knownFigures(key).orElseGet(renderOnce);
            Storage.StoredObject object;
            try {
                object = open(key, figures);
            } catch (StorageException e) {
                if (e.isOutage()) throw e;
                // evicted between its figures and its bytes: its figures are deleted first, so it renders again
                figures = renderOnce.get();
                object = open(key, figures);
            }
            uses.used(key, figures.bytes());
            if (!rendered[0]) metrics.imageUrlHit();
            send(ctx, variant, object, figures, !rendered[0]);
        }
    }

    /**
     * 429 with the seconds until the client's bucket has a token again, when SERVICE_IMAGE_URL_RATE
     * is on: the bucket of the API key the request presents, else its address's.
     */
    private void checkRate(Context ctx) {
        if (rates.isEmpty()) return;
        String client = keyName.apply(ctx).map(TokenBuckets::keyClient)
                .orElseGet(() -> TokenBuckets.addressClient(ctx.ip()));
        long wait = rates.get().take(client);
        if (wait > 0) {
            throw ImageUrlException.rateLimited("Too many image requests from this client (SERVICE_IMAGE_URL_RATE)", wait);
        }
    }

    private VariantStore.Figures render(Source source, ImageOptions options, UrlFormat format, int quality,
                                        String key, WorkDir work) {
        Path output = work.path().resolve("variant." + format.extension);
        Renderer.Rendered done = renderer.render(source.file(), source.facts(), options, format, quality, output);
        try {
            VariantStore.Figures figures = new VariantStore.Figures(done.width(), done.height(), format.wireName(),
                    Files.size(output));
            variants.putVariant(key, output, format.contentType(), figures, work.path());
            metrics.imageUrlRender();
            return figures;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The variant's bytes: read once for every request of the moment when small, else streamed from storage. */
    private Storage.StoredObject open(String key, VariantStore.Figures figures) {
        if (!VariantReads.shares(figures.bytes())) return variants.open(key);
        byte[] content = reads.bytes(key, () -> variants.read(key));
        return new Storage.StoredObject(new ByteArrayInputStream(content), content.length);
    }

    /**
     * The variant's headers, then its bytes: whole from the open object, or a range (206, 416) or
     * HEAD answered from storage as the stable media routes answer them.
     */
    private void send(Context ctx, Variant variant, Storage.StoredObject object, VariantStore.Figures figures,
                      boolean hit) {
        variant.contentHeaders(ctx::header, figures, object.size(), hit);
        String range = ctx.header("Range");
        if (range == null && !HandlerType.HEAD.equals(ctx.method())) {
            ctx.res().setContentLengthLong(object.size());
            // written straight to the servlet's stream, as large writes Jetty sends without copying
            // them into pooled buffers (a result stream would go through Javalin's compressing wrapper)
            try (InputStream in = object.content()) {
                in.transferTo(ctx.res().getOutputStream());
            } catch (IOException e) {
                // the client went away, or storage failed after the headers were sent: the answer ends short
                log.debug("image URL answer cut short: {}", e.toString());
            }
            return;
        }
        try {
            object.close();
            new StoredBodies(variants.storage()).sendObject(ctx, variant.key(), variant.format().contentType(), range);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A request's source: its facts from storage while fresh, otherwise fetched; the file is
     * fetched only when a render needs it (and its facts refreshed with it).
     */
    private final class Source {
        private final String url;
        private final WorkDir work;
        private SourceFacts facts;
        private Path file;

        Source(String url, WorkDir work) {
            this.url = url;
            this.work = work;
            // facts stored before placeholders were part of them are fetched anew
            SourceFacts known = variants.facts(url).filter(f -> f.blurhash() != null).orElse(null);
            if (known == null) {
                fetch();
            } else if (clock.millis() - known.fetchedAtMillis() < settings.sourceTtl().toMillis()) {
                this.facts = known;
            } else {
                revalidate(known);
            }
        }

        /** A conditional GET with the origin's validators: 304 keeps the facts (and so the variants). */
        private void revalidate(SourceFacts known) {
            Path target = work.path().resolve("source");
            SourceFacts fetched = sources.fetchIfChanged(url, known, target).orElse(null);
            facts = fetched == null ? known.confirmedAt(clock.millis()) : fetched;
            if (fetched != null) file = target;
            variants.putFacts(url, facts, work.path());
        }

        SourceFacts facts() {
            return facts;
        }

        Path file() {
            if (file == null) fetch();
            return file;
        }

        private void fetch() {
            Path target = work.path().resolve("source");
            SourceFacts fetched = sources.fetch(url, target, facts);
            if (facts != null && !facts.version().equals(fetched.version())) {
                // the source changed since its facts were stored: this render is of the older key,
                // so the request is refused for a retry that names the new version
                variants.putFacts(url, fetched, work.path());
                throw ImageUrlException.unreachable("The source changed while it was rendered; try again");
            }
            file = target;
            // fresh facts the bytes confirmed are kept as stored: only a first fetch writes them
            if (facts == null) variants.putFacts(url, fetched, work.path());
            facts = fetched;
        }
    }
}
