package io.mediaopt.api;

import io.mediaopt.Integration;
import io.mediaopt.TestService;
import io.mediaopt.web.WebPage;
import io.swagger.v3.oas.models.OpenAPI;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The route table the features register, against the OpenAPI document: no route is lost or
 * added unnoticed when a feature changes how it wires itself.
 */
@Integration
class RouteTableApiTest {
    /** Images by URL are one route, {@code /img/*}, that the document describes as its two shapes of path. */
    private static final String IMAGE_URLS = "GET /img/*";

    @Test
    void everyRouteOfAnApiNodeIsInTheDocumentAndEveryOperationOfTheDocumentIsServed() throws IOException {
        try (TestService service = TestService.start(Map.of("SERVICE_IMAGE_URL_UNSIGNED", "true"))) {
            Set<String> served = new TreeSet<>(service.routes());
            Set<String> page = new TreeSet<>();
            for (String path : WebPage.load().paths()) page.addAll(List.of("GET " + path, "HEAD " + path));
            assertThat(served).containsAll(page);
            served.removeAll(page);
            // a GET route answers HEAD too; the document names HEAD only where it has no GET
            served.removeIf(route -> route.startsWith("HEAD ") && served.contains("GET " + route.substring(5)));

            assertThat(served).containsExactlyInAnyOrderElementsOf(documented());
        }
    }

    @Test
    void everyGetRouteAnswersHeadToo() throws IOException {
        try (TestService service = TestService.start(Map.of("SERVICE_IMAGE_URL_UNSIGNED", "true"))) {
            List<String> routes = service.routes();
            routes.stream().filter(route -> route.startsWith("GET "))
                    .forEach(route -> assertThat(routes).contains("HEAD " + route.substring(4)));
            assertThat(routes).doesNotHaveDuplicates();
        }
    }

    @Test
    void aWorkerNodeServesHealthAndMetricsAlone() throws IOException {
        try (TestService service = TestService.start(Map.of("SERVICE_ROLE", "worker",
                "SERVICE_IMAGE_URL_UNSIGNED", "true"))) {
            assertThat(service.routes()).containsExactlyInAnyOrder("GET /metrics", "HEAD /metrics",
                    "GET /api/health", "HEAD /api/health");
        }
    }

    /** Each operation of the document as "METHOD path". */
    private static Set<String> documented() throws IOException {
        OpenAPI api = OpenApiDocumentTest.parse().getOpenAPI();
        Set<String> operations = new TreeSet<>();
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
                operations.add(path.startsWith("/img/") ? IMAGE_URLS
                        : method.name().toUpperCase(Locale.ROOT) + " " + path)));
        return operations;
    }
}
