package io.mediaopt.cli;

import java.io.PrintWriter;

/** One line per file as it ends; nothing moves, so it reads well in a log or a pipe. */
final class PlainProgress implements ProgressView {
    private final PrintWriter out;

    PlainProgress(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void started(MediaFiles.Input input) { }

    @Override
    public void progressed(MediaFiles.Input input, int percent) { }

    @Override
    public synchronized void finished(Outcome outcome) {
        out.println(ProgressView.line(outcome));
        out.flush();
    }

    @Override
    public void close() { }
}
