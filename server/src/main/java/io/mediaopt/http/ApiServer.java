package io.mediaopt.http;


import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.json.JavalinJackson;
import io.javalin.router.Endpoint;
import io.mediaopt.ErrorCode;
import io.mediaopt.Feature;
import io.mediaopt.ServiceException;
import io.mediaopt.logs.LogContext;
import io.mediaopt.metrics.MetricsFeature;
import io.mediaopt.metrics.ServiceMetrics;
import io.mediaopt.usage.UsageCounters;
import io.mediaopt.usage.UsageSnapshot;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Optional;
import java.util.function.Function;

/**
 * The HTTP API: the filters every route shares (request ids, CORS, the key check), the routes
 * the features register, totals headers, request metrics and the one error mapping.
 */
public final class ApiServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ApiServer.class);
    /** Every answer carries it: a browser must take a response for what its Content-Type says. */
    static final String NO_SNIFF = "X-Content-Type-Options";
    /** The route label of a request no route matched, so unknown paths add no label values. */
    private static final String UNMATCHED = "unmatched";
    /** When a request that met an unreachable database or storage is worth sending again. */
    static final Duration OUTAGE_RETRY_AFTER = Duration.ofSeconds(5);
    /** The job a tus upload's last piece made, on the answer to that PATCH. */
    public static final String JOB_ID = "x-service-job-id";
    static final String TOTAL_JOBS = "x-service-total-jobs";
    static final String TOTAL_BYTES_SAVED = "x-service-total-bytes-saved";

    private final Javalin app;
    private final UsageCounters usage;
    private final ServiceMetrics metrics;
    private final List<String> routeTable = new ArrayList<>();

    /** What may stand in for an API key on some routes (an upload token), asked ahead of the key check. */
    public interface KeyStandIn {
        /** True when the request passed on it; false leaves the request to the key check. */
        boolean admit(Context ctx);
    }

    /** Serves the routes {@code features} register, in their order, behind the filters every route shares. */
    public ApiServer(Settings settings, ApiKeys keys, KeyStandIn standIn, List<? extends Feature> features, UsageCounters usage,
                     ServiceMetrics metrics, ObjectMapper json,
                     Optional<Function<CommonHeaders, org.eclipse.jetty.server.Handler.Wrapper>> earlyImageHits) {
        this.usage = usage;
        this.metrics = metrics;
        Cors cors = new Cors(settings.cors(), serviceHeaders());
        this.app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.concurrency.useVirtualThreads = true;
            settings.connectionLimits().applyTo(config.jetty, settings.host(), settings.port());
            config.jsonMapper(new JavalinJackson(json, true));
            config.http.prefer405over404 = false;

            // On stop, requests in flight (a synchronous encode, say) may finish within the grace
            // period. Javalin nests its own handler inside the innermost of this chain.
            config.jetty.modifyServer(server -> {
                server.setErrorHandler(new ProtocolErrors(json, cors));
                server.setStopTimeout(settings.stopGrace().toMillis());
                GracefulHandler graceful = new GracefulHandler();
                List<org.eclipse.jetty.server.Handler.Wrapper> chain = new ArrayList<>();
                chain.add(graceful);
                settings.connectionLimits().uploadRateHandler().ifPresent(chain::add);
                // image URL hits answered before the routes' servlet, for a fraction of its work
                earlyImageHits.ifPresent(hits -> chain.add(hits.apply((request, answer) -> {
                    answer.put(RequestIds.HEADER, RequestIds.choose(request.getHeaders().get(RequestIds.HEADER)));
                    answer.put(NO_SNIFF, "nosniff");
                    cors.addToAnswer(answer, request.getHeaders());
                })));
                for (int i = 1; i < chain.size(); i++) chain.get(i - 1).setHandler(chain.get(i));
                server.setHandler(graceful);
            });

            config.routes.before(RequestIds::assign);
            // a browser must take every response for what its Content-Type says, never sniff
            // an uploaded image into a page
            config.routes.before(ctx -> ctx.header(NO_SNIFF, "nosniff"));
            // ahead of the key check: a browser sends a preflight without the key
            config.routes.before(cors::before);
            // only the exact path /metrics, and only when the operator made it public, goes without a key
            // an upload token stands in for a key on the few routes it opens; any other request needs a key
            config.routes.before(ctx -> {
                if (!(settings.metricsPublic() && MetricsFeature.PATH.equals(ctx.path()))
                        && !standIn.admit(ctx)) {
                    keys.check(ctx);
                }
            });
            config.requestLogger.http((ctx, millis) -> {
                metrics.httpRequest(ctx.method().name(), route(ctx), ctx.statusCode(),
                        Duration.ofNanos((long) (millis * 1_000_000)));
                LogContext.endRequest();
            });
            RouteTable routes = new RouteTable(config.routes);
            for (Feature feature : features) feature.routes(routes);
            routeTable.addAll(routes.lines());
            config.routes.after(this::addTotals);
            config.routes.after(cors::keepVary);

            config.routes.exception(ServiceException.class, this::serviceError);
            // Javalin's own refusals keep their status; anything but a missing route is the request's fault
            config.routes.exception(HttpResponseException.class, (e, ctx) -> error(ctx, e.getStatus(),
                    ErrorCode.forRefusal(e.getStatus()), e.getMessage()));
            config.routes.exception(Exception.class, this::unexpected);
            config.routes.error(404, ctx -> {
                if (ctx.result() == null) error(ctx, ErrorCode.NOT_FOUND, "No route for " + ctx.method() + " " + ctx.path());
            });
        });
    }

    /**
     * The parts of the configuration the HTTP layer needs: {@code stopGrace} bounds how long a
     * stop waits for requests in flight; {@code connectionLimits} how slow a client may be;
     * {@code metricsPublic} lets GET /metrics answer without a key; {@code cors} names the
     * origins whose pages may read answers.
     */
    public record Settings(String host, int port, Duration stopGrace, ConnectionLimits connectionLimits,
                           boolean metricsPublic, CorsOrigins cors) {}

    public ApiServer start() {
        app.start();
        return this;
    }

    /** The route table: every route the features registered, "METHOD path", in their order. */
    public List<String> routes() {
        return List.copyOf(routeTable);
    }

    public int port() {
        return app.port();
    }

    @Override
    public void close() {
        app.stop();
    }

    private void addTotals(Context ctx) {
        int status = ctx.statusCode();
        // the page's files are public, the totals are not
        if (status < 200 || status >= 300 || !ctx.path().startsWith("/api/")) return;
        UsageSnapshot totals = usage.snapshot();
        ctx.header(TOTAL_JOBS, Long.toString(totals.totalJobs()));
        ctx.header(TOTAL_BYTES_SAVED, Long.toString(totals.totalSavedBytes()));
    }

    /** Every header of the service's own an answer may carry, which pages of other origins may read. */
    private static List<String> serviceHeaders() {
        List<String> names = new ArrayList<>(ResultHeaders.NAMES);
        names.addAll(List.of(JOB_ID, TOTAL_JOBS, TOTAL_BYTES_SAVED, RequestIds.HEADER));
        // an image URL's answer tells its format and whether it was rendered for it
        names.addAll(List.of("x-service-format", "x-service-cache"));
        return names;
    }

    private void serviceError(ServiceException e, Context ctx) {
        OptionalInt busy = e.busyRetryAfter();
        if (busy.isPresent()) {
            ctx.header("Retry-After", Integer.toString(busy.getAsInt()));
            metrics.busyAnswer(route(ctx));
        } else if (e.status() == 503 || e.status() == 507) {
            // an outage of the job database or of storage: the request may pass once it is over
            log.warn("{} {} failed: {} {} ({})", ctx.method(), ctx.path(), e.status(), e.code(), rootCause(e));
            ctx.header("Retry-After", Long.toString(OUTAGE_RETRY_AFTER.toSeconds()));
        } else if (e.errorCode() == ErrorCode.NOT_SUPPORTED || e.errorCode() == ErrorCode.SOURCE_UNREACHABLE) {
            // a route this server's setup does not offer (uploads straight to the bucket on a local
            // disk): the caller's answer says so, and nothing is wrong with the server
            log.info("{} {} refused: {}", ctx.method(), ctx.path(), e.getMessage());
        } else if (e.status() >= 500) {
            log.error("{} {} failed: {}", ctx.method(), ctx.path(), e.code(), e);
        }
        error(ctx, e.status(), e.errorCode(), e.getMessage());
    }

    private static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) root = root.getCause();
        return root.toString();
    }

    private void unexpected(Exception e, Context ctx) {
        log.error("{} {} failed", ctx.method(), ctx.path(), e);
        error(ctx, ErrorCode.INTERNAL, "Internal server error");
    }

    /** The route template that matched ({@code /api/media/jobs/{id}}), never the raw path. */
    private static String route(Context ctx) {
        Endpoint endpoint = ctx.endpoints().matchedHttpEndpoint();
        return endpoint == null ? UNMATCHED : endpoint.path;
    }

    private static void error(Context ctx, ErrorCode code, String message) {
        error(ctx, code.status(), code, message);
    }

    private static void error(Context ctx, int status, ErrorCode code, String message) {
        UnreadBodies.drain(ctx);
        ctx.status(status).json(new ErrorBody(message, code));
    }
}
