package io.mediaopt.security;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.TestService;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fifty uploads at once against two encoders: each ends in a result or in 503 busy with
 * Retry-After, never a 500; /api/health answers 200 all along; afterwards the heap is back near
 * where it was and no upload, work or queued-input file is left on disk. Bounded in count and
 * time, loopback only.
 */
@Integration
class OverloadTest {
    private static final int UPLOADS = 50;
    /** Room for caches, pools and compiled code; fifty uploads held on to would be far more. */
    private static final long HEAP_SLACK_BYTES = 32L * 1024 * 1024;

    @Test
    void fiftySimultaneousUploadsEndInResultsOrBusyAndLeaveNothingBehind() throws Exception {
        // short queue and pending limits, so both kinds of busy happen
        try (TestService service = TestService.start(Map.of(
                "SERVICE_WORKERS", "2",
                "SERVICE_QUEUE_TIMEOUT_MS", "3000",
                "SERVICE_MAX_PENDING_JOBS", "12"));
             MediaoptClient client = service.client()) {
            // every path once, so the resting level holds what a running service always holds
            client.optimize(Fixtures.photoJpeg(1280, 720), "web");
            client.waitForJob(client.submitJob(Fixtures.mp4WithoutAudio(), "web").jobId(), Duration.ofMinutes(2));
            long restingHeap = settledHeap();

            Outcome outcome = overload(service);

            System.out.printf("overload: %s; %d health answers; heap at rest %d MB%n",
                    outcome.statuses(), outcome.health().size(), restingHeap >> 20);
            assertThat(outcome.statuses().keySet()).as("statuses").isSubsetOf(200, 202, 503);
            assertThat(outcome.statuses().getOrDefault(200, 0) + outcome.statuses().getOrDefault(202, 0)).isPositive();
            assertThat(outcome.health()).as("health during the load").isNotEmpty().containsOnly(200);

            Path store = service.outputDir();
            for (String dir : List.of("uploads", "work", "inputs")) {
                assertThat(RawRequests.awaitEmpty(store.resolve(dir), Duration.ofSeconds(30))).as(dir).isEmpty();
            }
            long heapAfter = settledHeap();
            System.out.printf("overload: heap after %d MB%n", heapAfter >> 20);
            assertThat(heapAfter).isLessThan(restingHeap + HEAP_SLACK_BYTES);
        }
    }

    record Outcome(Map<Integer, Integer> statuses, List<Integer> health) {}

    /**
     * Sends the fifty uploads at once, from a client of its own that is closed at the end, and
     * waits for every accepted job: nothing the load made stays reachable from the test.
     */
    private static Outcome overload(TestService service) throws Exception {
        byte[] photo = Files.readAllBytes(Fixtures.photoJpeg(1280, 720));
        byte[] video = Files.readAllBytes(Fixtures.mp4WithoutAudio());
        Map<Integer, Integer> statuses = new TreeMap<>();
        List<Integer> health = new CopyOnWriteArrayList<>();
        AtomicBoolean loading = new AtomicBoolean(true);
        try (HttpClient http = RawRequests.newClient();
             ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
             MediaoptClient client = service.client()) {
            Future<?> healthPolling = threads.submit(() -> pollHealth(service, loading, health));
            CountDownLatch start = new CountDownLatch(1);
            List<Future<HttpResponse<byte[]>>> responses = new ArrayList<>();
            for (int i = 0; i < UPLOADS; i++) {
                boolean synchronous = i % 2 == 0;
                boolean isVideo = i % 10 == 3 || i % 10 == 4;
                List<Part> form = List.of(Part.file("media", isVideo ? "clip.mp4" : "photo.jpg", isVideo ? video : photo));
                responses.add(threads.submit(() -> {
                    start.await();
                    return RawRequests.post(http, service.baseUrl(), synchronous ? "/media/optimize" : "/media/jobs", form);
                }));
            }
            start.countDown();

            List<String> accepted = new ArrayList<>();
            for (Future<HttpResponse<byte[]>> future : responses) {
                HttpResponse<byte[]> r = future.get(3, TimeUnit.MINUTES);
                statuses.merge(r.statusCode(), 1, Integer::sum);
                assertThat(r.statusCode()).as(new String(r.body())).isNotEqualTo(500);
                if (r.statusCode() == 503) {
                    RawRequests.assertError(r, 503, "busy");
                    assertThat(r.headers().firstValue("Retry-After")).isPresent();
                }
                if (r.statusCode() == 202) accepted.add(RawRequests.json(r).path("jobId").asText());
            }
            for (String id : accepted) {
                Job job = client.waitForJob(id, Duration.ofMinutes(3));
                assertThat(job.status()).as(id).isEqualTo(JobStatus.DONE);
            }
            loading.set(false);
            healthPolling.get(1, TimeUnit.MINUTES);
        }
        return new Outcome(statuses, List.copyOf(health));
    }

    private static void pollHealth(TestService service, AtomicBoolean loading, List<Integer> statuses) {
        while (loading.get()) {
            try {
                statuses.add(RawRequests.get(service.baseUrl() + "/health").statusCode());
                Thread.sleep(250);
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                statuses.add(-1);
            }
        }
    }

    /** Used heap once the collector has had its say; the server runs in this JVM too. */
    private static long settledHeap() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
