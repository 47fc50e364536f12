package io.mediaopt;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The error table users read lists exactly the codes of {@link ErrorCode}, each with its status.
 * The table is found by its heading, wherever in the document it moves.
 */
class ErrorCodeTableTest {
    private static final String DOCUMENT = "docs/api.md";
    private static final String HEADING = "Errors";

    @Test
    void theDocumentedTableAndTheEnumListTheSameCodesAndStatuses() throws IOException {
        Set<String> documented = Set.copyOf(rowsOfTableUnder(HEADING, Files.readAllLines(document())));
        Set<String> declared = Arrays.stream(ErrorCode.values())
                .map(code -> code.status() + " " + code.wireName())
                .collect(Collectors.toSet());

        assertThat(documented).as("codes in the table of %s § %s", DOCUMENT, HEADING)
                .containsExactlyInAnyOrderElementsOf(declared);
    }

    @Test
    void readsTheTableUnderItsHeadingOnly() {
        List<String> markdown = List.of(
                "## Other", "| status | code | when |", "|---|---|---|", "| 200 | `ok` | no |",
                "### Errors", "Every error is JSON:", "",
                "| status | code | when |", "|---|---|---|", "| 400 | `invalid-input` | bad | form |",
                "| 504 | `timeout` | slow |", "", "| 200 | `after` | another table |");

        assertThat(rowsOfTableUnder("Errors", markdown)).containsExactly("400 invalid-input", "504 timeout");
    }

    /** "status code" of each row of the first table after the heading, read by its column names. */
    static List<String> rowsOfTableUnder(String heading, List<String> lines) {
        int line = 0;
        while (line < lines.size() && !isHeading(lines.get(line), heading)) line++;
        assertThat(line).as("heading '%s'", heading).isLessThan(lines.size());
        while (line < lines.size() && !lines.get(line).startsWith("|")) line++;
        assertThat(line).as("a table under '%s'", heading).isLessThan(lines.size());
        List<String> columns = cells(lines.get(line));
        int status = columns.indexOf("status");
        int code = columns.indexOf("code");
        assertThat(status).as("a status column").isNotNegative();
        assertThat(code).as("a code column").isNotNegative();
        List<String> rows = new ArrayList<>();
        for (line += 2; line < lines.size() && lines.get(line).startsWith("|"); line++) {
            List<String> cells = cells(lines.get(line));
            rows.add(cells.get(status) + " " + cells.get(code).replace("`", ""));
        }
        return rows;
    }

    private static boolean isHeading(String line, String heading) {
        return line.startsWith("#") && line.replaceFirst("^#+", "").strip().equals(heading);
    }

    private static List<String> cells(String row) {
        String inner = row.strip().replaceAll("^\\||\\|$", "");
        return Arrays.stream(inner.split("\\|")).map(String::strip).toList();
    }

    /** The document at the repository root, from wherever the build runs the tests. */
    private static Path document() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(DOCUMENT)) && Files.isDirectory(dir.resolve("server"))) {
                return dir.resolve(DOCUMENT);
            }
        }
        throw new IllegalStateException(DOCUMENT + " not found above " + Path.of("").toAbsolutePath());
    }
}
