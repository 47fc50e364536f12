package io.mediaopt.health;

import io.mediaopt.CachedCheck;
import io.mediaopt.Feature;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The dependencies /api/health asks: each check returns a detail (a version, say) or throws.
 * The service is "ok" only when every check answers. The checks run at the same time, each
 * answer is kept for {@link #FRESH_FOR}, and a check that has not answered within
 * {@link #TIMEOUT} counts as failed, so the report comes within that time whatever hangs.
 */
public final class HealthChecks {
    static final Duration TIMEOUT = Duration.ofMillis(1500);
    static final Duration FRESH_FOR = Duration.ofSeconds(2);

    private final Map<String, Callable<String>> checks = new LinkedHashMap<>();
    private final ExecutorService runner = Executors.newVirtualThreadPerTaskExecutor();

    public HealthChecks(Map<String, Callable<String>> checks) {
        checks.forEach((name, check) -> this.checks.put(name, new CachedCheck<>(FRESH_FOR, check)));
    }

    /** The checks of every feature, in the order of the features and of each one's checks. */
    public static HealthChecks of(List<? extends Feature> features) {
        Map<String, Callable<String>> checks = new LinkedHashMap<>();
        for (Feature feature : features) {
            feature.checks().forEach(check -> checks.put(check.name(), check.check()));
        }
        return new HealthChecks(checks);
    }

    public Report run() {
        Map<String, Future<String>> running = new LinkedHashMap<>();
        checks.forEach((name, check) -> running.put(name, runner.submit(check)));
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        Map<String, Check> results = new LinkedHashMap<>();
        boolean ok = true;
        for (var entry : running.entrySet()) {
            Check check = await(entry.getValue(), deadline);
            ok &= check.status().equals("ok");
            results.put(entry.getKey(), check);
        }
        return new Report(ok ? "ok" : "degraded", results);
    }

    private static Check await(Future<String> answer, long deadline) {
        try {
            return new Check("ok", answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS), null);
        } catch (TimeoutException e) {
            return new Check("failed", null, "no answer within " + TIMEOUT.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Check("failed", null, "interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return new Check("failed", null, cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
        }
    }

    public record Report(String status, Map<String, Check> checks) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Check(String status, String detail, String error) {}
}
