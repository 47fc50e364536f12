package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The OpenAPI document as a judge of real answers: finds the operation and the response a
 * request got, and lists every way the answer differs from what the document promises (an
 * undocumented status or media type, a required header missing, a header or JSON body outside
 * its schema, no {@code x-request-id}). Schemas are checked as JSON Schema 2020-12, OpenAPI 3.1's own dialect.
 */
public final class ApiContract {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String REQUEST_ID = "x-request-id";
    private static final JsonSchemaFactory SCHEMAS = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    private final JsonNode document;
    private final Map<String, JsonSchema> compiled = new ConcurrentHashMap<>();
    private final Set<String> answered = new TreeSet<>();

    private ApiContract(JsonNode document) {
        this.document = document;
    }

    /** The document the server ships (the same bytes GET /api/openapi.json serves). */
    public static ApiContract load() throws IOException {
        try (InputStream in = ApiContract.class.getResourceAsStream("/openapi.json")) {
            return new ApiContract(JSON.readTree(in));
        }
    }

    JsonNode document() {
        return document;
    }

    /** "METHOD /template STATUS" of every answer checked so far. */
    synchronized Set<String> answered() {
        return new TreeSet<>(answered);
    }

    /** What is wrong with this answer to {@code method} on {@code uri}; empty when it matches the document. */
    public List<String> problems(String method, URI uri, HttpResponse<byte[]> response) {
        List<String> problems = new ArrayList<>();
        String template = templateOf(uri.getPath());
        int status = response.statusCode();
        // every answer, documented or not, names the request it answers
        if (response.headers().firstValue(REQUEST_ID).isEmpty()) problems.add("the header " + REQUEST_ID + " is missing");
        if (template == null) {
            // unknown paths answer with an error of the documented shape
            if (status != 404 && status != 401) problems.add("an unknown path answered " + status);
            checkBody(Pointer.of("components", "schemas", "Error"), response, problems);
            return problems;
        }
        Pointer operation = Pointer.of("paths", template, method.toLowerCase(Locale.ROOT));
        if (operation.in(document).isMissingNode()) {
            problems.add(method + " " + template + " is not documented (answered " + status + ")");
            return problems;
        }
        synchronized (this) {
            answered.add(method + " " + template + " " + status);
        }
        Pointer answer = resolve(operation.then("responses", Integer.toString(status)));
        if (answer.in(document).isMissingNode()) {
            problems.add(method + " " + template + " answered " + status + ", which is not documented");
            return problems;
        }
        checkHeaders(answer, response, problems);
        checkContent(answer, method, response, problems);
        return problems;
    }

    /**
     * The template of {@code path}; as OpenAPI says, a concrete path wins over a templated one, and
     * of two with as many parameters the one with more fixed text. The parameters of an image URL
     * that span segments as imgproxy's grammar has them ({@code {path}}, {@code {source}}) match several.
     */
    private String templateOf(String path) {
        String found = null;
        for (Iterator<String> it = document.path("paths").fieldNames(); it.hasNext(); ) {
            String template = it.next();
            String pattern = template.replace(".", "\\.").replaceAll("\\{(path|source)}", ".+")
                    .replaceAll("\\{[^}]+}", "[^/]+");
            if (path.matches(pattern) && (found == null || parameters(template) < parameters(found)
                    || parameters(template) == parameters(found) && template.length() > found.length())) {
                found = template;
            }
        }
        return found;
    }

    private static long parameters(String template) {
        return template.chars().filter(c -> c == '{').count();
    }

    private void checkHeaders(Pointer answer, HttpResponse<byte[]> response, List<String> problems) {
        JsonNode headers = answer.in(document).path("headers");
        for (Iterator<String> it = headers.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            Pointer header = resolve(answer.then("headers", name));
            JsonNode spec = header.in(document);
            var value = response.headers().firstValue(name);
            if (value.isEmpty()) {
                if (spec.path("required").asBoolean()) problems.add("required header " + name + " is missing");
                continue;
            }
            JsonNode typed = typed(value.get(), spec.path("schema").path("type").asText(""));
            if (typed == null) {
                problems.add("header " + name + ": " + value.get() + " is not a " + spec.path("schema").path("type").asText());
                continue;
            }
            validate(header.then("schema"), typed, "header " + name, problems);
        }
    }

    private static JsonNode typed(String value, String type) {
        try {
            return switch (type) {
                case "integer" -> LongNode.valueOf(Long.parseLong(value));
                case "number" -> DecimalNode.valueOf(new BigDecimal(value));
                default -> TextNode.valueOf(value);
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private void checkContent(Pointer answer, String method, HttpResponse<byte[]> response, List<String> problems) {
        JsonNode content = answer.in(document).path("content");
        String type = response.headers().firstValue("Content-Type").map(t -> t.split(";")[0].strip()).orElse(null);
        if (content.isMissingNode() || content.isEmpty()) return;
        if (type == null) {
            problems.add("no Content-Type");
            return;
        }
        String key = matchingMediaType(content, type);
        if (key == null) {
            problems.add("Content-Type " + type + " is not documented for this answer");
            return;
        }
        if (!method.equals("HEAD") && key.equals("application/json")) {
            checkBody(answer.then("content", key, "schema"), response, problems);
        }
    }

    private static String matchingMediaType(JsonNode content, String type) {
        if (content.has(type)) return type;
        String range = type.substring(0, type.indexOf('/') + 1) + "*";
        return content.has(range) ? range : null;
    }

    private void checkBody(Pointer schema, HttpResponse<byte[]> response, List<String> problems) {
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException e) {
            problems.add("the body is not JSON: " + e.getMessage());
            return;
        }
        validate(schema, body, "body", problems);
    }

    private void validate(Pointer schema, JsonNode value, String what, List<String> problems) {
        JsonSchema validator = compiled.computeIfAbsent(schema.toString(), key -> {
            // the document's components travel with the schema, so $refs to #/components/... resolve as in OpenAPI
            ObjectNode root = ((ObjectNode) schema.in(document)).deepCopy();
            root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
            root.set("components", document.get("components"));
            return SCHEMAS.getSchema(root);
        });
        for (ValidationMessage message : validator.validate(value)) {
            problems.add(what + ": " + message.getMessage() + " in " + value);
        }
    }

    /** Follows $ref until the node is the thing itself. */
    private Pointer resolve(Pointer pointer) {
        JsonNode node = pointer.in(document);
        while (node.has("$ref")) {
            pointer = Pointer.parse(node.get("$ref").asText());
            node = pointer.in(document);
        }
        return pointer;
    }

    /** A JSON pointer inside the document, kept as its segments. */
    record Pointer(List<String> segments) {
        static Pointer of(String... segments) {
            return new Pointer(List.of(segments));
        }

        static Pointer parse(String ref) {
            List<String> segments = new ArrayList<>();
            for (String s : ref.substring(2).split("/")) segments.add(s.replace("~1", "/").replace("~0", "~"));
            return new Pointer(segments);
        }

        Pointer then(String... more) {
            List<String> all = new ArrayList<>(segments);
            all.addAll(List.of(more));
            return new Pointer(all);
        }

        JsonNode in(JsonNode root) {
            JsonNode node = root;
            for (String s : segments) node = node.path(s);
            return node;
        }

        @Override
        public String toString() {
            StringBuilder ref = new StringBuilder("#");
            for (String s : segments) ref.append('/').append(s.replace("~", "~0").replace("/", "~1"));
            return ref.toString();
        }
    }
}
