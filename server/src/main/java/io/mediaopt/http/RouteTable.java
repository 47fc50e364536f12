package io.mediaopt.http;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.mediaopt.Routes;

import java.util.ArrayList;
import java.util.List;

/** The routes the features register, handed on to Javalin and kept as "METHOD path" lines. */
final class RouteTable implements Routes {
    private final RoutesConfig javalin;
    private final List<String> lines = new ArrayList<>();

    RouteTable(RoutesConfig javalin) {
        this.javalin = javalin;
    }

    @Override
    public void get(String path, Handler handler) {
        add(HandlerType.GET, path, handler);
        add(HandlerType.HEAD, path, handler);
    }

    @Override
    public void head(String path, Handler handler) {
        add(HandlerType.HEAD, path, handler);
    }

    @Override
    public void post(String path, Handler handler) {
        add(HandlerType.POST, path, handler);
    }

    @Override
    public void patch(String path, Handler handler) {
        add(HandlerType.PATCH, path, handler);
    }

    @Override
    public void delete(String path, Handler handler) {
        add(HandlerType.DELETE, path, handler);
    }

    @Override
    public void options(String path, Handler handler) {
        add(HandlerType.OPTIONS, path, handler);
    }

    @Override
    public void before(String path, Handler handler) {
        javalin.before(path, handler);
    }

    /** Every route registered, "METHOD path", in the order the features registered them. */
    List<String> lines() {
        return List.copyOf(lines);
    }

    private void add(HandlerType method, String path, Handler handler) {
        javalin.addHttpHandler(method, path, handler);
        lines.add(method.name() + " " + path);
    }
}
