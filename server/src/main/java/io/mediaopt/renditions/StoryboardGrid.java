package io.mediaopt.renditions;

/**
 * Where the tiles of a storyboard fall, in time and on the sheet: {@code count} tiles (1 to
 * {@value #MAX_TILES}) of equal cues that cover the whole {@code durationMs}, each at least
 * {@value #MIN_INTERVAL_MS} ms long unless the video is shorter, laid out in rows of at most
 * {@value #MAX_COLUMNS}; a tile is the picture fitted into {@value #MAX_TILE_SIDE} pixels a
 * side, never enlarged.
 */
record StoryboardGrid(long durationMs, int count, int columns, int rows, int tileWidth, int tileHeight) {
    static final int MAX_TILES = 100;
    static final long MIN_INTERVAL_MS = 1000;
    static final int MAX_COLUMNS = 10;
    static final int MAX_TILE_SIDE = 256;

    /** {@code width} × {@code height}: the video's picture as displayed. */
    static StoryboardGrid of(double durationSec, int width, int height) {
        long durationMs = Math.max(1, Math.round(durationSec * 1000));
        int count = Math.clamp(durationMs / MIN_INTERVAL_MS, 1, MAX_TILES);
        int columns = Math.min(count, MAX_COLUMNS);
        double scale = Math.min(1, (double) MAX_TILE_SIDE / Math.max(width, height));
        return new StoryboardGrid(durationMs, count, columns, Math.ceilDiv(count, columns),
                Math.max(1, (int) Math.round(width * scale)), Math.max(1, (int) Math.round(height * scale)));
    }

    /** The cue of tile {@code i} starts where the one before it ends; the last ends at the duration. */
    long startMs(int i) {
        return i * durationMs / count;
    }

    long endMs(int i) {
        return (i + 1) * durationMs / count;
    }

    /** Seconds between tiles, the same for all (the ms of the cues are this rounded). */
    double intervalSec() {
        return durationMs / 1000.0 / count;
    }

    int x(int i) {
        return i % columns * tileWidth;
    }

    int y(int i) {
        return i / columns * tileHeight;
    }

    int sheetWidth() {
        return columns * tileWidth;
    }

    int sheetHeight() {
        return rows * tileHeight;
    }
}
