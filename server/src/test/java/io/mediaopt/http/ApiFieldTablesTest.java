package io.mediaopt.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.docs.Markdown;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference pages describe the wire shapes the OpenAPI document defines. docs/api.md's table
 * of the result's fields is written from the document's {@code Result} schema (its rows are
 * rewritten by running this test with {@code -Dapi.tables.write=true}); the shapes described in
 * prose (the job, its options, keeping and error, usage, renditions, the callback) must name
 * every field of their schema where they are described.
 */
class ApiFieldTablesTest {
    static final String BEGIN = "<!-- the rows below are written from openapi.json's Result schema";
    static final String END = "<!-- end of the rows written from openapi.json -->";
    private static final String WRITE = "api.tables.write";

    @Test
    void apiMdsResultTableIsWrittenFromTheDocument() throws IOException {
        Path page = Markdown.repository().resolve("docs/api.md");
        String text = Files.readString(page, StandardCharsets.UTF_8);
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        assertThat(begin).as("docs/api.md marks its result table with %s ... %s", BEGIN, END).isNotNegative();
        assertThat(end).isGreaterThan(begin);
        int from = text.indexOf('\n', begin) + 1;
        String written = resultTable(WireShapesTest.document());
        if (Boolean.getBoolean(WRITE)) {
            Files.writeString(page, text.substring(0, from) + written + text.substring(end), StandardCharsets.UTF_8);
            return;
        }
        assertThat(text.substring(from, end))
                .as("docs/api.md's result table is not what %s's Result schema says: edit the schema there, then run "
                        + "./mvnw -pl server test -Dtest=ApiFieldTablesTest -D%s=true", WireShapesTest.DOCUMENT, WRITE)
                .isEqualTo(written);
    }

    /** One row per field of the result: its name, the synchronous answer's header that carries it, its description. */
    static String resultTable(JsonNode document) {
        JsonNode headers = document.at("/paths/~1api~1media~1optimize/post/responses/200/headers");
        StringBuilder table = new StringBuilder("| field | header | meaning |\n|---|---|---|\n");
        document.at("/components/schemas/Result/properties").properties().forEach(field -> {
            String name = field.getKey();
            String header = switch (name) {
                case "contentType" -> "Content-Type";
                case "filename" -> "Content-Disposition";
                default -> ResultHeaders.NOT_HEADERS.contains(name) || !headers.has(ResultHeaders.headerOf(name)) ? null
                        : ResultHeaders.headerOf(name);
            };
            String meaning = field.getValue().path("description").asText("");
            assertThat(meaning).as("%s describes the result's %s", WireShapesTest.DOCUMENT, name).isNotBlank();
            table.append("| `").append(name).append("` | ").append(header == null ? "—" : "`" + header + "`")
                    .append(" | ").append(meaning.replace("|", "\\|")).append(" |\n");
        });
        return table.toString();
    }

    @Test
    void theProseNamesEveryFieldOfTheShapesItDescribes() throws IOException {
        List<String> problems = new ArrayList<>();
        JsonNode document = WireShapesTest.document();
        String jobRow = "| `GET /api/media/jobs/{id}` |";
        names(document, "Job", "docs/api.md", jobRow, "\n", problems);
        names(document, "Job/keep", "docs/api.md", jobRow, "\n", problems);
        names(document, "JobError", "docs/api.md", jobRow, "\n", problems);
        names(document, "Job/options", "docs/api-media.md", "| field | values | what it does |", "\n\n", problems);
        names(document, "Usage", "docs/api.md", "| `GET /api/usage` |", "\n", problems);
        names(document, "Usage/key", "docs/api.md", "| `GET /api/usage` |", "\n", problems);
        names(document, "Rendition", "docs/api-renditions.md", "The done job's `result.renditions` lists every file",
                "For a responsive set", problems);
        names(document, "CallbackDelivery", "docs/api-webhooks.md", "The job shows where the call stands",
                "The URL itself", problems);
        assertThat(problems).isEmpty();
    }

    /** Adds a problem for each field of {@code schema} the passage of {@code page} from {@code start} to {@code end} does not name. */
    private static void names(JsonNode document, String schema, String page, String start, String end,
                              List<String> problems) throws IOException {
        String text = Files.readString(Markdown.repository().resolve(page), StandardCharsets.UTF_8);
        int from = text.indexOf(start);
        assertThat(from).as("%s has the passage beginning %s", page, start).isNotNegative();
        int to = text.indexOf(end, from + start.length());
        String passage = text.substring(from, to < 0 ? text.length() : to);
        for (String field : WireShapesTest.properties(document, schema).keySet()) {
            if (!Pattern.compile("\\b" + field + "\\b").matcher(passage).find()) {
                problems.add(page + " does not name " + schema + "." + field + " where it describes it (the passage "
                        + "beginning " + start + "): add it there");
            }
        }
    }
}
