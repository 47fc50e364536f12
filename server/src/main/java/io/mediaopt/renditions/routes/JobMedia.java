package io.mediaopt.renditions.routes;

import io.mediaopt.keeping.Keeping;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Rendition;

import java.util.List;

/**
 * A job as the routes of its files read it: its {@code id}, its {@code attempt} (whose HLS ladder
 * is played early), the uploaded file's name ({@code inputFilename}), the API key that owns it
 * ({@code owner}, null when keys are off), whether it is kept ({@code keeping}), once it is done
 * its {@code result} and where its output is stored ({@code outputKey}), both null before, and
 * when it ended ({@code completedAt}, ms; null while it has not).
 */
public record JobMedia(String id, int attempt, String inputFilename, String owner, Keeping keeping,
                       OptimizationResult result, String outputKey, Long completedAt) {

    /** The renditions of the done job's result; none when it has none. */
    public List<Rendition> renditions() {
        List<Rendition> renditions = result.renditions();
        return renditions == null ? List.of() : renditions;
    }

    /** The download name of a rendition: the output's name without its extension, then the rendition's. */
    public String renditionFilename(Rendition rendition) {
        return withoutExtension(result.filename()) + "-" + rendition.name();
    }

    /** The download name of a file of the HLS ladder played early: the upload's name without its extension, then the file's. */
    String earlyFilename(String name) {
        return withoutExtension(inputFilename) + "-" + name;
    }

    private static String withoutExtension(String filename) {
        int dot = filename.lastIndexOf('.');
        return dot > 0 ? filename.substring(0, dot) : filename;
    }
}
