package io.mediaopt.bench;

import io.mediaopt.client.Job;
import io.mediaopt.client.JobSubmission;
import io.mediaopt.client.MediaoptClient;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The soak's load: {@code concurrency} senders, each sending the next request of a fixed round
 * as soon as its previous one ended, until a deadline. The round mixes synchronous optimizations,
 * jobs (submitted, waited for, downloaded, deleted) and requests asking for renditions, over
 * photos of two sizes, a screenshot, an animated GIF, an icon and a short clip, with the presets
 * web, mobile and low-bandwidth. A failed request is counted and written to a log, and sending
 * goes on.
 */
final class SoakTraffic {
    private static final Duration JOB_WAIT = Duration.ofMinutes(10);

    /** How a request is sent. */
    enum Mode { OPTIMIZE, JOB, RENDITIONS }

    /** One request of the round; {@code renditions} is the form field of a RENDITIONS request. */
    record Request(String input, String preset, Mode mode, String renditions) {
        static Request of(String input, String preset, Mode mode) {
            return new Request(input, preset, mode, null);
        }
    }

    static final List<Request> ROUND = List.of(
            Request.of("photo", "web", Mode.OPTIMIZE),
            Request.of("screenshot", "mobile", Mode.OPTIMIZE),
            Request.of("clip-720p", "web", Mode.JOB),
            Request.of("photo-3mp", "low-bandwidth", Mode.OPTIMIZE),
            Request.of("icon", "web", Mode.OPTIMIZE),
            Request.of("photo", "mobile", Mode.JOB),
            Request.of("gif", "web", Mode.OPTIMIZE),
            new Request("photo", "web", Mode.RENDITIONS, "responsive"),
            Request.of("clip-720p", "mobile", Mode.OPTIMIZE),
            Request.of("screenshot", "low-bandwidth", Mode.JOB),
            Request.of("photo-3mp", "web", Mode.OPTIMIZE),
            Request.of("clip-720p", "low-bandwidth", Mode.JOB),
            new Request("photo-3mp", "mobile", Mode.RENDITIONS, "responsive"),
            Request.of("photo", "low-bandwidth", Mode.OPTIMIZE));

    private final MediaoptClient client;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String baseUrl;
    private final Map<String, MediaCase> inputs;
    private final Path scratch;
    private final PrintWriter failureLog;
    private final AtomicLong next = new AtomicLong();
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();

    SoakTraffic(MediaoptClient client, String baseUrl, List<MediaCase> inputs, Path scratch, PrintWriter failureLog) {
        this.client = client;
        this.baseUrl = baseUrl;
        this.inputs = inputs.stream().collect(Collectors.toMap(MediaCase::name, Function.identity()));
        this.scratch = scratch;
        this.failureLog = failureLog;
    }

    long done() {
        return done.get();
    }

    long failed() {
        return failed.get();
    }

    /** Sends from {@code concurrency} threads until {@code deadline}, and returns once all ended. */
    void run(int concurrency, Instant deadline) {
        try {
            Files.createDirectories(scratch);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Thread> senders = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            int sender = i;
            senders.add(Thread.ofPlatform().name("soak-sender-" + i).start(() -> send(sender, deadline)));
        }
        for (Thread sender : senders) {
            try {
                sender.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void send(int sender, Instant deadline) {
        Path target = scratch.resolve("sender-" + sender);
        while (Instant.now().isBefore(deadline)) {
            Request request = ROUND.get((int) (next.getAndIncrement() % ROUND.size()));
            try {
                sendOne(request, target);
                done.incrementAndGet();
            } catch (RuntimeException | IOException e) {
                failed.incrementAndGet();
                synchronized (failureLog) {
                    failureLog.println(Instant.now() + " " + request + ": " + e);
                    failureLog.flush();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void sendOne(Request request, Path target) throws IOException, InterruptedException {
        MediaCase input = inputs.get(request.input());
        switch (request.mode()) {
            case OPTIMIZE -> client.optimizeTo(input.file(), request.preset(), target);
            case JOB -> {
                JobSubmission submitted = client.submitJob(input.file(), request.preset());
                Job job = client.waitForJob(submitted.jobId(), JOB_WAIT);
                if (job.error() != null) throw new IllegalStateException("job failed: " + job.error());
                client.download(job.jobId(), target);
                client.deleteJob(job.jobId());
            }
            case RENDITIONS -> renditions(input, request);
        }
        Files.deleteIfExists(target);
    }

    private void renditions(MediaCase input, Request request) throws IOException, InterruptedException {
        HttpRequest post = HttpRequest.newBuilder(URI.create(baseUrl + "/media/optimize"))
                .header("Content-Type", OptimizeForm.CONTENT_TYPE)
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(OptimizeForm.of(input, request.preset(), request.renditions()))).build();
        HttpResponse<String> response = http.send(post, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("optimize with renditions answered " + response.statusCode() + ": "
                    + response.body());
        }
    }
}
