package io.mediaopt.http;

import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the API, written by hand beside the code
 * (resource {@code openapi.json}) and checked against the running server by the tests.
 */
final class ApiDocument {
    static final String PATH = "/api/openapi.json";
    private static final String RESOURCE = "/openapi.json";

    private final byte[] document;

    ApiDocument() {
        try (InputStream in = ApiDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("The OpenAPI document " + RESOURCE + " is missing");
            document = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void serve(Context ctx) {
        ctx.contentType("application/json").result(document);
    }
}
