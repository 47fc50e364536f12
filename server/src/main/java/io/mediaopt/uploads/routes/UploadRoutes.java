package io.mediaopt.uploads.routes;

import io.mediaopt.jobs.routes.RouteParts;
import io.mediaopt.Feature;
import io.mediaopt.Routes;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.uploads.DirectUploads;
import io.mediaopt.uploads.ResumableUploads;

import java.util.List;

/**
 * The routes of uploads: tus under {@code /api/uploads}, straight to the bucket, and upload
 * tokens; with the jobs of complete uploads a stopped node left, and expired tokens, swept.
 */
public final class UploadRoutes implements Feature {
    private final TusHandlers tus;
    private final DirectUploadHandlers direct;
    private final TokenHandlers tokens;
    private final RouteParts parts;

    public UploadRoutes(RouteParts parts, Jobs jobs, ResumableUploads resumable) {
        this.parts = parts;
        this.tus = new TusHandlers(resumable, parts.form(), jobs, parts.links(), parts.keys(), parts.tokenAccess());
        this.direct = new DirectUploadHandlers(new DirectUploads(resumable, parts.storage()), parts.form(), jobs,
                parts.links(), parts.keys(), parts.json(), parts.tokenAccess());
        this.tokens = new TokenHandlers(parts.keys(), parts.uploadTokens(), parts.form(), parts.links(), parts.json());
    }

    @Override
    public void routes(Routes routes) {
        routes.before("/api/uploads*", ctx -> ctx.header("Tus-Resumable", TusHandlers.VERSION));
        routes.options("/api/uploads", tus::options);
        routes.post("/api/uploads", tus::create);
        routes.head("/api/uploads/{id}", tus::head);
        routes.patch("/api/uploads/{id}", tus::patch);
        routes.delete("/api/uploads/{id}", tus::delete);
        routes.post("/api/uploads/direct", direct::start);
        routes.post("/api/uploads/{id}/complete", direct::complete);
        routes.post("/api/uploads/tokens", tokens::mint);
    }

    @Override
    public List<Chore> chores() {
        return List.of(new Chore("stranded-uploads", tus::finishStranded),
                new Chore("upload-token-expiry", parts.tokenUses()::purgeExpired));
    }
}
