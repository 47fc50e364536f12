package io.mediaopt.http;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The dependencies /api/health asks: each check returns a detail (a version, say) or throws.
 * The service is "ok" only when every check answers.
 */
public final class HealthChecks {
    private final Map<String, Callable<String>> checks;

    public HealthChecks(Map<String, Callable<String>> checks) {
        this.checks = new LinkedHashMap<>(checks);
    }

    public Report run() {
        Map<String, Check> results = new LinkedHashMap<>();
        boolean ok = true;
        for (var entry : checks.entrySet()) {
            Check check = run(entry.getValue());
            ok &= check.status().equals("ok");
            results.put(entry.getKey(), check);
        }
        return new Report(ok ? "ok" : "degraded", results);
    }

    private static Check run(Callable<String> check) {
        try {
            return new Check("ok", check.call(), null);
        } catch (Exception e) {
            return new Check("failed", null, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    public record Report(String status, Map<String, Check> checks) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Check(String status, String detail, String error) {}
}
