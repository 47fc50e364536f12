package io.mediaopt.jobs;

/**
 * Where to tell the caller that a job ended: the checked URL, and the origin (scheme and host)
 * of the request that submitted the job, from which the call's download link is made when the
 * service has no public URL of its own.
 */
public record Callback(String url, String origin) {
    /** The longest callback URL a job may name. */
    public static final int MAX_URL_LENGTH = 2048;
}
