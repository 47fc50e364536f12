package io.mediaopt.renditions;

import java.util.ArrayList;
import java.util.List;

/**
 * What a VOD media playlist written by ffmpeg names: its init segment and its media segments
 * with their lengths in seconds. Only the tags ffmpeg writes are read.
 */
record MediaPlaylist(String init, List<Segment> segments) {
    record Segment(String name, double durationSec) {}

    static MediaPlaylist parse(String text) {
        String init = null;
        List<Segment> segments = new ArrayList<>();
        Double pending = null;
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.startsWith("#EXT-X-MAP:URI=\"")) {
                init = line.substring("#EXT-X-MAP:URI=\"".length(), line.lastIndexOf('"'));
            } else if (line.startsWith("#EXTINF:")) {
                pending = Double.parseDouble(line.substring("#EXTINF:".length()).split(",")[0]);
            } else if (!line.isEmpty() && !line.startsWith("#") && pending != null) {
                segments.add(new Segment(line, pending));
                pending = null;
            }
        }
        return new MediaPlaylist(init, List.copyOf(segments));
    }

    double durationSec() {
        return segments.stream().mapToDouble(Segment::durationSec).sum();
    }
}
