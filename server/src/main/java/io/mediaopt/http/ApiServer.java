package io.mediaopt.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.json.JavalinJackson;
import io.mediaopt.ServiceException;
import io.mediaopt.jobs.BusyException;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.storage.Storage;
import io.mediaopt.usage.UsageCounters;
import io.mediaopt.usage.UsageSnapshot;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** The HTTP API: the routes table, the key check, totals headers and the one error mapping. */
public final class ApiServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ApiServer.class);

    private final Javalin app;
    private final UsageCounters usage;

    public ApiServer(Settings settings, Jobs jobs, Storage storage, UsageCounters usage, UploadReader uploads,
                     InfoHandlers info, ObjectMapper json) {
        this.usage = usage;
        ApiKeys keys = settings.apiKeys();
        MediaHandlers media = new MediaHandlers(jobs, storage, uploads, new DownloadLinks(storage, settings.publicUrl()));
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
                server.setStopTimeout(settings.stopGrace().toMillis());
                GracefulHandler graceful = new GracefulHandler();
                settings.connectionLimits().uploadRateHandler().ifPresent(graceful::setHandler);
                server.setHandler(graceful);
            });

            // a browser must take every response for what its Content-Type says, never sniff
            // an uploaded image into a page
            config.routes.before(ctx -> ctx.header("X-Content-Type-Options", "nosniff"));
            config.routes.before(keys::check);
            config.routes.get("/api/health", info::health);
            if (settings.servesApi()) {
                config.routes.before("/api/media/*", uploads::checkDeclaredLength);
                config.routes.post("/api/media/optimize", media::optimize);
                config.routes.post("/api/media/jobs", media::submit);
                config.routes.get("/api/media/jobs/{id}", media::get);
                config.routes.get("/api/media/jobs/{id}/download", media::download);
                config.routes.get("/api/media/presets", info::presets);
                config.routes.get("/api/media/limits", info::limits);
                config.routes.get("/api/usage", info::usage);
            }
            config.routes.after(this::addTotals);

            config.routes.exception(ServiceException.class, this::serviceError);
            config.routes.exception(HttpResponseException.class, (e, ctx) -> error(ctx, e.getStatus(),
                    e.getStatus() == 404 ? "not-found" : "invalid-input", e.getMessage()));
            config.routes.exception(Exception.class, this::unexpected);
            config.routes.error(404, ctx -> {
                if (ctx.result() == null) error(ctx, 404, "not-found", "No route for " + ctx.method() + " " + ctx.path());
            });
            config.routes.error(405, ctx -> error(ctx, 405, "method-not-allowed", "Method not allowed"));
        });
    }

    /**
     * The parts of the configuration the HTTP layer needs. A node that does not serve the API
     * (a worker) still answers health checks; {@code stopGrace} bounds how long a stop waits
     * for requests in flight; {@code connectionLimits} how slow a client may be.
     */
    public record Settings(String host, int port, Optional<URI> publicUrl, ApiKeys apiKeys, boolean servesApi,
                           Duration stopGrace, ConnectionLimits connectionLimits) {}

    public ApiServer start() {
        app.start();
        return this;
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
        if (status < 200 || status >= 300) return;
        UsageSnapshot totals = usage.snapshot();
        ctx.header("x-service-total-jobs", Long.toString(totals.totalJobs()));
        ctx.header("x-service-total-bytes-saved", Long.toString(totals.totalSavedBytes()));
    }

    private void serviceError(ServiceException e, Context ctx) {
        if (e.status() >= 500 && !(e instanceof BusyException)) {
            log.error("{} {} failed: {}", ctx.method(), ctx.path(), e.code(), e);
        }
        if (e instanceof BusyException busy) ctx.header("Retry-After", Integer.toString(busy.retryAfterSeconds()));
        error(ctx, e.status(), e.code(), e.getMessage());
    }

    private void unexpected(Exception e, Context ctx) {
        log.error("{} {} failed", ctx.method(), ctx.path(), e);
        error(ctx, 500, "internal", "Internal server error");
    }

    private static void error(Context ctx, int status, String code, String message) {
        ctx.status(status).json(new ErrorBody(message, code));
    }
}
