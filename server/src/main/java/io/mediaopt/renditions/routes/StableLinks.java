package io.mediaopt.renditions.routes;

import io.mediaopt.http.ApiKeys;
import io.mediaopt.http.KeepView;
import io.mediaopt.http.Signatures;

import io.mediaopt.keeping.KeepSettings;
import io.mediaopt.keeping.Keeping;
import io.mediaopt.keeping.Visibility;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Optional;

/**
 * The stable URLs of a kept job's files (docs/api.md, Stable URLs): {@code /media/<jobId>/<rendition>}
 * and {@code /media/<jobId>/output/<file name>}, under SERVICE_PUBLIC_MEDIA_URL when set. They
 * never change while the job lives. A private job's (API keys on, {@code visibility} not public)
 * carry {@code exp} (Unix seconds) and {@code sig}, an HMAC of the job, the name and the expiry
 * with a key derived from the owner's API key: every node checks it with no shared state, and
 * removing that key voids its links.
 */
public final class StableLinks {
    public static final String PREFIX = "/media/";
    /** The path segment before the output's file name; no rendition's name is without a dot. */
    public static final String OUTPUT = "output";
    /** The path segment of the responsive set's negotiated picture ({@code ?w=}); no rendition's name. */
    public static final String PICTURE = "picture";

    private final KeepSettings settings;
    private final ApiKeys keys;
    private final Clock clock;

    public StableLinks(KeepSettings settings, ApiKeys keys, Clock clock) {
        this.settings = settings;
        this.keys = keys;
        this.clock = clock;
    }

    /** The name of a kept job's output under its stable prefix: {@code output/<file name>}. */
    public static String outputName(JobMedia job) {
        return OUTPUT + "/" + job.result().filename();
    }

    /** Who may read the job's stable URLs: with keys off, anyone. */
    private Visibility visibility(JobMedia job) {
        return keys.enforced() ? job.keeping().keptAs() : Visibility.PUBLIC;
    }

    /** The {@code keep} object of a job's view; null when it is not kept. */
    public KeepView view(JobMedia job) {
        Keeping keeping = job.keeping();
        if (!keeping.kept()) return null;
        Long completedAt = job.completedAt();
        Long until = keeping.keepHours() == null || completedAt == null ? null
                : completedAt + keeping.keepHours() * 3_600_000L;
        boolean signed = visibility(job) == Visibility.PRIVATE;
        return new KeepView(visibility(job).wireName(), until,
                signed ? keeping.linkTtl(settings.linkTtl()).toSeconds() : null);
    }

    /**
     * The stable URL of {@code name} ({@link #outputName} or a rendition's) of a kept job, on
     * SERVICE_PUBLIC_MEDIA_URL or else {@code origin}; a private job's is signed for its link life from now.
     */
    public String url(JobMedia job, String name, String origin) {
        String base = settings.publicMediaUrl().map(URI::toString).orElse(origin) + PREFIX + job.id() + "/"
                + encodedPath(name);
        if (visibility(job) == Visibility.PUBLIC) return base;
        long expires = clock.instant().plus(job.keeping().linkTtl(settings.linkTtl())).getEpochSecond();
        return base + signedQuery(job, name, expires);
    }

    /**
     * What a playlist served under a stable URL names in place of {@code name}: the bare name,
     * which resolves beside the playlist, signed like the playlist's own link (same expiry) when private.
     */
    public String inPlaylist(JobMedia job, String name, long expires) {
        if (visibility(job) == Visibility.PUBLIC) return name;
        return encodedPath(name) + signedQuery(job, name, expires);
    }

    /**
     * The seconds a request's link to {@code name} has left ({@code exp} and {@code sig} as
     * sent, each null when absent): {@link Long#MAX_VALUE} for a public job, 0 or less when the link
     * is unsigned, expired, altered or its owner's key is gone.
     */
    public long secondsLeft(JobMedia job, String name, String exp, String sig) {
        if (visibility(job) == Visibility.PUBLIC) return Long.MAX_VALUE;
        Optional<Signatures> signer = keys.signatures(job.owner(), Signatures.Purpose.MEDIA_URL);
        long at = exp != null && exp.matches("[0-9]{1,12}") ? Long.parseLong(exp) : 0;
        if (signer.isEmpty() || !signer.get().verifies(signed(job, name, at), sig)) return 0;
        return at - clock.instant().getEpochSecond();
    }

    private String signedQuery(JobMedia job, String name, long expires) {
        return keys.signatures(job.owner(), Signatures.Purpose.MEDIA_URL)
                .map(s -> "?exp=" + expires + "&sig=" + s.sign(signed(job, name, expires)))
                .orElse("");
    }

    /** What a link's signature covers: the job, the file's name and the expiry, unambiguously joined. */
    private static String signed(JobMedia job, String name, long expires) {
        return job.id() + "\n" + name + "\n" + expires;
    }

    /** Each segment of the name percent-encoded (a space as %20), the slashes between them kept. */
    private static String encodedPath(String name) {
        StringBuilder path = new StringBuilder();
        for (String segment : name.split("/", -1)) {
            if (!path.isEmpty()) path.append('/');
            path.append(URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return path.toString();
    }
}
