package io.mediaopt.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The table a run ends with: one row per file, then the totals. */
final class SummaryTable {
    private static final String[] HEADERS = {"FILE", "RESULT", "INPUT", "OUTPUT", "SAVED", "DETAIL"};

    private SummaryTable() {}

    static void print(PrintWriter out, List<Outcome> outcomes) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADERS);
        long input = 0;
        long saved = 0;
        int[] counts = new int[Outcome.State.values().length];
        for (Outcome o : outcomes) {
            boolean failed = o.state() == Outcome.State.FAILED;
            rows.add(new String[] {
                    o.input().relative().toString(),
                    o.state().name().toLowerCase(Locale.ROOT),
                    Sizes.bytes(o.input().bytes()),
                    failed ? "" : Sizes.bytes(o.outputBytes()),
                    failed ? "" : Sizes.percentSaved(o.savedBytes(), o.input().bytes()),
                    o.detail()});
            counts[o.state().ordinal()]++;
            if (!failed) {
                input += o.input().bytes();
                saved += o.savedBytes();
            }
        }
        int[] widths = new int[HEADERS.length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) widths[i] = Math.max(widths[i], row[i].length());
        }
        out.println();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean number = i >= 2 && i <= 4 && row != HEADERS;
                String cell = number ? " ".repeat(widths[i] - row[i].length()) + row[i]
                        : row[i] + (i == row.length - 1 ? "" : " ".repeat(widths[i] - row[i].length()));
                line.append(cell).append(i == row.length - 1 ? "" : "  ");
            }
            out.println(line.toString().stripTrailing());
        }
        out.printf("%d %s: %d optimized, %d skipped, %d failed; saved %s of %s (%s)%n", outcomes.size(),
                outcomes.size() == 1 ? "file" : "files",
                counts[Outcome.State.DONE.ordinal()], counts[Outcome.State.SKIPPED.ordinal()],
                counts[Outcome.State.FAILED.ordinal()], Sizes.bytes(saved), Sizes.bytes(input),
                Sizes.percentSaved(saved, input));
        out.flush();
    }
}
