package io.mediaopt.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A preset's parameters as the running service lists them (GET /api/media/presets), so the raw
 * commands are built from what the service actually uses, not from a copy that may drift.
 */
record ServicePreset(String name, Image image, Video video) {

    /** The image side; the strategy lists hold wire names such as IMAGE_WEBP. */
    record Image(int maxWidth, int webpQuality, int avifQuality, int jpegQuality, String firstStrategy,
                 String animatedStrategy) {}

    record Video(int maxWidth, int crf, int maxBitrateKbps, int audioBitrateKbps, String firstStrategy) {}

    static List<ServicePreset> parse(JsonNode listing) {
        List<ServicePreset> presets = new ArrayList<>();
        for (JsonNode p : listing.path("presets")) {
            JsonNode i = p.path("image");
            JsonNode v = p.path("video");
            presets.add(new ServicePreset(p.path("name").asText(),
                    new Image(i.path("maxWidth").asInt(), i.path("webpQuality").asInt(), i.path("avifQuality").asInt(),
                            i.path("jpegQuality").asInt(), i.path("strategies").path(0).asText(),
                            i.path("animatedStrategies").path(0).asText()),
                    new Video(v.path("maxWidth").asInt(), v.path("crf").asInt(), v.path("maxBitrateKbps").asInt(),
                            v.path("audioBitrateKbps").asInt(), v.path("strategies").path(0).asText())));
        }
        if (presets.isEmpty()) throw new IllegalStateException("the service listed no presets: " + listing);
        return presets;
    }
}
