package io.mediaopt;

import io.mediaopt.storage.S3Connection;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real S3 server in this JVM (S3Proxy over a temporary directory) on a free port of 127.0.0.1,
 * checking AWS signatures, with one empty bucket; it counts the reads of each object.
 */
public final class S3TestServer implements AutoCloseable {
    public static final String BUCKET = "media";
    public static final String ACCESS_KEY = "test-access-key";
    public static final String SECRET_KEY = "test-secret-key-0123456789";
    public static final String REGION = "us-east-1";

    private S3Proxy proxy;
    /** Kept: a stopped proxy no longer knows it. */
    private final int port;
    private final BlobStore blobs;
    private final Path dir;
    private final Map<String, AtomicInteger> reads;

    private S3TestServer(S3Proxy proxy, BlobStore blobs, Path dir, Map<String, AtomicInteger> reads) {
        this.proxy = proxy;
        this.port = proxy.getPort();
        this.blobs = blobs;
        this.dir = dir;
        this.reads = reads;
    }

    public static S3TestServer start() throws Exception {
        Path dir = Files.createTempDirectory("s3proxy");
        Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();
        BlobStore blobs = new ForwardingBlobStore(new FilesystemNio2BlobStore(dir.toString())) {
            @Override
            public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
                reads.computeIfAbsent(request.key(), key -> new AtomicInteger()).incrementAndGet();
                return super.getBlob(request);
            }
        };
        blobs.createContainer(BUCKET);
        S3TestServer server = new S3TestServer(serve(blobs, 0), blobs, dir, reads);
        server.answerOnce();
        return server;
    }

    /**
     * Asks for the bucket once, before any test does: the first request loads S3Proxy's and the
     * SDK's classes, which on a busy machine takes longer than the service's reachability check
     * (1.2 s) allows, so a test's first call would find storage "unreachable".
     */
    private void answerOnce() {
        try (S3Connection connection = connect()) {
            connection.client().headBucket(b -> b.bucket(BUCKET));
        }
    }

    private static S3Proxy serve(BlobStore blobs, int port) throws Exception {
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(blobs)
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .endpoint(URI.create("http://127.0.0.1:" + port))
                .stopTimeout(0)
                .build();
        proxy.start();
        Eventually.until(Duration.ofSeconds(30), "S3Proxy started", () -> {
            if (proxy.getState().equals("FAILED")) throw new IllegalStateException("S3Proxy did not start");
            return proxy.getState().equals("STARTED");
        });
        return proxy;
    }

    /** Answers again after {@link #stop}, on the same port, with the objects it held. */
    public void restart() throws Exception {
        proxy = serve(blobs, port);
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The SERVICE_OBJECT_* variables that point the service at this server. */
    public Map<String, String> env() {
        return Map.of(
                "SERVICE_OBJECT_BUCKET", BUCKET,
                "SERVICE_OBJECT_ACCESS_KEY_ID", ACCESS_KEY,
                "SERVICE_OBJECT_SECRET_ACCESS_KEY", SECRET_KEY,
                "SERVICE_OBJECT_REGION", REGION,
                "SERVICE_OBJECT_ENDPOINT", endpoint().toString());
    }

    /** A connection as the service makes one, with this server's keys. */
    public S3Connection connect() {
        return S3Connection.open(REGION, Optional.of(endpoint()), ACCESS_KEY, SECRET_KEY);
    }

    /** Whether the bucket holds an object under the key, asked of the store behind the server. */
    public boolean holds(String key) {
        return blobs.blobExists(BUCKET, key);
    }

    /** How many times a client asked for the object under the key (a GET, whole or ranged), since the start. */
    public int reads(String key) {
        AtomicInteger count = reads.get(key);
        return count == null ? 0 : count.get();
    }

    /** The keys of every object in the bucket that start with {@code prefix}, listed as S3 lists them. */
    public List<String> keys(String prefix) {
        List<String> keys = new ArrayList<>();
        String token = null;
        do {
            ListObjectsV2Response page = blobs.list(ListObjectsV2Request.builder().bucket(BUCKET).prefix(prefix)
                    .continuationToken(token).build());
            page.contents().forEach(o -> keys.add(o.key()));
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
        return keys;
    }

    /** Removes the bucket and everything in it: from then on the server answers 404 NoSuchBucket. */
    public void deleteBucket() {
        blobs.deleteContainer(BUCKET);
    }

    /** Stops answering; the port is closed from then on. */
    public void stop() throws Exception {
        proxy.stop();
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (Exception e) {
            throw new IllegalStateException("the S3 test server did not stop", e);
        }
        blobs.close();
        try {
            DirectoryTrees.delete(dir);
        } catch (IOException ignored) {
            // a temporary directory; the OS cleans it eventually
        }
    }
}
