package io.mediaopt.cli;

import java.io.PrintWriter;
import java.util.List;

/**
 * How a run shows itself while it goes: on a terminal, a bar per file in flight and a total
 * line redrawn in place; otherwise (a pipe, a log, a test) one plain line per file as it ends.
 * Called from the worker threads.
 */
interface ProgressView extends AutoCloseable {

    void started(MediaFiles.Input input);

    void progressed(MediaFiles.Input input, int percent);

    void finished(Outcome outcome);

    @Override
    void close();

    static ProgressView choose(PrintWriter out, boolean terminal, List<MediaFiles.Input> inputs) {
        return terminal ? new TerminalProgress(out, inputs) : new PlainProgress(out);
    }

    /** The line that records the end of one file, the same on a terminal and in plain output. */
    static String line(Outcome outcome) {
        String name = outcome.input().relative().toString();
        return switch (outcome.state()) {
            case DONE -> String.format("done     %s -> %s  %s -> %s (%s)", name, outcome.output(),
                    Sizes.bytes(outcome.input().bytes()), Sizes.bytes(outcome.outputBytes()),
                    Sizes.percentSaved(outcome.savedBytes(), outcome.input().bytes()));
            case SKIPPED -> String.format("skipped  %s: %s is already there", name, outcome.output());
            case FAILED -> String.format("failed   %s: %s", name, outcome.detail());
        };
    }
}
