package io.mediaopt.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A table printed as Markdown with padded columns: readable in a terminal and pasted as is into
 * the README. Cells that look like numbers are right-aligned.
 */
public final class Table {
    private final String title;
    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    public Table(String title, String... headers) {
        this.title = title;
        this.headers = List.of(headers);
    }

    public Table row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("Expected " + headers.size() + " cells but received " + cells.length);
        }
        List<String> row = new ArrayList<>();
        for (Object cell : cells) row.add(cell == null ? "—" : cell.toString());
        rows.add(row);
        return this;
    }

    /** A line printed under the table, e.g. how a column was measured. */
    public Table note(String note) {
        notes.add(note);
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public String render() {
        int[] widths = new int[headers.size()];
        boolean[] numeric = new boolean[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = Math.max(3, headers.get(c).length());
            numeric[c] = !rows.isEmpty();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
                if (!looksNumeric(row.get(c))) numeric[c] = false;
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("### ").append(title).append("\n\n");
        line(out, headers, widths, numeric);
        List<String> rule = new ArrayList<>();
        for (int c = 0; c < widths.length; c++) {
            String dashes = String.join("", Collections.nCopies(widths[c] - (numeric[c] ? 1 : 0), "-"));
            rule.add(numeric[c] ? dashes + ":" : dashes);
        }
        line(out, rule, widths, new boolean[widths.length]);
        for (List<String> row : rows) line(out, row, widths, numeric);
        if (!notes.isEmpty()) out.append('\n');
        for (String note : notes) out.append(note).append('\n');
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells, int[] widths, boolean[] right) {
        out.append('|');
        for (int c = 0; c < widths.length; c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            out.append(' ').append(right[c] ? pad + cell : cell + pad).append(" |");
        }
        out.append('\n');
    }

    /** Numbers, with an optional sign, unit suffix (%, s, ms, x, MiB) or a dash for "none". */
    static boolean looksNumeric(String cell) {
        return cell.equals("—") || cell.matches("[-+]?[0-9][0-9.,]*( ?(%|s|ms|x|×|MiB|MB|KiB|kB))?");
    }

    /** Fixed-point with {@code decimals} digits, always with a dot. */
    public static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
