package io.mediaopt.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * The service's own view of its dependencies. A degraded service answers 503; that is still a
 * health report, so it arrives here with {@code httpStatus} 503 rather than as an exception.
 */
public record Health(int httpStatus, String status, Map<String, JsonNode> checks) {

    public Health {
        checks = checks == null ? Map.of() : Map.copyOf(checks);
    }

    /** True when the service reports every check as answering. */
    public boolean ok() {
        return "ok".equals(status);
    }
}
