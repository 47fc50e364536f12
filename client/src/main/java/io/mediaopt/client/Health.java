package io.mediaopt.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The service's own view of its dependencies. A degraded service answers 503; that is still a
 * health report, so it arrives here with {@code httpStatus} 503 rather than as an exception.
 */
public record Health(int httpStatus, String status, Map<String, JsonNode> checks) {

    public Health {
        checks = checks == null ? Map.of() : Map.copyOf(checks);
    }

    /** The report of {@code GET /api/health}, a degraded one (503) too; any other answer throws. */
    static Health fetch(ApiTransport transport) {
        HttpRequest request = transport.request("/health").GET().build();
        HttpResponse<byte[]> response = transport.exchange(request);
        int status = response.statusCode();
        Optional<Health> report = ApiTransport.isSuccess(status) || status == 503
                ? read(status, response.body(), transport.json())
                : Optional.empty();
        return report.orElseThrow(() -> transport.apiError(status, response.headers(), response.body()));
    }

    /** The report in a health answer's {@code body}, or empty when the body is not one. */
    static Optional<Health> read(int httpStatus, byte[] body, ObjectMapper json) {
        JsonNode node;
        try {
            node = json.readTree(body);
        } catch (IOException notJson) {
            return Optional.empty();
        }
        if (node == null || !node.isObject() || !node.path("status").isTextual()) {
            return Optional.empty();
        }
        var checks = new LinkedHashMap<String, JsonNode>();
        node.path("checks").properties().forEach(entry -> checks.put(entry.getKey(), entry.getValue()));
        return Optional.of(new Health(httpStatus, node.get("status").asText(), checks));
    }

    /** True when the service reports every check as answering. */
    public boolean ok() {
        return "ok".equals(status);
    }
}
