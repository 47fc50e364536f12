package io.mediaopt.client;

/** Told how many bytes of a resumable upload the service has, after each piece it accepted. */
@FunctionalInterface
public interface UploadProgress {
    UploadProgress NONE = (received, total) -> {};

    void received(long bytes, long total);
}
