package io.mediaopt.bench;

import java.nio.file.Path;

/** One generated input the bench sends through the service and the raw tools. */
record MediaCase(String name, String description, Path file, boolean video, boolean animated) {

    static MediaCase image(String name, String description, Path file) {
        return new MediaCase(name, description, file, false, false);
    }

    static MediaCase animation(String name, String description, Path file) {
        return new MediaCase(name, description, file, false, true);
    }

    static MediaCase video(String name, String description, Path file) {
        return new MediaCase(name, description, file, true, false);
    }
}
