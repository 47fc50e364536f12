package io.mediaopt.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.storage.Storage;
import io.mediaopt.tokens.JdbcTokenUses;
import io.mediaopt.tokens.UploadTokens;

import java.net.URI;
import java.time.Clock;
import java.util.Optional;

/**
 * What the routes of every feature share: the key check, the links to outputs, the form's
 * reader and upload tokens (which stand in for a key on the few routes they open).
 */
public final class RouteParts {
    final ApiKeys keys;
    final Storage storage;
    final DownloadLinks links;
    final UploadReader form;
    final UploadTokens uploadTokens;
    final JdbcTokenUses tokenUses;
    final TokenAccess tokenAccess;
    final ObjectMapper json;

    public RouteParts(ApiKeys keys, Storage storage, Optional<URI> publicUrl, StableLinks stableLinks,
                      UploadReader form, JdbcTokenUses tokenUses, ObjectMapper json, Clock clock) {
        this.keys = keys;
        this.storage = storage;
        this.links = new DownloadLinks(storage, publicUrl, stableLinks);
        this.form = form;
        this.uploadTokens = new UploadTokens(name -> keys.signatures(name, Signatures.Purpose.UPLOAD_TOKEN), json,
                clock);
        this.tokenUses = tokenUses;
        this.tokenAccess = new TokenAccess(keys, uploadTokens, tokenUses);
        this.json = json;
    }
}
