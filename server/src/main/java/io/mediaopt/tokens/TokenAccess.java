package io.mediaopt.tokens;

import io.mediaopt.http.ApiKeys;
import io.mediaopt.http.ApiServer;
import io.mediaopt.http.ConnectionLimits;

import io.javalin.http.Context;
import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Sniffer;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Upload tokens in place of a key (docs/api-uploads.md, Upload tokens): a request carrying one in
 * {@code Authorization: Bearer} or {@code ?token=} to a route a token allows passes as the caller
 * of the key that minted it, once its signature, expiry and origin are checked. It may create one
 * upload (tus, form or direct), go on with that upload, and read the status of the job it made
 * (and the presets and limits an upload form shows); nothing else. With keys off a token is ignored, as any header.
 */
public final class TokenAccess implements ApiServer.KeyStandIn {
    private static final String ATTRIBUTE = "mediaopt.uploadToken";
    private static final String QUERY = "token";
    private static final Pattern CREATE = Pattern.compile("POST /api/(uploads|uploads/direct|media/jobs)");
    private static final Pattern OWN_UPLOAD =
            Pattern.compile("(?:HEAD|PATCH|DELETE) /api/uploads/([^/]+)|POST /api/uploads/([^/]+)/complete");
    private static final Pattern OWN_JOB = Pattern.compile("(?:GET|HEAD) /api/media/jobs/([^/]+)");
    /** What an upload form shows before a file is chosen: no data of any key. */
    private static final Pattern DESCRIPTIONS = Pattern.compile("OPTIONS /api/uploads|(?:GET|HEAD) /api/media/(?:presets|limits)");

    private final ApiKeys keys;
    private final UploadTokens tokens;
    private final JdbcTokenUses uses;
    private final UnaryOperator<String> jobOfUpload;
    private final Sniffer sniffer = new Sniffer();

    /**
     * {@code jobOfUpload} names the job an upload's last byte makes (uploads.ResumableUploads#jobIdOf),
     * whose status its token may read.
     */
    public TokenAccess(ApiKeys keys, UploadTokens tokens, JdbcTokenUses uses, UnaryOperator<String> jobOfUpload) {
        this.keys = keys;
        this.jobOfUpload = jobOfUpload;
        this.tokens = tokens;
        this.uses = uses;
    }

    /**
     * A before-handler, ahead of the key check: true when the request passed on an upload token.
     * False when it carries none, carries a key, or asks for a route no token opens (the key check
     * then decides); a token that does not allow the request is refused here, before any body is read.
     */
    @Override
    public boolean admit(Context ctx) {
        if (!keys.enforced() || keys.presentsKey(ctx)) return false;
        String text = presented(ctx);
        // most requests carry no token: they go to the key check without matching any route
        if (text == null) return false;
        String route = ctx.method().name() + " " + ctx.path();
        boolean create = CREATE.matcher(route).matches();
        Matcher upload = OWN_UPLOAD.matcher(route);
        Matcher job = OWN_JOB.matcher(route);
        boolean ownUpload = upload.matches();
        boolean ownJob = job.matches();
        if (!(create || ownUpload || ownJob || DESCRIPTIONS.matcher(route).matches())) return false;
        UploadToken token = tokens.verify(text);
        checkOrigin(ctx, token);
        if (create) {
            if (uses.find(token.id()).isPresent()) throw used();
            checkDeclaredSize(ctx, token);
        } else if (ownUpload) {
            String id = upload.group(1) != null ? upload.group(1) : upload.group(2);
            Optional<JdbcTokenUses.Use> use = uses.find(token.id());
            if (use.isEmpty() || !id.equals(use.get().uploadId())) throw scope("only the upload it made");
        } else if (ownJob && !madeJob(token, job.group(1))) {
            throw scope("only the status of the job its upload made");
        }
        keys.admit(ctx, token.key());
        ctx.attribute(ATTRIBUTE, token);
        return true;
    }

    /** The token the request passed on, empty when it passed on a key or keys are off. */
    public Optional<UploadToken> token(Context ctx) {
        return Optional.ofNullable(ctx.attribute(ATTRIBUTE));
    }

    /**
     * What the URL of an upload a request creates ends with: {@code ?token=} when the token came
     * that way, so an uploader that cannot set headers goes on with the upload's URL as given.
     */
    public String urlSuffix(Context ctx) {
        String query = ctx.queryParam(QUERY);
        return token(ctx).isPresent() && query != null && !query.isBlank()
                ? "?" + QUERY + "=" + URLEncoder.encode(query.strip(), StandardCharsets.UTF_8) : "";
    }

