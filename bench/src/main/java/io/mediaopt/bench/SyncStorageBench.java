package io.mediaopt.bench;

import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What remote storage adds to the synchronous route: two servers, one on local storage and one
 * on a bucket of an S3 server on loopback (S3Proxy in this JVM), each sent the same file one call
 * at a time, alternately, so a load that drifts weighs on both alike. Prints the median and p95
 * per storage and the difference of the medians. Run it with bench/sync-storage.sh.
 */
public final class SyncStorageBench {
    private static final String BUCKET = "media";
    private static final String ACCESS_KEY = "bench-access-key";
    private static final String SECRET_KEY = "bench-secret-key-0123456789";

    private SyncStorageBench() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        Path repo = Path.of("").toAbsolutePath();
        Path java = Path.of(options.getOrDefault("--java", ProcessHandle.current().info().command().orElse("java")));
        Path jar = Path.of(options.getOrDefault("--server-jar", repo.resolve("server/target/mediaopt-server.jar").toString()));
        int calls = Integer.parseInt(options.getOrDefault("--calls", "30"));
        int warmUp = Integer.parseInt(options.getOrDefault("--warm-up", "10"));
        String localJvm = options.getOrDefault("--server-jvm", System.getenv().getOrDefault("MEDIAOPT_JAVA_OPTS", ""));
        List<String> jvm = ShellWords.split(localJvm);
        // the launch's options for a server on a bucket (sync-storage.sh), unless options are given
        String s3Default = options.containsKey("--server-jvm") ? localJvm
                : System.getenv().getOrDefault("MEDIAOPT_S3_JAVA_OPTS", localJvm);
        List<String> s3Jvm = ShellWords.split(options.getOrDefault("--s3-server-jvm", s3Default));
        Path work = Path.of(options.getOrDefault("--work", repo.resolve("bench/target/sync-storage-"
                + LocalDateTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))).toString()));
        List<MediaCase> inputs = new MediaGenerator(Path.of(options.getOrDefault("--media",
                repo.resolve("bench/target/media").toString())), System.err::println).syncInputs();

        Files.createDirectories(work.resolve("bucket"));
        BlobStore blobs = new FilesystemNio2BlobStore(work.resolve("bucket").toString());
        blobs.createContainer(BUCKET);
        int s3Port = freePort();
        S3Proxy s3 = S3Proxy.builder().blobStore(blobs).awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .endpoint(URI.create("http://127.0.0.1:" + s3Port)).build();
        s3.start();
        Map<String, String> s3Env = Map.of("SERVICE_OBJECT_BUCKET", BUCKET, "SERVICE_OBJECT_ACCESS_KEY_ID", ACCESS_KEY,
                "SERVICE_OBJECT_SECRET_ACCESS_KEY", SECRET_KEY, "SERVICE_OBJECT_REGION", "us-east-1",
                "SERVICE_OBJECT_ENDPOINT", "http://127.0.0.1:" + s3Port);
        String loadBefore = loadAverage();
        StringBuilder report = new StringBuilder();
        report.append("| input | storage | calls | median ms | p95 ms | S3 − local, median |\n|---|---|---|---|---|---|\n");
        try (ServerProcess local = ServerProcess.start(List.of(), java, jar, jvm, work.resolve("local"), Map.of());
             ServerProcess remote = ServerProcess.start(List.of(), java, jar, s3Jvm, work.resolve("s3"), s3Env);
             HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            for (MediaCase input : inputs) {
                byte[] form = OptimizeForm.of(input, "web", null);
                for (int i = 0; i < warmUp; i++) {
                    call(http, local, form);
                    call(http, remote, form);
                }
                List<Double> onLocal = new ArrayList<>();
                List<Double> onS3 = new ArrayList<>();
                for (int i = 0; i < calls; i++) {
                    onLocal.add(call(http, local, form));
                    onS3.add(call(http, remote, form));
                }
                Stats l = Stats.of(onLocal);
                Stats r = Stats.of(onS3);
                report.append(row(input, "local", l, "")).append(row(input, "S3 on loopback", r,
                        String.format(Locale.ROOT, "%+.0f ms", r.median() - l.median())));
            }
        } finally {
            s3.stop();
        }
        report.append("\nServer JVM options: local `").append(String.join(" ", jvm)).append("`, S3 `")
                .append(String.join(" ", s3Jvm)).append("`.\n");
        report.append("Load average (1, 5, 15 min): ").append(loadBefore).append(" before, ")
                .append(loadAverage()).append(" after.\n");
        System.out.println(report);
        Files.writeString(work.resolve("report.md"), report);
    }

    /** One synchronous call, its whole body read; milliseconds from sending to the last byte. */
    private static double call(HttpClient http, ServerProcess server, byte[] form) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.baseUrl() + "/media/optimize"))
                .timeout(Duration.ofMinutes(2)).header("Content-Type", OptimizeForm.CONTENT_TYPE)
                .POST(HttpRequest.BodyPublishers.ofByteArray(form)).build();
        long started = System.nanoTime();
        HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        double millis = (System.nanoTime() - started) / 1e6;
        if (response.statusCode() != 200 || response.body().length == 0) {
            throw new IllegalStateException("optimize answered " + response.statusCode() + ": "
                    + new String(response.body(), java.nio.charset.StandardCharsets.UTF_8));
        }
        return millis;
    }

    private static String row(MediaCase input, String storage, Stats stats, String difference) {
        return String.format(Locale.ROOT, "| %s | %s | %d | %.0f | %.0f | %s |%n", input.description(), storage,
                stats.count(), stats.median(), stats.p95(), difference);
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + ", " + fields[1] + ", " + fields[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) throw new IllegalArgumentException("Expected --option value but received " + args[i]);
            options.put(args[i], args[i + 1]);
        }
        return options;
    }
}
