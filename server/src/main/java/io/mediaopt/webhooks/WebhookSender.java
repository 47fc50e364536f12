package io.mediaopt.webhooks;

import io.mediaopt.metrics.ServiceMetrics;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.JobStore;
import io.mediaopt.database.JobStoreException;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.http.HttpMethod;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLException;

import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.KeyStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Sends the events of the outbox from this node: a thread claims due deliveries (leased, so no
 * other node sends them meanwhile), posts each from a virtual thread, and records the outcome.
 * A 2xx answer delivers; no answer, a timeout, 5xx or 429 is retried with backoff; any other
 * answer (other 4xx, a redirect, which is never followed) gives up. It wakes when this node
 * ends a job and otherwise looks for due deliveries, including other nodes' retries, every second.
 * Connections go only to addresses checked for them ({@link CheckedHttpClient}).
 */
public final class WebhookSender implements AutoCloseable {
    public static final String EVENT_HEADER = "x-service-event";
    private static final Logger log = LoggerFactory.getLogger(WebhookSender.class);
    private static final int IN_FLIGHT = 16;
    private static final Duration POLL = Duration.ofSeconds(1);

    private final WebhookSettings settings;
    private final String nodeId;
    private final JdbcDeliveryStore deliveries;
    private final JobStore jobs;
    private final Function<Job, byte[]> render;
    private final WebhookSignature signature;
    private final Backoff backoff;
    private final ServiceMetrics metrics;
    private final Clock clock;
    private final HttpClient http;
    private final Semaphore slots = new Semaphore(IN_FLIGHT);
    private final ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor();
    private final Object signal = new Object();
    private boolean woken;
    /** The job database was out at the last claim: said once, not at every poll. */
    private volatile boolean storeOut;
    private volatile boolean running;
    private Thread loop;

    public WebhookSender(WebhookSettings settings, String nodeId, JdbcDeliveryStore deliveries, JobStore jobs,
                         Function<Job, byte[]> render, Backoff backoff, ServiceMetrics metrics, Clock clock) {
        this(settings, nodeId, deliveries, jobs, render, backoff, metrics, clock, CallbackUrls.NameLookup.SYSTEM,
                null);
    }

    /**
     * With the name lookup of {@code lookup} rather than the system's, and the certificates of
     * {@code trustStore} (when not null) trusted instead of the JDK's.
     */
    WebhookSender(WebhookSettings settings, String nodeId, JdbcDeliveryStore deliveries, JobStore jobs,
                  Function<Job, byte[]> render, Backoff backoff, ServiceMetrics metrics, Clock clock,
                  CallbackUrls.NameLookup lookup, KeyStore trustStore) {
        this.settings = settings;
        this.metrics = metrics;
        this.nodeId = nodeId;
        this.deliveries = deliveries;
        this.jobs = jobs;
        this.render = render;
        this.signature = settings.secret().map(WebhookSignature::new).orElse(null);
        this.backoff = backoff;
        this.clock = clock;
        this.http = CheckedHttpClient.create(settings.timeout(),
                new CallbackUrls(settings.allowHttp(), settings.allowPrivate(), lookup), trustStore);
    }

    /** Makes what this node was sending when it stopped due again, and starts sending. */
    public synchronized void start() {
        try {
            http.start();
        } catch (Exception e) {
            throw new IllegalStateException("The HTTP client of callbacks did not start", e);
        }
        int released = deliveries.releaseOwnedBy(nodeId);
        if (released > 0) log.info("after restart: {} webhook deliveries due again", released);
        running = true;
        loop = Thread.ofPlatform().name("webhook-sender").daemon().start(this::run);
    }

    /** Events were queued: look for them now rather than at the next poll. */
    public void wake() {
        synchronized (signal) {
            woken = true;
            signal.notifyAll();
        }
    }

