package io.mediaopt.api;

import io.mediaopt.ErrorCode;
import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/** The OpenAPI document as a client generator reads it: valid 3.1, every route, every error code. */
class OpenApiDocumentTest {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

    static String text() throws IOException {
        try (InputStream in = OpenApiDocumentTest.class.getResourceAsStream("/openapi.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static SwaggerParseResult parse() throws IOException {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setValidateInternalRefs(true);
        return new OpenAPIParser().readContents(text(), null, options);
    }

    @Test
    void aRealParserReadsItAsOpenApi31WithoutComplaint() throws IOException {
        SwaggerParseResult result = parse();
        assertThat(result.getMessages()).isEmpty();
        OpenAPI api = result.getOpenAPI();
        assertThat(api.getSpecVersion()).isEqualTo(SpecVersion.V31);
        assertThat(api.getOpenapi()).isEqualTo("3.1.0");
        assertThat(api.getComponents().getSchemas()).containsKeys("Job", "Result", "Error", "Usage", "Health");
    }

    @Test
    void namesEveryRouteOfTheServer() throws IOException {
        OpenAPI api = parse().getOpenAPI();
        List<String> operations = new ArrayList<>();
        api.getPaths().forEach((path, item) -> item.readOperationsMap()
                .forEach((method, op) -> operations.add(method + " " + path)));
        assertThat(operations).containsExactlyInAnyOrder(
                "POST /api/media/optimize", "POST /api/media/jobs", "GET /api/media/jobs/{id}",
                "GET /api/media/jobs/{id}/download", "GET /api/usage", "GET /api/health",
                "GET /api/media/presets", "GET /api/media/limits", "GET /api/openapi.json",
                "GET /api/media/jobs/{id}/renditions/{name}", "GET /api/media/jobs/{id}/picture", "GET /metrics",
                "OPTIONS /api/uploads", "POST /api/uploads", "HEAD /api/uploads/{id}", "PATCH /api/uploads/{id}",
                "DELETE /api/uploads/{id}", "POST /api/uploads/direct", "POST /api/uploads/{id}/complete",
                "DELETE /api/media/jobs/{id}", "GET /media/{id}/{name}", "GET /media/{id}/output/{filename}",
                "GET /media/{id}/picture", "POST /api/uploads/tokens", "GET /img/{signature}/{path}",
                "GET /img/{signature}/info/{source}");
        api.getPaths().forEach((path, item) -> item.readOperations().forEach(op -> {
            assertThat(op.getOperationId()).as(path).isNotBlank();
            assertThat(op.getResponses()).as(path).isNotEmpty();
        }));
    }

    @Test
    void healthTheDocumentItselfStableMediaUrlsAndImageUrlsAreTheOnlyPublicRoutes() throws IOException {
        OpenAPI api = parse().getOpenAPI();
        assertThat(api.getSecurity()).as("keys optional: the empty requirement").hasSize(3);
        api.getPaths().forEach((path, item) -> item.readOperations().forEach(op -> {
            boolean isPublic = op.getSecurity() != null && op.getSecurity().isEmpty();
            assertThat(isPublic).as(path).isEqualTo(path.equals("/api/health") || path.equals("/api/openapi.json")
                    || path.startsWith("/media/") || path.startsWith("/img/"));
            assertThat(op.getResponses().containsKey("401")).as(path).isEqualTo(!isPublic);
        }));
    }

    /** Every operation takes the caller's x-request-id and every answer, error or not, names one. */
    @Test
    void everyOperationTakesAndEveryAnswerCarriesTheRequestId() throws IOException {
        JsonNode document = ApiContract.load().document();
        List<String> operations = new ArrayList<>();
        document.path("paths").properties().forEach(path -> path.getValue().properties().forEach(operation -> {
            if (!METHODS.contains(operation.getKey())) return; // the path's own parameters
            String name = operation.getKey() + " " + path.getKey();
            operations.add(name);
            List<JsonNode> parameters = new ArrayList<>();
            operation.getValue().path("parameters").forEach(p -> parameters.add(resolved(document, p)));
            assertThat(parameters).as(name).anySatisfy(p -> {
                assertThat(p.path("name").asText()).isEqualTo("x-request-id");
                assertThat(p.path("in").asText()).isEqualTo("header");
                assertThat(p.path("required").asBoolean()).isFalse();
            });
            operation.getValue().path("responses").properties().forEach(response -> {
                JsonNode header = resolved(document, resolved(document, response.getValue()).path("headers").path("x-request-id"));
                assertThat(header.path("required").asBoolean()).as("%s %s", name, response.getKey()).isTrue();
                assertThat(header.path("schema").path("pattern").asText()).isEqualTo("^[A-Za-z0-9._:+=@/-]{1,128}$");
            });
        }));
        assertThat(operations).hasSize(26);
    }

    private static JsonNode resolved(JsonNode document, JsonNode node) {
        while (node.has("$ref")) node = document.at(node.get("$ref").asText().substring(1));
        return node;
    }

    /**
     * The codes the document knows, in an error answer and in a failed job's error, are the
     * service's codes, no more and no fewer.
     */
    @ParameterizedTest
    @ValueSource(strings = {"Error", "JobError"})
    void knowsEveryErrorCodeOfTheService(String schema) throws IOException {
        Set<String> codes = new TreeSet<>();
        for (ErrorCode code : ErrorCode.values()) codes.add(code.wireName());

        JsonNode enumerated = ApiContract.load().document().at("/components/schemas/" + schema + "/properties/code/enum");
        Set<String> documented = new TreeSet<>();
        enumerated.forEach(code -> documented.add(code.asText()));
        assertThat(documented).as(schema).isEqualTo(codes);
    }
}
