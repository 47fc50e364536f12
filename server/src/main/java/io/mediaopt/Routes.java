package io.mediaopt;

import io.javalin.http.Handler;

/** Where a feature registers its routes; the server keeps them as its route table. */
public interface Routes {
    /**
     * A GET route, and the HEAD route of the same handler (Jetty sends no body): without its own
     * HEAD route, Javalin would answer 200 and nothing else for any path a GET route matches,
     * even a missing job.
     */
    void get(String path, Handler handler);

    /** A HEAD route of its own, for a path with no GET. */
    void head(String path, Handler handler);

    void post(String path, Handler handler);

    void patch(String path, Handler handler);

    void delete(String path, Handler handler);

    void options(String path, Handler handler);

    /** A handler run before the routes of the paths {@code path} matches, after the key check. */
    void before(String path, Handler handler);
}
