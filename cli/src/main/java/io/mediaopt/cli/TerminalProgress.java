package io.mediaopt.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * On a terminal: the lines of finished files scroll up as in plain output, and below them a bar
 * per file in flight and a total line (files, bytes saved, time left) are redrawn in place with
 * ANSI cursor movements. The time left is the time so far scaled by the input bytes still to
 * go against those already processed, files in flight counting by their progress (skipped
 * files do not count: they took no time); it is shown once a file has been optimized.
 */
final class TerminalProgress implements ProgressView {
    private static final int BAR_WIDTH = 24;
    private static final String UP_AND_CLEAR = "\033[1A\033[2K";

    private final PrintWriter out;
    private final int files;
    private final long totalBytes;
    private final long startedAt = System.nanoTime();
    private final Map<MediaFiles.Input, Integer> inFlight = new LinkedHashMap<>();
    private int finished;
    private int failed;
    private long bytesFinished;
    private long bytesProcessed;
    private long saved;
    private int optimized;
    private int drawnLines;

    TerminalProgress(PrintWriter out, List<MediaFiles.Input> inputs) {
        this.out = out;
        this.files = inputs.size();
        this.totalBytes = inputs.stream().mapToLong(MediaFiles.Input::bytes).sum();
    }

    @Override
    public synchronized void started(MediaFiles.Input input) {
        inFlight.put(input, 0);
        redraw(null);
    }

    @Override
    public synchronized void progressed(MediaFiles.Input input, int percent) {
        inFlight.computeIfPresent(input, (i, before) -> Math.max(before, percent));
        redraw(null);
    }

    @Override
    public synchronized void finished(Outcome outcome) {
        inFlight.remove(outcome.input());
        finished++;
        bytesFinished += outcome.input().bytes();
        if (outcome.state() != Outcome.State.SKIPPED) bytesProcessed += outcome.input().bytes();
        if (outcome.state() == Outcome.State.FAILED) failed++;
        if (outcome.state() == Outcome.State.DONE) optimized++;
        saved += outcome.savedBytes();
        redraw(ProgressView.line(outcome));
    }

    @Override
    public synchronized void close() {
        redraw(null);
        erase();
    }

    private void redraw(String finishedLine) {
        erase();
        if (finishedLine != null) out.println(finishedLine);
        for (var entry : inFlight.entrySet()) {
            out.println(bar(entry.getValue()) + "  " + entry.getKey().relative());
        }
        out.println(total());
        drawnLines = inFlight.size() + 1;
        out.flush();
    }

    private void erase() {
        for (int i = 0; i < drawnLines; i++) out.print(UP_AND_CLEAR);
        drawnLines = 0;
    }

    static String bar(int percent) {
        int filled = Math.clamp(percent * BAR_WIDTH / 100, 0, BAR_WIDTH);
        return "[" + "#".repeat(filled) + "-".repeat(BAR_WIDTH - filled) + "] " + String.format("%3d%%", percent);
    }

    private String total() {
        StringBuilder line = new StringBuilder()
                .append(finished).append('/').append(files).append(" files")
                .append(failed > 0 ? ", " + failed + " failed" : "")
                .append(", saved ").append(Sizes.bytes(saved));
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startedAt);
        long partly = inFlight.entrySet().stream().mapToLong(e -> e.getKey().bytes() * e.getValue() / 100).sum();
        long processed = bytesProcessed + partly;
        long remaining = totalBytes - bytesFinished - partly;
        if (optimized > 0 && processed > 0 && remaining > 0) {
            line.append(", about ").append(Sizes.duration(elapsed.multipliedBy(remaining).dividedBy(processed)))
                    .append(" left");
        }
        return line.toString();
    }
}
