package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.ServerProcess;
import io.mediaopt.TestService;
import io.mediaopt.client.Job;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.mediaopt.api.KeptJobs.fetch;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A CDN in front of the service: Debian's nginx, started here with {@code proxy_cache}, is
 * SERVICE_PUBLIC_MEDIA_URL. The second request for a stable URL is served from its cache
 * ({@code X-Cache-Status: HIT}) and never reaches the service, as the service's own count of
 * requests on the route shows.
 */
@Integration
class CdnCacheApiTest {
    private static final Path NGINX = Path.of("/usr/sbin/nginx");
    private static final String ROUTE = "route=\"/media/{id}/output/{filename}\"";

    @TempDir
    Path dir;

    @Test
    void theSecondRequestForAStableUrlIsAnsweredByTheCacheWithoutReachingTheService() throws Exception {
        assumeTrue(Files.isExecutable(NGINX), "nginx is not installed (scripts/test-prerequisites.sh installs it)");
        int cdnPort = ServerProcess.freePort();
        String cdn = "http://127.0.0.1:" + cdnPort;
        try (TestService service = TestService.start(Map.of("SERVICE_KEEP_KEYS", "*", "SERVICE_PUBLIC_MEDIA_URL", cdn));
             MediaoptClient client = service.client()) {
            Job job = client.waitForJob(client.submitJob(Fixtures.png(), "web").jobId(), Duration.ofMinutes(2));
            assertThat(job.downloadUrl()).isEqualTo(cdn + "/media/" + job.jobId() + "/output/" + job.result().filename());
            String origin = URI.create(service.baseUrl()).resolve("/").toString();
            Process nginx = startNginx(cdnPort, URI.create(origin).getPort());
            try {
                HttpResponse<byte[]> first = fetch(job.downloadUrl());
                HttpResponse<byte[]> second = fetch(job.downloadUrl());

                assertThat(first.statusCode()).isEqualTo(200);
                assertThat(first.headers().firstValue("X-Cache-Status")).hasValue("MISS");
                assertThat(second.statusCode()).isEqualTo(200);
                assertThat(second.headers().firstValue("X-Cache-Status")).hasValue("HIT");
                assertThat(second.body()).isEqualTo(first.body()).hasSize((int) job.result().outputBytes());
                assertThat(second.headers().firstValue("ETag")).isEqualTo(first.headers().firstValue("ETag"));
                assertThat(requestsOnTheRoute(origin)).as("requests that reached the service").isEqualTo(1);
            } finally {
                nginx.destroy();
                assertThat(nginx.waitFor(30, TimeUnit.SECONDS)).isTrue();
            }
        }
    }

    /** nginx in the foreground, its files all in the test's directory, caching what the service lets it. */
    private Process startNginx(int port, int servicePort) throws Exception {
        Path conf = dir.resolve("nginx.conf");
        boolean root = "root".equals(System.getProperty("user.name"));
        Files.writeString(conf, """
                %s
                daemon off;
                worker_processes 1;
                pid %s/nginx.pid;
                error_log %s/error.log;
                events { worker_connections 64; }
                http {
                    access_log %s/access.log;
                    client_body_temp_path %s/body;
                    proxy_temp_path %s/proxy;
                    fastcgi_temp_path %s/fastcgi;
                    uwsgi_temp_path %s/uwsgi;
                    scgi_temp_path %s/scgi;
                    proxy_cache_path %s/cache levels=1:2 keys_zone=media:1m max_size=64m inactive=1h use_temp_path=off;
                    server {
                        listen 127.0.0.1:%d;
                        location / {
                            proxy_pass http://127.0.0.1:%d;
                            proxy_cache media;
                            add_header X-Cache-Status $upstream_cache_status always;
                        }
                    }
                }
                """.formatted(root ? "user root;" : "", dir, dir, dir, dir, dir, dir, dir, dir, dir, port, servicePort));
        Process nginx = new ProcessBuilder(NGINX.toString(), "-p", dir.toString(), "-e", dir.resolve("error.log").toString(),
                "-c", conf.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("nginx.out").toFile()).start();
        Eventually.until(Duration.ofSeconds(30), "nginx listens on " + port, () -> {
            if (!nginx.isAlive()) throw new IllegalStateException("nginx stopped: " + Files.readString(dir.resolve("nginx.out")));
            return listens(port);
        });
        return nginx;
    }

    private static boolean listens(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return socket.isConnected();
        } catch (IOException e) {
            return false;
        }
    }

    /** How many GETs of the output's stable route the service answered, by its own metrics. */
    private static long requestsOnTheRoute(String origin) throws Exception {
        String metrics = Raw.send(HttpRequest.newBuilder(URI.create(origin + "metrics")).build()).body();
        return metrics.lines().filter(l -> l.startsWith("http_server_requests_seconds_count{") && l.contains(ROUTE)
                        && l.contains("method=\"GET\""))
                .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }
}
