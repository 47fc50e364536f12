package io.mediaopt.renditions;

/**
 * Where a job's renditions are stored: beside its main output, under that output's key without
 * its extension ({@code outputs/<jobId>/<attempt>-<uuid>/}), so each attempt has its own prefix
 * and an HLS playlist finds its segments by their bare names.
 */
public final class RenditionKeys {
    private RenditionKeys() {}

    public static String prefix(String outputKey) {
        int slash = outputKey.lastIndexOf('/');
        int dot = outputKey.lastIndexOf('.');
        return (dot > slash ? outputKey.substring(0, dot) : outputKey) + "/";
    }

    /**
     * What the keys of one attempt of a job begin with ({@code outputs/<jobId>/<attempt>-}); the
     * attempt's output key adds a random name and the extension.
     */
    public static String attemptPrefix(String jobId, int attempt) {
        return "outputs/" + jobId + "/" + attempt + "-";
    }

    public static String key(String outputKey, String name) {
        return prefix(outputKey) + name;
    }
}
