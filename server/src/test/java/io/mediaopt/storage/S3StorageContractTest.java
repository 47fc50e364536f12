package io.mediaopt.storage;

import io.mediaopt.Eventually;
import io.mediaopt.Integration;
import io.mediaopt.S3TestServer;
import io.mediaopt.StallingProxy;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The storage contract against a real S3 server, plus what only S3 does: parts and signed URLs. */
@Integration
class S3StorageContractTest extends StorageContractTest {
    private static final long MIB = 1024 * 1024;
    /** Small parts, so a 13 MB file is uploaded in three. */
    private static final S3Storage.PartSizes TEST_PARTS = new S3Storage.PartSizes(8 * MIB, 6 * MIB);
    private static final String DISPOSITION =
            "attachment; filename=\"r_sum_ _x_.webp\"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22x%22.webp";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    static S3TestServer server;
    static S3Connection connection;
    static S3Storage storage;
    static S3Connection nowhere;

    @BeforeAll
    static void start() throws Exception {
        server = S3TestServer.start();
        connection = server.connect();
        storage = new S3Storage(connection, S3TestServer.BUCKET, TEST_PARTS);
        nowhere = S3Connection.open(S3TestServer.REGION, Optional.of(URI.create("http://127.0.0.1:" + closedPort())),
                S3TestServer.ACCESS_KEY, S3TestServer.SECRET_KEY);
    }

    @AfterAll
    static void stop() throws Exception {
        nowhere.close();
        connection.close();
        server.close();
    }

    @Override
    Storage storage() {
        return storage;
    }

    @Override
    Storage unusableStorage() {
        return new S3Storage(nowhere, S3TestServer.BUCKET, TEST_PARTS);
    }

    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void aLargeFileGoesUpInPartsAndTheSourceIsConsumed() throws Exception {
        Path source = Files.write(dir.resolve("large"), new byte[LARGE_BYTES]);

        storage.put(key("output.mp4"), source, "video/mp4");

        var head = connection.client().headObject(b -> b.bucket(S3TestServer.BUCKET).key(key("output.mp4")));
        assertThat(head.eTag()).endsWith("-3\"");
        assertThat(head.contentType()).isEqualTo("video/mp4");
        assertThat(source).doesNotExist();
    }

    @Test
    void aPresignedUrlServesTheObjectWithItsTypeAndName() throws Exception {
        storage.put(key("output.webp"), file("webp bytes"), "image/webp");

        URI url = storage.presignedUrl(key("output.webp"), "image/webp", DISPOSITION, Duration.ofHours(1)).orElseThrow();
        HttpResponse<String> response = fetch(url);

        assertThat(url.toString()).startsWith(server.endpoint() + "/" + S3TestServer.BUCKET + "/outputs/")
                .contains("X-Amz-Expires=3600");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("webp bytes");
        assertThat(response.headers().firstValue("Content-Type")).hasValue("image/webp");
        assertThat(response.headers().firstValue("Content-Disposition")).hasValue(DISPOSITION);
    }

    @Test
    void aTamperedPresignedUrlIsRefused() throws Exception {
        storage.put(key("output.webp"), file("secret"), "image/webp");
        String url = presign(Duration.ofHours(1)).toString();

        String longer = url.replace("X-Amz-Expires=3600", "X-Amz-Expires=7200");
        String signature = url.substring(url.indexOf("X-Amz-Signature=") + "X-Amz-Signature=".length());
        String forged = url.replace(signature, signature.startsWith("0") ? "1" + signature.substring(1)
                : "0" + signature.substring(1));
        String otherType = url.replace("response-content-type=image%2Fwebp", "response-content-type=text%2Fhtml");

        assertThat(fetch(URI.create(url)).statusCode()).isEqualTo(200);
        for (String tampered : new String[]{longer, forged, otherType}) {
            assertThat(tampered).isNotEqualTo(url);
            HttpResponse<String> response = fetch(URI.create(tampered));
            assertThat(response.statusCode()).as(tampered).isEqualTo(403);
            assertThat(response.body()).doesNotContain("secret");
        }
    }

    @Test
    void anExpiredPresignedUrlIsRefused() throws Exception {
        storage.put(key("output.webp"), file("short-lived"), "image/webp");
        URI url = presign(Duration.ofSeconds(1));

        Thread.sleep(2100);

        assertThat(fetch(url).statusCode()).isEqualTo(403);
    }

