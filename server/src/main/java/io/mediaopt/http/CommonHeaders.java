package io.mediaopt.http;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.server.Request;

/**
 * The headers every answer of the service carries whichever route answers it (the request id,
 * {@code nosniff}, CORS), for an answer given ahead of the routes, straight from Jetty.
 */
@FunctionalInterface
public interface CommonHeaders {
    /** Adds them to {@code answer}, whose own headers are set already (a {@code Vary} is extended). */
    void addTo(Request request, HttpFields.Mutable answer);
}
