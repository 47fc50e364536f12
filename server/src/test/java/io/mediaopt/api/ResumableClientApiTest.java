package io.mediaopt.api;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.JobSubmission;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.OptimizeOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The Java client's resumable upload: a connection cut half way through is resumed, and the job is made. */
@Integration
class ResumableClientApiTest {
    private static final String KEY = "client-key-8b2e40";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_API_KEYS", KEY, "SERVICE_WORKERS", "1"));

    @Test
    void aConnectionCutHalfWayIsResumedAndTheLastByteMakesTheJob() throws Exception {
        // about 14 MB: 3 s of 720p noise at 30 Mbit/s, as a phone's camera writes it
        Path video = Fixtures.video("resumable.mp4", "1280x720", 25, 3, false, "-vf", "noise=alls=30:allf=t",
                "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "30M", "-maxrate", "30M", "-bufsize", "60M",
                "-pix_fmt", "yuv420p");
        long size = Files.size(video);
        assertThat(size).as("more than one 5 MB piece").isGreaterThan(6L * 1024 * 1024);
        List<Long> heard = new CopyOnWriteArrayList<>();
        try (CuttingProxy proxy = new CuttingProxy(URI.create(server.baseUrl()).getPort(), size / 2);
             MediaoptClient client = MediaoptClient.builder("http://127.0.0.1:" + proxy.port() + "/api").apiKey(KEY)
                     .build()) {
            JobSubmission submitted = client.upload(video, "mobile", OptimizeOptions.DEFAULT.withWidth(320),
                    (received, total) -> heard.add(received));
            assertThat(proxy.cut()).as("the proxy cut a connection").isTrue();
            assertThat(heard).last().isEqualTo(size);
            assertThat(heard).isSorted();

            Job job = client.waitForJob(submitted.jobId(), Duration.ofMinutes(5));
            assertThat(job.status()).isEqualTo(JobStatus.DONE);
            assertThat(job.inputBytes()).isEqualTo(size);
        }
    }

    /** Forwards 127.0.0.1 connections to the server, and closes them all once, when {@code cutAt} bytes went up. */
    private static final class CuttingProxy implements AutoCloseable {
        private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final AtomicLong upstreamBytes = new AtomicLong();
        private final AtomicBoolean cut = new AtomicBoolean();
        private final List<Socket> open = new CopyOnWriteArrayList<>();

        CuttingProxy(int serverPort, long cutAt) throws IOException {
            Thread.ofVirtual().start(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket client = listener.accept();
                        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), serverPort);
                        open.addAll(List.of(client, upstream));
                        Thread.ofVirtual().start(() -> pump(client, upstream, cutAt));
                        Thread.ofVirtual().start(() -> pump(upstream, client, -1));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        int port() {
            return listener.getLocalPort();
        }

        boolean cut() {
            return cut.get();
        }

        private void pump(Socket from, Socket to, long cutAt) {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    if (cutAt >= 0 && upstreamBytes.addAndGet(n) >= cutAt && cut.compareAndSet(false, true)) {
                        for (Socket socket : open) socket.close();
                        return;
                    }
                    out.write(buffer, 0, n);
                }
            } catch (IOException e) {
                // the other side closed
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }

        private static void closeQuietly(Socket socket) {
            try {
                socket.close();
            } catch (IOException e) {
                // already closed
            }
        }

        @Override
        public void close() throws IOException {
            listener.close();
            for (Socket socket : open) closeQuietly(socket);
        }
    }
}
