package io.mediaopt.media;

/** A named, fixed set of encoding parameters a client picks with the {@code preset} field. */
public record Preset(String name, String description, ImageSettings image, VideoSettings video) {}
