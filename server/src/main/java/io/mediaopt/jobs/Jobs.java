package io.mediaopt.jobs;

import io.mediaopt.logs.LogContext;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.Mislabelling;
import io.mediaopt.media.OutputOptions;
import io.mediaopt.media.Polyglots;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Sniffer;
import io.mediaopt.renditions.RenditionRequest;
import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the API does with jobs: accept an upload into the queue, optimize one while the request
 * waits, and look jobs up. Synchronous optimizations are jobs too, stored like any other.
 */
public final class Jobs {
    private static final Logger log = LoggerFactory.getLogger(Jobs.class);

    private final JobStore store;
    private final Storage storage;
    private final Workers workers;
    private final JobProcessor processor;
    private final Sniffer sniffer;
    private final Clock clock;
    private final Supplier<String> ids;
    private final int maxPendingJobs;
    private final JobWaiter waiter;

    public Jobs(JobStore store, Storage storage, Workers workers, JobProcessor processor, Sniffer sniffer,
                Clock clock, Supplier<String> ids, int maxPendingJobs, JobWaiter waiter) {
        this.store = store;
        this.storage = storage;
        this.workers = workers;
        this.processor = processor;
        this.sniffer = sniffer;
        this.clock = clock;
        this.ids = ids;
        this.maxPendingJobs = maxPendingJobs;
        this.waiter = waiter;
    }

    /**
     * Queues the upload (consumed: moved into storage) and returns the pending job, which reports
     * its end to {@code callback} when that is not null; {@code requestId} is the id of the
     * request that submits it; {@code renditions} the extra outputs it asks for; {@code options}
     * what it asks of its output beyond the preset; {@code caller} who submits it, and owns it.
     */
    public Job submit(Path upload, String filename, Preset preset, Callback callback, String requestId,
                      RenditionRequest renditions, OutputOptions options, Caller caller) throws IOException {
        MediaFormat media = sniff(upload, filename);
        checkQueueable(media, renditions, options);
        String id = ids.get();
        String inputKey = "inputs/" + id;
        long size = Files.size(upload);
        storage.put(inputKey, upload, media.contentType());
        Job job = Job.pending(id, preset.name(), filename, size, media, inputKey, callback, clock.millis())
                .requestedBy(requestId).asking(renditions).withOptions(options).ownedBy(caller.keyName());
        try {
            store.insert(job);
        } catch (RuntimeException e) {
            storage.delete(inputKey);
            throw e;
        }
        return queued(job);
    }

    /**
     * Queues a file a client put into storage itself, under {@code inputKey}: {@code size} bytes
     * whose first are {@code head}. Sniffed, named and limited as {@link #submit} does, from those
     * bytes; the polyglot check, which reads the whole file, is the one it does not make.
     */
    public Job submitStored(String inputKey, long size, byte[] head, String filename, Preset preset,
                            Callback callback, String requestId, RenditionRequest renditions, OutputOptions options,
                            Caller caller) {
        MediaFormat media = recognise(sniffer.sniff(head), filename);
        checkQueueable(media, renditions, options);
        Job job = Job.pending(ids.get(), preset.name(), filename, size, media, inputKey, callback, clock.millis())
                .requestedBy(requestId).asking(renditions).withOptions(options).ownedBy(caller.keyName());
        store.insert(job);
        return queued(job);
    }

    private void checkQueueable(MediaFormat media, RenditionRequest renditions, OutputOptions options) {
        renditions.checkFits(media.kind());
        options.checkFits(media.kind());
        if (store.countPending() >= maxPendingJobs) {
            throw new BusyException("Too many jobs are waiting; retry later", 30);
        }
    }

    private Job queued(Job job) {
        LogContext.withJob(job.id(), null, () -> {
            log.info("job {} queued: {} {} bytes, preset {}", job.id(), job.media().shortName(), job.inputBytes(),
                    job.preset());
            return job;
        });
        workers.jobQueued();
        return job;
    }

    /**
     * Optimizes the upload while the caller waits; returns the done job or throws its failure.
     * A node that does not process the queue hands the upload to the nodes that do, and waits.
     */
    public Job optimizeNow(Path upload, String filename, Preset preset, Callback callback, String requestId,
                           RenditionRequest renditions, OutputOptions options, Caller caller) throws IOException {
        if (!workers.processesQueue()) {
            return submitAndWait(upload, filename, preset, callback, requestId, renditions, options, caller);
        }
        MediaFormat media = sniff(upload, filename);
        renditions.checkFits(media.kind());
        options.checkFits(media.kind());
        long size = Files.size(upload);
        String id = ids.get();
        Job job = Job.processingNow(id, preset.name(), filename, size, media, workers.newLease(), callback,
                clock.millis()).requestedBy(requestId).asking(renditions).withOptions(options).ownedBy(caller.keyName());
        return workers.runNow(id, () -> store.insert(job), workDir -> processor.process(job, upload, workDir));
    }

    private Job submitAndWait(Path upload, String filename, Preset preset, Callback callback, String requestId,
                              RenditionRequest renditions, OutputOptions options, Caller caller)
            throws IOException {
        Job job = submit(upload, filename, preset, callback, requestId, renditions, options, caller);
        return waiter.awaitEnd(job.id());
    }

    /**
     * The job, when the caller may see it; another key's job is not-found, exactly like a missing
     * one, so no caller can learn which ids exist.
     */
    public Job get(String id, Caller caller) {
        return store.find(id).filter(caller::sees).orElseThrow(() -> new JobNotFoundException(id));
    }

    /** The job if it is done; not-found or not-ready otherwise. */
    public Job getDone(String id, Caller caller) {
        Job job = get(id, caller);
        if (job.status() != JobStatus.DONE) throw new JobNotReadyException(id, job.status());
        return job;
    }

    /**
     * What the upload is, from its bytes; refused when it is none of the accepted formats, when
     * its name says the other kind of media, or when it is also another file (a polyglot).
     */
    private MediaFormat sniff(Path upload, String filename) throws IOException {
        MediaFormat media = recognise(sniffer.sniff(upload), filename);
        Polyglots.refuse(upload, media);
        return media;
    }

    /** The sniffed format, refused when there is none or the name says the other kind of media. */
    private static MediaFormat recognise(Optional<MediaFormat> sniffed, String filename) {
        MediaFormat media = sniffed.orElseThrow(() -> MediaException.unsupportedType(
                "The file is not an image or video format this service accepts ("
                        + MediaFormat.listOf(MediaKind.IMAGE) + "; " + MediaFormat.listOf(MediaKind.VIDEO) + ")"));
        Mislabelling.refuse(filename, media);
        return media;
    }
}
