package io.mediaopt.renditions.routes;

import io.mediaopt.http.ContentDisposition;
import io.mediaopt.media.Rendition;
import io.mediaopt.renditions.RenditionKeys;
import io.mediaopt.storage.Storage;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** Pre-signed URLs of a done job's files, its output and its renditions, valid for an hour, where the storage offers them. */
public final class PresignedRenditions {
    private static final Duration VALIDITY = Duration.ofHours(1);

    private final Storage storage;

    public PresignedRenditions(Storage storage) {
        this.storage = storage;
    }

    public Optional<String> url(JobMedia job, Rendition rendition) {
        return url(RenditionKeys.key(job.outputKey(), rendition.name()), rendition.contentType(),
                job.renditionFilename(rendition));
    }

    /** The stored object {@code key}, downloaded as an attachment named {@code filename}. */
    public Optional<String> url(String key, String contentType, String filename) {
        return storage.presignedUrl(key, contentType, ContentDisposition.attachment(filename), VALIDITY)
                .map(URI::toString);
    }

    /**
     * What a playlist served by the rendition route names in place of {@code name}: a pre-signed
     * URL of a segment or init file where the storage offers one, valid for an hour from now;
     * otherwise, and for another playlist, the bare name, which resolves to the same route.
     */
    public String inPlaylist(JobMedia job, String name) {
        return job.renditions().stream().filter(r -> r.name().equals(name) && !r.isPlaylist()).findFirst()
                .flatMap(r -> url(job, r)).orElse(name);
    }
}
