package io.mediaopt.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The route table of docs/architecture.md is the OpenAPI document's list of operations, so the
 * one-screen table stays true ({@code api/RouteTableApiTest} holds the document to the server).
 */
class RouteTableDocTest {
    private static final String SECTION = "## Features and the route table";
    private static final Pattern ROUTE = Pattern.compile("^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\\s+(/\\S*)");
    private static final Set<String> METHODS = Set.of("get", "head", "post", "put", "patch", "delete", "options");

    @Test
    void theTableListsEveryOperationOfTheDocumentOnce() throws IOException {
        List<String> table = tableOfThePage();

        assertThat(table).doesNotHaveDuplicates().hasSizeGreaterThan(20);
        assertThat(new TreeSet<>(table)).isEqualTo(operationsOfTheDocument());
    }

    @Test
    void readsARouteAsItsMethodAndPathAlone() {
        Matcher route = ROUTE.matcher("GET     /img/*                                    imageurl.ImageUrls");
        assertThat(route.find()).isTrue();
        assertThat(route.group(1) + " " + route.group(2)).isEqualTo("GET /img/*");
        assertThat(ROUTE.matcher("http.JobRoutes").find()).isFalse();
    }

    /** "METHOD path" of each line of the section's code blocks that starts with a method. */
    private static List<String> tableOfThePage() {
        List<String> lines = Markdown.lines(Markdown.repository().resolve("docs/architecture.md"));
        int start = lines.indexOf(SECTION);
        assertThat(start).as("the section %s", SECTION).isNotNegative();
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) end++;
        List<String> routes = new ArrayList<>();
        for (String line : Markdown.codeBlocks(lines.subList(start, end))) {
            Matcher route = ROUTE.matcher(line);
            if (route.find()) routes.add(route.group(1) + " " + route.group(2));
        }
        return routes;
    }

    /** Images by URL are one route, {@code /img/*}, which the document describes as its two shapes of path. */
    private static Set<String> operationsOfTheDocument() throws IOException {
        JsonNode document;
        try (InputStream in = RouteTableDocTest.class.getResourceAsStream("/openapi.json")) {
            document = new ObjectMapper().readTree(in);
        }
        Set<String> operations = new TreeSet<>();
        document.path("paths").properties().forEach(path -> path.getValue().properties().forEach(operation -> {
            if (!METHODS.contains(operation.getKey())) return; // the path's own parameters
            operations.add(path.getKey().startsWith("/img/") ? "GET /img/*"
                    : operation.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey());
        }));
        return operations;
    }
}
