package io.mediaopt.cli;

import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.MediaoptClientBuilder;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;

/** Which service to talk to: --server and --api-key, or a service started in this process. */
final class ServerOptions {
    @Option(names = "--server", paramLabel = "URL", converter = HttpUrl.class,
            description = "Base URL of a running service, e.g. http://media.internal:8080 (/api is added when missing). "
                    + "Without it the service is started in this process on a free loopback port with a temporary store.")
    URI server;

    @Option(names = "--api-key", paramLabel = "KEY", defaultValue = "${env:MEDIAOPT_API_KEY}",
            description = "API key sent as x-api-key (default: $MEDIAOPT_API_KEY)")
    String apiKey;

    /** A client of the chosen service; closing it stops the in-process service, if one was started. */
    Connection connect(PrintWriter err) throws IOException {
        if (server != null) return new Connection(client(apiBase(server.toString())), null);
        LocalService local = LocalService.start();
        err.println("mediaopt: no --server given; started the service in process at " + local.baseUrl());
        err.flush();
        return new Connection(client(local.baseUrl()), local);
    }

    private MediaoptClient client(String baseUrl) {
        MediaoptClientBuilder builder = MediaoptClient.builder(baseUrl);
        return (apiKey == null || apiKey.isBlank() ? builder : builder.apiKey(apiKey)).build();
    }

    /** The client wants the base ending in /api; people type the origin. */
    static String apiBase(String url) {
        String trimmed = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        return trimmed.endsWith("/api") ? trimmed : trimmed + "/api";
    }

    /** --server's value: an http or https URL with a host, said plainly when it is not one. */
    static final class HttpUrl implements CommandLine.ITypeConverter<URI> {
        @Override
        public URI convert(String value) {
            try {
                URI uri = new URI(value);
                String scheme = uri.getScheme();
                if (uri.getHost() != null && ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))) return uri;
            } catch (URISyntaxException e) {
                // said below, in the words of the option
            }
            throw new CommandLine.TypeConversionException(
                    "expected an http or https URL such as http://media.internal:8080 but received '" + value + "'");
        }
    }

    record Connection(MediaoptClient client, LocalService local) implements AutoCloseable {
        @Override
        public void close() {
            client.close();
            if (local != null) local.close();
        }
    }
}