    @Test
    void checkNamesAMissingBucketAndRefusedKeys() {
        S3Storage otherBucket = new S3Storage(connection, "no-such-bucket", TEST_PARTS);
        assertThatThrownBy(otherBucket::check).hasMessage("the bucket does not exist");

        try (S3Connection wrongKeys = S3Connection.open(S3TestServer.REGION, Optional.of(server.endpoint()),
                S3TestServer.ACCESS_KEY, "not-the-secret")) {
            S3Storage refused = new S3Storage(wrongKeys, S3TestServer.BUCKET, TEST_PARTS);
            assertThatThrownBy(refused::check).hasMessage("access to the bucket is denied");
            assertThatThrownBy(() -> refused.put(key("x"), file("x"), "image/webp"))
                    .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.code()).isEqualTo("storage-failed"));
        }
    }

    @Test
    void anUnreachableServerFailsTheCheckAndEveryOperationQuickly() throws Exception {
        Storage unreachable = unusableStorage();
        long started = System.nanoTime();

        assertThatThrownBy(unreachable::check).hasMessage("object storage cannot be reached");
        assertThatThrownBy(() -> unreachable.put(key("x"), file("x"), "image/webp"))
                .isInstanceOf(StorageException.class);
        assertThatThrownBy(() -> unreachable.open(key("x"))).isInstanceOf(StorageException.class);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void aServerThatStopsAnsweringFailsEachOperationWithin2SecondsAsUnreachable() throws Exception {
        Path copy = dir.resolve("copy");
        for (Operation operation : new Operation[]{
                s3 -> s3.put(key("output.webp"), file("again"), "image/webp"),
                s3 -> s3.open(key("output.webp")),
                s3 -> s3.openRange(key("output.webp"), 0, 1),
                s3 -> s3.size(key("output.webp")),
                s3 -> s3.copyTo(key("output.webp"), copy),
                s3 -> s3.delete(key("output.webp"))}) {
            try (StallingProxy proxy = StallingProxy.start(server.endpoint().getPort());
                 S3Connection viaProxy = throughProxy(proxy)) {
                S3Storage stalling = new S3Storage(viaProxy, S3TestServer.BUCKET, TEST_PARTS);
                stalling.put(key("output.webp"), file("webp bytes"), "image/webp");
                // the bucket answered just now, so the operation meets the stall unwarned
                stalling.check();
                proxy.stall();
                long started = System.nanoTime();

                assertThatThrownBy(() -> operation.on(stalling)).isInstanceOfSatisfying(StorageException.class,
                        e -> assertThat(e.fault()).isEqualTo(StorageException.Fault.UNREACHABLE));
                // a generous bound: the operation's own limit is 1.5 s, and about 2 s for a small upload
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
                // the failed call told the next one, although the bucket's last answer is not stale yet
                assertThatThrownBy(() -> stalling.size(key("output.webp"))).hasMessage("Object storage cannot be reached");
            }
        }
        assertThat(copy).doesNotExist();
    }

    @Test
    void whileTheBucketIsKnownUnreachableOperationsAreRefusedWithoutTryingAndResumeWhenItAnswers() throws Exception {
        try (StallingProxy proxy = StallingProxy.start(server.endpoint().getPort());
             S3Connection viaProxy = throughProxy(proxy)) {
            S3Storage stalling = new S3Storage(viaProxy, S3TestServer.BUCKET, TEST_PARTS);
            stalling.put(key("output.webp"), file("webp bytes"), "image/webp");
            proxy.stall();
            // once the bucket's last answer is stale, the next look finds it unreachable
            Eventually.until(Duration.ofSeconds(10), "the bucket found unreachable", () -> {
                try {
                    stalling.check();
                    return false;
                } catch (IOException e) {
                    return e.getMessage().equals("object storage cannot be reached");
                }
            });

            for (ThrowingCallable operation : new ThrowingCallable[]{
                    () -> stalling.put(key("other.webp"), file("x"), "image/webp"),
                    () -> stalling.open(key("output.webp")),
                    () -> stalling.size(key("output.webp")),
                    () -> stalling.delete(key("output.webp"))}) {
                assertThatThrownBy(operation).isInstanceOfSatisfying(StorageException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("Object storage cannot be reached");
                    assertThat(e.status()).isEqualTo(503);
                });
            }

            proxy.pass();
            long size = Eventually.await(Duration.ofSeconds(10), () -> {
                try {
                    return stalling.size(key("output.webp"));
                } catch (StorageException stillRefused) {
                    return -1L;
                }
            }, answered -> answered == "webp bytes".length());
            assertThat(size).as("the size, once the bucket answers again").isEqualTo("webp bytes".length());
        }
    }

    @Test
    void aDownloadReadMoreSlowlyThanTheCallLimitIsNotCut() throws Exception {
        byte[] bytes = new byte[LARGE_BYTES];
        new Random(11).nextBytes(bytes);
        storage.put(key("output.mp4"), Files.write(dir.resolve("large"), bytes), "video/mp4");

        try (Storage.StoredObject object = storage.open(key("output.mp4"))) {
            byte[] start = object.content().readNBytes(1024);
            // longer than any S3 call's own limit: the client reading slowly must not lose the rest
            Thread.sleep(S3Deadlines.SMALL_CALL.multipliedBy(2).toMillis());
            byte[] rest = object.content().readAllBytes();
            assertThat(start.length + rest.length).isEqualTo(LARGE_BYTES);
            assertThat(rest).isEqualTo(Arrays.copyOfRange(bytes, 1024, LARGE_BYTES));
        }
    }

    @FunctionalInterface
    private interface Operation {
        void on(Storage storage) throws Exception;
    }

    private static S3Connection throughProxy(StallingProxy proxy) {
        return S3Connection.open(S3TestServer.REGION, Optional.of(URI.create("http://127.0.0.1:" + proxy.port())),
                S3TestServer.ACCESS_KEY, S3TestServer.SECRET_KEY);
    }

    private URI presign(Duration validity) {
        return storage.presignedUrl(key("output.webp"), "image/webp", DISPOSITION, validity).orElseThrow();
    }

    private static HttpResponse<String> fetch(URI url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(url).build(), HttpResponse.BodyHandlers.ofString());
    }
}
