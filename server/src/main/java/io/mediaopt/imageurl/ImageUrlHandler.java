package io.mediaopt.imageurl;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.mediaopt.ServiceException;
import io.mediaopt.http.ImmutableCaching;
import io.mediaopt.http.StoredBodies;
import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code GET /img/...}: a URL of images by URL parsed, its signature checked, its source checked
 * before anything is fetched, then the variant served from storage or rendered once and stored.
 * Answers are cacheable for {@code SERVICE_IMAGE_URL_CACHE_SECONDS}; refusals are not stored.
 */
public final class ImageUrlHandler {
    public static final String PATH_PREFIX = "/img/";

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

    ImageUrlHandler(ImageUrlSettings settings, ImageSources sources, VariantStore variants, Renderer renderer,
                    FormatQualities qualities, Set<String> presets, Path workRoot, Clock clock,
                    Optional<TokenBuckets> rates, RenderSlots slots, VariantUses uses,
                    Function<Context, Optional<String>> keyName) {
        this.keyName = keyName;
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
        Path work = newWorkDir();
        try {
            Source source = new Source(url.source(), work);
            if (url.info()) {
                ctx.header("Cache-Control", "public, max-age=" + settings.sourceTtl().toSeconds());
                ctx.json(SourceInfo.of(source.facts()));
                return;
            }
            ImageOptions options = url.options();
            UrlFormat format = options.format();
            if (format == UrlFormat.BEST) {
                format = UrlFormat.negotiate(ctx.header("Accept"), source.facts().alpha());
                ctx.header("Vary", "Accept");
            }
            int quality = qualities.of(options, format);
            String canonical = options.canonical() + "/format:" + format.wireName() + "/quality:" + quality;
            String key = VariantStore.variantKey(source.facts().version(), canonical);
            String etag = "\"" + key.substring(key.lastIndexOf('/') + 1) + "\"";
            ctx.header("ETag", etag);
            ctx.header("Cache-Control", "public, max-age=" + settings.cacheSeconds());
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
            VariantStore.Figures figures = variants.figures(key).orElseGet(renderOnce);
            Storage.StoredObject object;
            try {
                object = variants.open(key);
            } catch (StorageException e) {
                if (e.isOutage()) throw e;
                // evicted between its figures and its bytes: its figures are deleted first, so it renders again
                figures = renderOnce.get();
                object = variants.open(key);
            }
            uses.used(key, figures.bytes());
            send(ctx, key, object, figures, chosen, !rendered[0]);
        } finally {
            deleteTree(work);
        }
    }

    /**
     * 429 with the seconds until the client's bucket has a token again, when SERVICE_IMAGE_URL_RATE
     * is on: the bucket of the API key the request presents, else its address's.
     */
    private void checkRate(Context ctx) {
        if (rates.isEmpty()) return;
        String client = keyName.apply(ctx).map(name -> "key " + name).orElseGet(() -> "address " + ctx.ip());
        long wait = rates.get().take(client);
        if (wait > 0) {
            throw ImageUrlException.rateLimited("Too many image requests from this client (SERVICE_IMAGE_URL_RATE)", wait);
        }
    }

    private VariantStore.Figures render(Source source, ImageOptions options, UrlFormat format, int quality,
                                        String key, Path work) {
        Path output = work.resolve("variant." + format.extension);
        Renderer.Rendered done = renderer.render(source.file(), source.facts(), options, format, quality, output);
        try {
            VariantStore.Figures figures = new VariantStore.Figures(done.width(), done.height(), format.wireName(),
                    Files.size(output));
            variants.putVariant(key, output, format.contentType(), figures, work);
            return figures;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The variant's headers, then its bytes: whole from the open object, or a range (206, 416) or
     * HEAD answered from storage as the stable media routes answer them.
     */
    private void send(Context ctx, String key, Storage.StoredObject object, VariantStore.Figures figures,
                      UrlFormat format, boolean hit) {
        ctx.header("Content-Type", format.contentType());
        ctx.header("Content-Disposition", "inline; filename=\"image." + format.extension + "\"");
        ctx.header("Accept-Ranges", "bytes");
        ctx.header("x-service-output-width", Integer.toString(figures.width()));
        ctx.header("x-service-output-height", Integer.toString(figures.height()));
        ctx.header("x-service-output-bytes", Long.toString(object.size()));
        ctx.header("x-service-format", format.wireName());
        ctx.header("x-service-cache", hit ? "hit" : "miss");
        String range = ctx.header("Range");
        if (range == null && !HandlerType.HEAD.equals(ctx.method())) {
            ctx.header("Content-Length", Long.toString(object.size()));
            ctx.result(object.content());
            return;
        }
        try {
            object.close();
            new StoredBodies(variants.storage()).sendObject(ctx, key, format.contentType(), range);
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
        private final Path work;
        private SourceFacts facts;
        private Path file;

        Source(String url, Path work) {
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
            Path target = work.resolve("source");
            SourceFacts fetched = sources.fetchIfChanged(url, known, target).orElse(null);
            facts = fetched == null ? known.confirmedAt(clock.millis()) : fetched;
            if (fetched != null) file = target;
            variants.putFacts(url, facts, work);
        }

        SourceFacts facts() {
            return facts;
        }

        Path file() {
            if (file == null) fetch();
            return file;
        }

        private void fetch() {
            Path target = work.resolve("source");
            SourceFacts fetched = sources.fetch(url, target);
            if (facts != null && !facts.version().equals(fetched.version())) {
                // the source changed since its facts were stored: this render is of the older key,
                // so the request is refused for a retry that names the new version
                variants.putFacts(url, fetched, work);
                throw ImageUrlException.unreachable("The source changed while it was rendered; try again");
            }
            facts = fetched;
            file = target;
            variants.putFacts(url, fetched, work);
        }
    }

    private Path newWorkDir() {
        try {
            Files.createDirectories(workRoot);
            return Files.createTempDirectory(workRoot, "img");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover work directory is removed with the next start's leftovers
        }
    }
}
