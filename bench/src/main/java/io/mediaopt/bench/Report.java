package io.mediaopt.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Prints each table as soon as its section ends, and keeps them all for the report file. */
final class Report {
    private final PrintStream out;
    private final List<String> parts = new ArrayList<>();

    Report(PrintStream out) {
        this.out = out;
    }

    void text(String text) {
        out.println(text);
        parts.add(text);
    }

    void table(Table table) {
        if (table.isEmpty()) return;
        text(table.render());
    }

    /** Progress lines go to the terminal only. */
    void progress(String line) {
        out.println("  … " + line);
    }

    void write(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, String.join("\n", parts) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
