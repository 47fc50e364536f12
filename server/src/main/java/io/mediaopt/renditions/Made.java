package io.mediaopt.renditions;

import io.mediaopt.media.Rendition;

import java.nio.file.Path;

/** A rendition written to {@code file} in the job's work directory, ready to be stored under its name. */
public record Made(Path file, Rendition rendition) {}
