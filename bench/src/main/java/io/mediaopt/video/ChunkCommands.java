package io.mediaopt.video;

import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The service's own chunk commands ({@link ChunkPlan}, {@link ChunkArguments}) for the bench in
 * another package: where it cuts a source, each chunk's ffmpeg command line as the service runs
 * it or as it ran before a chunk after the first started with x264's buffer where a one-piece
 * encode has it ({@link ChunkArguments#LATER_CHUNK_X264}), and the join.
 */
public final class ChunkCommands {
    private static final long MAX_PIXELS = 100_000_000;

    /** Seek to {@code seekMicros} of the source (0: from its start), then encode {@code frames} frames. */
    public record Span(long seekMicros, int frames) {}

    private ChunkCommands() {}

    /** The ffprobe command whose output {@link #plan} reads. */
    public static List<String> packets(Path source) {
        return ChunkArguments.packets("ffprobe", source);
    }

    /** The chunks the service cuts a source into at {@code chunkSec}, from {@link #packets}'s output; empty when none. */
    public static Optional<List<Span>> plan(String packets, double chunkSec) {
        return ChunkPlan.of(packets, chunkSec)
                .map(plan -> plan.spans().stream().map(s -> new Span(s.seekMicros(), s.frames())).toList());
    }

    /**
     * One chunk of a whole encode to {@code strategy} (MP4 H.264 or AV1) as the service encodes it,
     * or, with {@code before}, without the setting of later H.264 chunks' buffer.
     */
    public static List<String> chunk(Path source, Path output, Strategy strategy, VideoSettings settings, int threads,
                                     Span span, boolean before) {
        List<String> command = new ArrayList<>(ChunkArguments.chunk("ffmpeg", source, output, strategy,
                settings, MAX_PIXELS, threads, span.seekMicros(), span.frames()));
        if (before) {
            int at = command.indexOf(ChunkArguments.LATER_CHUNK_X264.getFirst());
            if (at >= 0) command.subList(at, at + ChunkArguments.LATER_CHUNK_X264.size()).clear();
        }
        return command;
    }

    /** The join of the chunks {@code list} names, packets copied, no audio. */
    public static List<String> join(Path list, Path output) {
        return ChunkArguments.join("ffmpeg", list, null, output);
    }
}
