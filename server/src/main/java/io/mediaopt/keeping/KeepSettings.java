package io.mediaopt.keeping;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * The SERVICE_KEEP_KEYS, SERVICE_PUBLIC_MEDIA_URL and SERVICE_MEDIA_LINK_TTL_SEC settings: the
 * names of the API keys whose jobs are kept unless a submission says {@code keep=false}
 * ({@value #EVERY_KEY}: every job, keys on or off), the origin (a CDN) that stable URLs name in
 * place of the service's, and how long a signed link of a private job lasts unless the job asked.
 */
public record KeepSettings(Set<String> keepKeys, Optional<URI> publicMediaUrl, Duration linkTtl) {
    public static final String EVERY_KEY = "*";
    public static final KeepSettings NONE = new KeepSettings(Set.of(), Optional.empty(), Duration.ofDays(1));

    public KeepSettings {
        keepKeys = Set.copyOf(keepKeys);
    }

    /** Whether a job of the key named {@code keyName} (null: keys are off) is kept unless it says otherwise. */
    public boolean keepsJobsOf(String keyName) {
        return keepKeys.contains(EVERY_KEY) || keyName != null && keepKeys.contains(keyName);
    }
}
