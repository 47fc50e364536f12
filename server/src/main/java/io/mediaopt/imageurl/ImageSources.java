package io.mediaopt.imageurl;

import io.mediaopt.ServiceException;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.Polyglots;
import io.mediaopt.media.Sniffer;
import io.mediaopt.placeholders.Placeholders;
import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The sources an image URL may name: {@code s3://<key>}, an object of the service's storage (the
 * bucket, or the local directory), and {@code http(s)://} URLs on the allow-list. Each is checked
 * before anything is fetched, then fetched to a file, sniffed and walked for polyglots as an
 * upload is, and read for its {@link SourceFacts}.
 */
public final class ImageSources {
    static final String STORAGE_SCHEME = "s3://";
    static final String JOB_SCHEME = "mediaopt://jobs/";
    private static final Pattern JOB_OUTPUT = Pattern.compile("mediaopt://jobs/([A-Za-z0-9_\\-]{1,64})/output");

    /** The storage key of a done job's output, by the job's id; 404 or 409 as the job routes answer. */
    @FunctionalInterface
    public interface JobOutputs {
        String outputKey(String jobId);
    }

    private static final Pattern STORAGE_KEY = Pattern.compile("[A-Za-z0-9._\\-]+(/[A-Za-z0-9._\\-]+)*");

    private final HttpSource http;
    private final Storage storage;
    private final Vips vips;
    private final long maxBytes;
    private final long maxPixels;
    private final Clock clock;
    private final Optional<JobOutputs> jobs;
    private final SourceDigests digests = new SourceDigests();

    ImageSources(HttpSource http, Storage storage, Vips vips, long maxBytes, long maxPixels, Clock clock,
                 Optional<JobOutputs> jobs) {
        this.jobs = jobs;
        this.http = http;
        this.storage = storage;
        this.vips = vips;
        this.maxBytes = maxBytes;
        this.maxPixels = maxPixels;
        this.clock = clock;
    }

    /** Refuses a source this service may not fetch, without fetching or resolving anything. */
    void checkAllowed(String source) {
        if (source.startsWith(STORAGE_SCHEME)) {
            storageKey(source);
        } else if (source.startsWith(JOB_SCHEME)) {
            jobId(source);
        } else if (source.regionMatches(true, 0, "http://", 0, 7) || source.regionMatches(true, 0, "https://", 0, 8)) {
            http.check(source);
        } else {
            throw ServiceException.invalidInput("Expected a source of s3://<key>, mediaopt://jobs/<id>/output or http(s)://");
        }
    }

    /** Fetches the source into {@code file} and reads its facts; 413, 415, 403, 502 or 504 when it cannot be. */
    SourceFacts fetch(String source, Path file) {
        return fetch(source, file, null);
    }

    /**
     * As {@link #fetch(String, Path)}; bytes fetched that are those of {@code known} (the same
     * SHA-256) were sniffed, walked and read when those facts were made, so only the time is new.
     */
    SourceFacts fetch(String source, Path file, SourceFacts known) {
        return load(source, file, known, false).orElseThrow();
    }

    /**
     * As {@link #fetch(String, Path, SourceFacts)}, but for an http(s) source a conditional GET with
     * {@code known}'s validators: empty when the origin answers 304 (nothing is written to
     * {@code file}). Storage and job sources are read again whole.
     */
    Optional<SourceFacts> fetchIfChanged(String source, SourceFacts known, Path file) {
        return load(source, file, known, true);
    }

    private Optional<SourceFacts> load(String source, Path file, SourceFacts known, boolean conditional) {
        HttpSource.Fetched fetched = null;
        if (source.startsWith(STORAGE_SCHEME)) {
            fetchStored(storageKey(source), file);
        } else if (source.startsWith(JOB_SCHEME)) {
            fetchStored(jobs.orElseThrow().outputKey(jobId(source)), file);
        } else {
            fetched = conditional ? http.fetch(source, file, Optional.of(known.validators())) : http.fetch(source, file);
            if (fetched.notModified()) return Optional.empty();
        }
        try {
            SourceFacts facts = known != null && digests.sha256(source, file).equals(known.version())
                    ? known.confirmedAt(clock.millis())
                    : read(source, file);
            return Optional.of(fetched == null ? facts : facts.withValidators(fetched.stored().orElseThrow()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private SourceFacts read(String source, Path file) throws IOException {
        MediaFormat format = new Sniffer().sniff(file).filter(f -> f.kind() == MediaKind.IMAGE)
                .orElseThrow(() -> MediaException.unsupportedType("The source is not an image of an accepted format"));
        Polyglots.refuse(file, format);
        return facts(source, file, format);
    }

    private SourceFacts facts(String source, Path file, MediaFormat format) throws IOException {
        try (VipsImage header = vips.openHeader(file)) {
            if ((long) header.width() * header.pageHeight() > maxPixels) {
                throw ServiceException.tooLarge("The source has more than " + maxPixels + " pixels");
            }
            int orientation = header.orientation();
            boolean turned = orientation >= 5 && orientation <= 8;
            int width = turned ? header.pageHeight() : header.width();
            int height = turned ? header.width() : header.pageHeight();
            return SourceFacts.read(digests.sha256(source, file), width, height, format.shortName(), orientation,
                    header.hasAlpha(), clock.millis(), Placeholders.of(vips, file));
        } catch (io.mediaopt.image.vips.VipsException e) {
            throw MediaException.unreadable("The source image cannot be read", e);
        }
    }

    private void fetchStored(String key, Path file) {
        long size;
        try {
            size = storage.size(key);
        } catch (StorageException e) {
            if (e.isOutage()) throw e;
            throw ServiceException.notFound("No stored object " + key);
        }
        if (size > maxBytes) throw ServiceException.tooLarge(maxBytes);
        storage.copyTo(key, file);
    }

    /** The id of a job source; refused while API keys are on, since the URL names no owner. */
    private String jobId(String source) {
        var match = JOB_OUTPUT.matcher(source);
        if (!match.matches()) throw ServiceException.invalidInput("Expected a job source as mediaopt://jobs/<id>/output");
        if (jobs.isEmpty()) {
            throw ImageUrlException.notAllowed("Jobs are sources only while SERVICE_API_KEYS is unset (a URL names no owner)");
        }
        return match.group(1);
    }

    /** The key of an {@code s3://} source: plain path segments, never the variants' own. */
    private static String storageKey(String source) {
        String key = source.substring(STORAGE_SCHEME.length());
        if (!STORAGE_KEY.matcher(key).matches() || key.contains("..") || key.startsWith(VariantStore.PREFIX)) {
            throw ImageUrlException.notAllowed("The stored object \"" + key + "\" may not be a source");
        }
        return key;
    }
}
