package io.mediaopt.imageurl;

/**
 * What an origin sent to identify the body it answered with: its {@code ETag} and
 * {@code Last-Modified} (each null when it sent none), which a revalidation sends back as a
 * conditional GET.
 */
record Validators(String etag, String lastModified) {}
