package io.mediaopt;

import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The real server, started in this JVM once for a test class and stopped after it, with the
 * class's own settings:
 * <pre>
 * &#64;RegisterExtension
 * static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1"));
 * </pre>
 * Tests that need several servers with different settings in one method start
 * {@link TestService}s themselves.
 */
public final class RunningServer implements BeforeAllCallback, AfterAllCallback {
    private final Map<String, String> settings;
    private final boolean withS3;
    private S3TestServer s3;
    private TestService service;
    private MediaoptClient client;

    private RunningServer(Map<String, String> settings, boolean withS3) {
        this.settings = settings;
        this.withS3 = withS3;
    }

    /** A server with the defaults of {@link TestService}. */
    public static RunningServer withDefaults() {
        return with(Map.of());
    }

    /** A server with these {@code SERVICE_*} settings over the defaults of {@link TestService}. */
    public static RunningServer with(Map<String, String> settings) {
        return new RunningServer(settings, false);
    }

    /** The same server storing in an S3 bucket of its own ({@link S3TestServer}), started first. */
    public RunningServer withS3() {
        return new RunningServer(settings, true);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Map<String, String> env = new HashMap<>(settings);
        if (withS3) {
            s3 = S3TestServer.start();
            env.putAll(s3.env());
        }
        service = TestService.start(env);
        client = service.client();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        MediaoptClient openClient = client;
        TestService running = service;
        S3TestServer bucket = s3;
        client = null;
        service = null;
        s3 = null;
        // the client, then the server, then the bucket it stored in
        try {
            if (openClient != null) openClient.close();
        } finally {
            try {
                if (running != null) running.close();
            } finally {
                if (bucket != null) bucket.close();
            }
        }
    }

    public String baseUrl() {
        return started().baseUrl();
    }

    /** A client of this server, closed with it; the API key is the first of SERVICE_API_KEYS. */
    public MediaoptClient client() {
        started();
        return client;
    }

    public Path outputDir() {
        return started().outputDir();
    }

    /** The bucket the server stores in, when made {@link #withS3()}. */
    public S3TestServer s3() {
        if (s3 == null) throw new IllegalStateException("the server was not made withS3()");
        return s3;
    }

    private TestService started() {
        if (service == null) throw new IllegalStateException("the server runs only while its test class does");
        return service;
    }
}
