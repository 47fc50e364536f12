package io.mediaopt.jobs.routes;

import io.mediaopt.http.ApiKeys;
import io.mediaopt.http.Signatures;
import io.mediaopt.tokens.TokenAccess;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.renditions.routes.StableLinks;
import io.mediaopt.storage.Storage;
import io.mediaopt.tokens.JdbcTokenUses;
import io.mediaopt.tokens.UploadTokens;

import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What the routes of every feature share: the key check, the links to outputs, the form's
 * reader and upload tokens (which stand in for a key on the few routes they open).
 */
public final class RouteParts {
    private final ApiKeys keys;
    private final Storage storage;
    private final DownloadLinks links;
    private final UploadReader form;
    private final UploadTokens uploadTokens;
    private final JdbcTokenUses tokenUses;
    private final TokenAccess tokenAccess;
    private final ObjectMapper json;

    public RouteParts(ApiKeys keys, Storage storage, Optional<URI> publicUrl, StableLinks stableLinks,
                      UploadReader form, JdbcTokenUses tokenUses, UnaryOperator<String> jobOfUpload, ObjectMapper json,
                      Clock clock) {
        this.keys = keys;
        this.storage = storage;
        this.links = new DownloadLinks(storage, publicUrl, stableLinks);
        this.form = form;
        this.uploadTokens = new UploadTokens(name -> keys.signatures(name, Signatures.Purpose.UPLOAD_TOKEN), json,
                clock);
        this.tokenUses = tokenUses;
        this.tokenAccess = new TokenAccess(keys, uploadTokens, tokenUses, jobOfUpload);
        this.json = json;
    }

    public ApiKeys keys() {
        return keys;
    }

    public Storage storage() {
        return storage;
    }

    public DownloadLinks links() {
        return links;
    }

    public UploadReader form() {
        return form;
    }

    public UploadTokens uploadTokens() {
        return uploadTokens;
    }

    public JdbcTokenUses tokenUses() {
        return tokenUses;
    }

    public TokenAccess tokenAccess() {
        return tokenAccess;
    }

    public ObjectMapper json() {
        return json;
    }
}