    private void run() {
        while (running) {
            int free = slots.drainPermits();
            List<Delivery> claimed = free == 0 ? List.of() : claim(free);
            slots.release(free - claimed.size());
            for (Delivery delivery : claimed) {
                senders.submit(() -> {
                    try {
                        attempt(delivery);
                    } finally {
                        slots.release();
                        wake();
                    }
                });
            }
            if (free == 0 || claimed.size() < free) {
                try {
                    awaitWork();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private List<Delivery> claim(int limit) {
        long now = clock.millis();
        try {
            List<Delivery> due = deliveries.claimDue(nodeId, now + lease().toMillis(), now, limit);
            if (storeOut) {
                storeOut = false;
                log.info("webhook deliveries resume: the job database answers again");
            }
            return due;
        } catch (JobStoreException e) {
            if (!e.isOutage()) {
                log.warn("cannot claim webhook deliveries", e);
            } else if (!storeOut) {
                storeOut = true;
                log.warn("webhook deliveries wait for the job database: {}", e.getMessage());
            }
            return List.of();
        } catch (RuntimeException e) {
            log.warn("cannot claim webhook deliveries", e);
            return List.of();
        }
    }

    /** Long enough for a name lookup, the connection and the answer. */
    private Duration lease() {
        return settings.timeout().multipliedBy(2).plusSeconds(10);
    }

    private void awaitWork() throws InterruptedException {
        synchronized (signal) {
            if (!woken) signal.wait(POLL.toMillis());
            woken = false;
        }
    }

    private void attempt(Delivery delivery) {
        try {
            record(delivery, send(delivery));
        } catch (RuntimeException e) {
            // the lease runs out and the delivery is tried again
            log.warn("webhook {} could not be attempted", delivery.eventId(), e);
        }
    }

    private AttemptOutcome send(Delivery delivery) {
        Job job = jobs.find(delivery.jobId()).orElse(null);
        if (job == null) return AttemptOutcome.giveUp(null, "the job no longer exists");
        if (signature == null) return AttemptOutcome.giveUp(null, "SERVICE_WEBHOOK_SECRET is unset: nothing to sign with");
        URI url = URI.create(delivery.url());
        byte[] body = render.apply(job);
        long timeout = settings.timeout().toMillis();
        long signedAt = clock.millis() / 1000;
        Request request = http.newRequest(url)
                .method(HttpMethod.POST)
                // connect and answer each within the timeout: the whole attempt within twice that
                .idleTimeout(timeout, TimeUnit.MILLISECONDS)
                .timeout(2 * timeout, TimeUnit.MILLISECONDS)
                .headers(h -> h.put(WebhookSignature.ID_HEADER, delivery.eventId())
                        .put(WebhookSignature.TIMESTAMP_HEADER, Long.toString(signedAt))
                        .put(WebhookSignature.SIGNATURE_HEADER, signature.signature(delivery.eventId(), signedAt, body))
                        .put(EVENT_HEADER, "job." + delivery.jobStatus()))
                .body(new BytesRequestContent("application/json", body));
        CompletableFuture<Integer> answer = new CompletableFuture<>();
        request.onResponseHeaders(response -> {
            answer.complete(response.getStatus());
            // the answer's body is of no interest; aborting drops what a receiver might trickle
            response.abort(new CancellationException("the body of a callback's answer is not read"));
        }).send(result -> {
            if (result.isFailed()) answer.completeExceptionally(result.getFailure());
            else answer.complete(result.getResponse().getStatus());
        });
        try {
            return AttemptOutcome.of(answer.get(2 * timeout + 5_000, TimeUnit.MILLISECONDS));
        } catch (ExecutionException e) {
            return failure(url, e.getCause());
        } catch (TimeoutException e) {
            request.abort(e);
            return AttemptOutcome.retry(null, "no answer within " + timeout + " ms");
        } catch (InterruptedException e) {
            request.abort(e);
            Thread.currentThread().interrupt();
            return AttemptOutcome.retry(null, "the node stopped during the attempt");
        }
    }

    /** An attempt that got no answer: a refused address gives up, anything else is retried. */
    private AttemptOutcome failure(URI url, Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof CallbackUrls.RefusedAddressException) return AttemptOutcome.giveUp(null, cause.getMessage());
            if (cause instanceof UnknownHostException) {
                return AttemptOutcome.retry(null, "the host " + url.getHost() + " does not resolve");
            }
            if (cause instanceof TimeoutException || cause instanceof SocketTimeoutException) {
                return AttemptOutcome.retry(null, "no answer within " + settings.timeout().toMillis() + " ms");
            }
            if (cause instanceof SSLException) {
                // says which check failed: trust (PKIX path), the certificate's names, or the protocol
                return AttemptOutcome.retry(null, "the TLS handshake failed: " + cause.getMessage());
            }
        }
        return AttemptOutcome.retry(null, "the connection failed: " + failure.getClass().getSimpleName());
    }

    private void record(Delivery delivery, AttemptOutcome outcome) {
        String id = delivery.eventId();
        long now = clock.millis();
        switch (outcome.kind()) {
            case DELIVERED -> {
                metrics.webhookAttempt("delivered");
                deliveries.markDelivered(id, nodeId, outcome.status(), now);
                log.info("webhook {} delivered ({}) after {} attempts", id, outcome.status(), delivery.attempts());
            }
            case GIVE_UP -> {
                metrics.webhookAttempt("failed");
                deliveries.markFailed(id, nodeId, outcome.status(), outcome.error());
                log.warn("webhook {} failed: {}", id, outcome.error());
            }
            case RETRY -> {
                long next = backoff.nextAttemptAt(delivery.attempts(), delivery.createdAt(), now);
                metrics.webhookAttempt(next < 0 ? "failed" : "retry");
                if (next < 0) {
                    deliveries.markFailed(id, nodeId, outcome.status(),
                            outcome.error() + "; given up after " + settings.retryFor().toHours() + " h of retries");
                    log.warn("webhook {} failed after {} attempts: {}", id, delivery.attempts(), outcome.error());
                } else {
                    deliveries.retryLater(id, nodeId, outcome.status(), outcome.error(), next);
                    log.info("webhook {} attempt {} failed ({}), next in {} ms", id, delivery.attempts(),
                            outcome.error(), next - now);
                }
            }
        }
    }

    @Override
    public void close() {
        running = false;
        synchronized (this) {
            if (loop != null) loop.interrupt();
        }
        senders.shutdown();
        try {
            if (!senders.awaitTermination(settings.timeout().toMillis() + 1000, TimeUnit.MILLISECONDS)) {
                senders.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            senders.shutdownNow();
        }
        try {
            http.stop();
        } catch (Exception e) {
            log.warn("the HTTP client of callbacks did not stop cleanly", e);
        }
    }
}
