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

    public static String key(String outputKey, String name) {
        return prefix(outputKey) + name;
    }
}
