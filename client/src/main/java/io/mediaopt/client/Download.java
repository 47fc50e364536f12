package io.mediaopt.client;

import java.nio.file.Path;

/** A job's output saved to {@code file}, with the media type and name the service gave it. */
public record Download(Path file, String contentType, String filename, long bytes) {}