    /** The form's fields with the token's filled in and checked ({@link UploadToken#fieldsOver}); as sent without a token. */
    public Function<String, String> fields(Context ctx, Function<String, String> sent) {
        return token(ctx).map(t -> t.fieldsOver(sent)).orElse(sent);
    }

    /** {@link #fields} of fields given whole, as tus metadata or a JSON body gives them. */
    public Map<String, String> fields(Context ctx, Map<String, String> sent) {
        return token(ctx).map(t -> t.fieldsOver(sent)).orElse(sent);
    }

    /** Makes the upload or job a request creates. */
    @FunctionalInterface
    public interface Creation<T> {
        T create() throws IOException;
    }

    /**
     * Creates the token's one upload: takes its use (403 token-used when another request took it),
     * records what {@code made} says the creation made, and gives the use back when the creation
     * is refused. Without a token, only creates.
     */
    public <T> T once(Context ctx, Creation<T> creation, Function<T, JdbcTokenUses.Use> made) throws IOException {
        Optional<UploadToken> token = token(ctx);
        if (token.isEmpty()) return creation.create();
        if (!uses.claim(token.get())) throw used();
        T created;
        try {
            created = creation.create();
        } catch (IOException | RuntimeException e) {
            uses.release(token.get().id());
            throw e;
        }
        uses.made(token.get().id(), made.apply(created));
        return created;
    }

    /** Refuses a received file bigger than the request's token allows, or of another kind. */
    public void checkFile(Context ctx, Path file) throws IOException {
        Optional<UploadToken> token = token(ctx);
        if (token.isEmpty()) return;
        token.get().checkSize(Files.size(file));
        UploadToken.checkKind(token.get().mediaKind(), sniffer.sniff(file));
    }

    /** Refuses the file of an upload a token made when it is of another kind than that token allows. */
    public void checkKind(String uploadId, Optional<MediaFormat> sniffed) {
        if (keys.enforced()) UploadToken.checkKind(uses.kindOfUpload(uploadId), sniffed);
    }

    private boolean madeJob(UploadToken token, String jobId) {
        return uses.find(token.id()).map(use -> jobId.equals(use.jobId())
                || (use.uploadId() != null && jobId.equals(jobOfUpload.apply(use.uploadId())))).orElse(false);
    }

    /** A size declared before the body (tus's Upload-Length, a form's Content-Length) over the token's limit: 413 unread. */
    private static void checkDeclaredSize(Context ctx, UploadToken token) {
        if (token.maxBytes() == null) return;
        String uploadLength = ctx.header("Upload-Length");
        long declared = ctx.path().equals("/api/uploads") && uploadLength != null && uploadLength.matches("[0-9]{1,18}")
                ? Long.parseLong(uploadLength)
                : ctx.path().equals("/api/media/jobs") ? ctx.req().getContentLengthLong() - ConnectionLimits.FORM_OVERHEAD : -1;
        if (declared > token.maxBytes()) {
            ctx.header("Connection", "close");
            token.checkSize(declared);
        }
    }

    private static void checkOrigin(Context ctx, UploadToken token) {
        if (token.origin() == null) return;
        String origin = ctx.header("Origin");
        if (origin == null || !origin.strip().toLowerCase(Locale.ROOT).equals(token.origin())) {
            throw ServiceException.tokenRefused(ErrorCode.TOKEN_ORIGIN,
                    "This upload token is for pages of " + token.origin() + " only");
        }
    }

    /** The token in ?token= or Authorization: Bearer, null without one; a Bearer value not shaped as one is a key. */
    private static String presented(Context ctx) {
        String query = ctx.queryParam(QUERY);
        if (query != null && !query.isBlank()) return query.strip();
        String bearer = ApiKeys.bearer(ctx);
        return UploadTokens.looksLikeToken(bearer) ? bearer : null;
    }

    private static ServiceException used() {
        return ServiceException.tokenRefused(ErrorCode.TOKEN_USED, "This upload token was used for an upload already;"
                + " each token allows one upload");
    }

    private static ServiceException scope(String what) {
        return ServiceException.tokenRefused(ErrorCode.TOKEN_SCOPE, "This upload token allows " + what);
    }
}
