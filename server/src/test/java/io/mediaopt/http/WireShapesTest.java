package io.mediaopt.http;

import io.mediaopt.jobs.routes.CallbackView;
import io.mediaopt.jobs.routes.JobView;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.Rendition;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document is the one description of the wire shapes; this test holds the server's
 * response records, the Java client's records and the synchronous answer's headers to it, field
 * by field, names and JSON types, and names the field and the file to edit when they part.
 * (The TypeScript client's types and its header reader are generated from the document at its
 * build; docs/api.md's result table by {@code docs/ApiFieldTablesTest}.)
 */
class WireShapesTest {
    static final String DOCUMENT = "server/src/main/resources/openapi.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The server's record behind each schema of an answer's JSON. */
    private static final Map<String, Class<?>> SERVER = shapes(
            "Result", OptimizationResult.class, "Rendition", Rendition.class, "Job", JobView.class,
            "Job/options", OptionsView.class, "Job/keep", KeepView.class, "CallbackDelivery", CallbackView.class,
            "Error", ErrorBody.class, "JobError", ErrorBody.Detail.class, "Usage", InfoHandlers.UsageView.class,
            "Usage/key", InfoHandlers.KeyUsage.class);

    /** The Java client's record that reads each schema. */
    private static final Map<String, Class<?>> CLIENT = shapes(
            "Result", io.mediaopt.client.Result.class, "Rendition", io.mediaopt.client.Rendition.class,
            "Job", io.mediaopt.client.Job.class, "Job/keep", io.mediaopt.client.Job.Keep.class,
            "JobError", io.mediaopt.client.JobError.class, "CallbackDelivery", io.mediaopt.client.CallbackDelivery.class,
            "Usage", io.mediaopt.client.Usage.class, "Usage/key", io.mediaopt.client.Usage.Key.class,
            "JobSubmitted", io.mediaopt.client.JobSubmission.class);

    @Test
    void theServerSendsExactlyTheFieldsTheDocumentDescribes() throws IOException {
        JsonNode document = document();
        List<String> problems = new ArrayList<>();
        SERVER.forEach((schema, type) -> compare(document, schema, written(type), "the server's " + type.getSimpleName(),
                false, problems));
        assertThat(problems).isEmpty();
    }

    @Test
    void theJavaClientReadsExactlyTheFieldsTheDocumentDescribes() throws IOException {
        JsonNode document = document();
        List<String> problems = new ArrayList<>();
        CLIENT.forEach((schema, type) -> compare(document, schema, read(type),
                "the Java client's " + type.getName().substring("io.mediaopt.client.".length()), false, problems));
        // the client's options are a request's too: the job's options are among them, the rest are the form's
        Map<String, String> options = read(io.mediaopt.client.OptimizeOptions.class);
        compare(document, "Job/options", options, "the Java client's OptimizeOptions", true, problems);
        Set<String> form = properties(document, "Upload").keySet();
        options.keySet().forEach(name -> {
            if (!form.contains(name)) {
                problems.add("the Java client's OptimizeOptions has " + name + ", which " + DOCUMENT
                        + " lacks among the form's fields (Upload)");
            }
        });
        assertThat(problems).isEmpty();
    }

    /** Every field of the result but those standard headers carry, or only a job has, is a header of the synchronous answer. */
    @Test
    void theSynchronousAnswersHeadersAreTheResultsFields() throws IOException {
        JsonNode document = document();
        JsonNode declared = document.at("/paths/~1api~1media~1optimize/post/responses/200/headers");
        List<String> problems = new ArrayList<>();
        Set<String> documented = new TreeSet<>();
        declared.fieldNames().forEachRemaining(name -> {
            if (name.startsWith("x-service-") && !name.startsWith("x-service-total-")) documented.add(name);
        });
        Set<String> sent = new TreeSet<>(ResultHeaders.NAMES);
        for (String name : sent) {
            if (!documented.contains(name)) {
                problems.add("the synchronous answer sends " + name + ", which " + DOCUMENT
                        + " does not declare among the headers of POST /api/media/optimize 200");
            }
        }
        for (String name : documented) {
            if (!sent.contains(name)) problems.add(DOCUMENT + " declares the header " + name + ", which the server never sends");
        }
        properties(document, "Result").forEach((field, type) -> {
            if (ResultHeaders.NOT_HEADERS.contains(field)) return;
            String header = ResultHeaders.headerOf(field);
            String headerType = jsonType(document, declared.path(header).path("schema"));
            boolean flag = type.equals("boolean") && headerType.equals("string");
            if (declared.has(header) && !headerType.equals(type) && !flag) {
                problems.add(DOCUMENT + " gives the header " + header + " the type " + headerType + " but the result's "
                        + field + " the type " + type);
            }
        });
        assertThat(problems).isEmpty();
    }

    /** A record that drifted: one field the document lacks, one it has the record lacks, one typed otherwise. */
    record Drifted(String kind, String outputBytes, long sizeOnDisk) {}

    @Test
    void aDriftNamesTheFieldAndTheFileToEdit() throws IOException {
        List<String> problems = new ArrayList<>();
        compare(document(), "Usage/key", read(Drifted.class), "Drifted", false, problems);
        assertThat(problems).contains(
                "Drifted has kind, which " + DOCUMENT + " lacks in Usage/key: describe it there (or drop it from Drifted)",
                DOCUMENT + " describes Usage/key.name, which Drifted lacks: add it there");
        compare(document(), "Result", read(Drifted.class), "Drifted", false, problems);
        assertThat(problems).contains("Drifted has outputBytes as string, which " + DOCUMENT + " types integer in Result");
    }

    /**
     * Adds a problem for each field one side has and the other lacks, or types differently;
     * {@code mayHaveMore}: the record may have fields the schema lacks (they are checked elsewhere).
     */
    private static void compare(JsonNode document, String schema, Map<String, String> fields, String who,
                                boolean mayHaveMore, List<String> problems) {
        Map<String, String> described = properties(document, schema);
        fields.forEach((name, type) -> {
            String documented = described.get(name);
            if (documented == null && !mayHaveMore) {
                problems.add(who + " has " + name + ", which " + DOCUMENT + " lacks in " + schema
                        + ": describe it there (or drop it from " + who + ")");
            } else if (documented != null && !documented.equals(type)) {
                problems.add(who + " has " + name + " as " + type + ", which " + DOCUMENT + " types " + documented
                        + " in " + schema);
            }
        });
        described.keySet().forEach(name -> {
            if (!fields.containsKey(name)) {
                problems.add(DOCUMENT + " describes " + schema + "." + name + ", which " + who + " lacks: add it there");
            }
        });
    }

    /** The JSON fields a client record is read from: its components, each with its JSON type. */
    static Map<String, String> read(Class<?> type) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (RecordComponent component : type.getRecordComponents()) {
            fields.put(component.getName(), jsonType(component.getType()));
        }
        return fields;
    }

    /** The JSON fields Jackson writes for {@code type}, each with its JSON type. */
    static Map<String, String> written(Class<?> type) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (BeanPropertyDefinition property : JSON.getSerializationConfig()
                .introspect(JSON.constructType(type)).findProperties()) {
            fields.put(property.getName(), jsonType(property.getPrimaryType().getRawClass()));
        }
        return fields;
    }

    /** The properties of a schema ({@code Name} or {@code Name/property} for an object inside one), with their types. */
    static Map<String, String> properties(JsonNode document, String schema) {
        JsonNode node = document.path("components").path("schemas");
        for (String part : schema.split("/")) node = resolved(document, node.path(part)).path("properties");
        Map<String, String> properties = new LinkedHashMap<>();
        assertThat(node.isObject()).as("%s has a schema %s with properties", DOCUMENT, schema).isTrue();
        node.properties().forEach(p -> properties.put(p.getKey(), jsonType(document, p.getValue())));
        return properties;
    }

    /** The schema's {@code type}, else that of its {@code const} or first {@code enum} value. */
    private static String jsonType(JsonNode document, JsonNode schema) {
        JsonNode node = resolved(document, schema);
        JsonNode type = node.path("type");
        if (type.isArray()) return type.path(0).asText();
        if (type.isTextual()) return type.asText();
        JsonNode value = node.has("const") ? node.get("const") : node.path("enum").path(0);
        return switch (value.getNodeType()) {
            case STRING -> "string";
            case BOOLEAN -> "boolean";
            case NUMBER -> value.isIntegralNumber() ? "integer" : "number";
            default -> "(none)";
        };
    }

    static String jsonType(Class<?> type) {
        if (type == String.class || type.isEnum()) return "string";
        if (type == boolean.class || type == Boolean.class) return "boolean";
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class) return "integer";
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) return "number";
        if (List.class.isAssignableFrom(type) || type.isArray()) return "array";
        return "object";
    }

    private static JsonNode resolved(JsonNode document, JsonNode node) {
        while (node.has("$ref")) node = document.at(node.get("$ref").asText().substring(1));
        return node;
    }

    static JsonNode document() throws IOException {
        try (InputStream in = WireShapesTest.class.getResourceAsStream("/openapi.json")) {
            return JSON.readTree(in);
        }
    }

    private static Map<String, Class<?>> shapes(Object... pairs) {
        Map<String, Class<?>> shapes = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) shapes.put((String) pairs[i], (Class<?>) pairs[i + 1]);
        return shapes;
    }
}
