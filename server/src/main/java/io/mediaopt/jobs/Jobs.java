package io.mediaopt.jobs;

import io.mediaopt.Caller;
import io.mediaopt.ServiceException;
import io.mediaopt.logs.LogContext;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.Mislabelling;
import io.mediaopt.media.Polyglots;
import io.mediaopt.media.Sniffer;
import io.mediaopt.metrics.ServiceMetrics;
import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
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
    private final WorkDirs workDirs;
    private final JobProcessor processor;
    private final Sniffer sniffer;
    private final Clock clock;
    private final Supplier<String> ids;
    private final int maxPendingJobs;
    private final JobWaiter waiter;
    private final ServiceMetrics metrics;

    public Jobs(JobStore store, Storage storage, Workers workers, WorkDirs workDirs, JobProcessor processor,
                Sniffer sniffer, Clock clock, Supplier<String> ids, int maxPendingJobs, JobWaiter waiter,
                ServiceMetrics metrics) {
        this.store = store;
        this.storage = storage;
        this.workers = workers;
        this.workDirs = workDirs;
        this.processor = processor;
        this.sniffer = sniffer;
        this.clock = clock;
        this.ids = ids;
        this.maxPendingJobs = maxPendingJobs;
        this.waiter = waiter;
        this.metrics = metrics;
    }

    /**
     * Queues the upload (consumed: moved into storage) as the job {@code request} asks for, and
     * returns the pending job.
     */
    public Job submit(Path upload, JobRequest request) throws IOException {
        return submit(ids.get(), upload, request);
    }

    /**
     * {@link #submit(Path, JobRequest)} under an id the caller chose: a resumable upload's job gets
     * one that follows from the upload, so a retry on any node can tell whether it was made.
     */
    public Job submit(String id, Path upload, JobRequest request) throws IOException {
        MediaFormat media = sniff(upload, request, JobOrigin.FORM);
        checkRoom();
        String inputKey = "inputs/" + id;
        storage.put(inputKey, upload, media.contentType());
        Job job = new Job(id, JobOrigin.FORM, request, media, JobState.pending(inputKey, clock.millis()));
        try {
            store.insert(job);
        } catch (RuntimeException e) {
            storage.delete(inputKey);
            throw e;
        }
        return queued(job);
    }

    /**
     * Queues, under {@code id}, a file a client put into storage itself at {@code inputKey}, whose
     * first bytes are {@code head}. Sniffed, named and limited as {@link #submit} does, from those
     * bytes; the polyglot check, which reads the whole file, is made when the job runs
     * ({@link JobProcessor}), on the copy it decodes.
     */
    public Job submitStored(String id, String inputKey, byte[] head, JobRequest request) {
        MediaFormat media = recognise(sniffer.sniff(head), request);
        checkRoom();
        Job job = new Job(id, JobOrigin.STORED, request, media, JobState.pending(inputKey, clock.millis()));
        store.insert(job);
        return queued(job);
    }

    private void checkRoom() {
        if (store.countPending() >= maxPendingJobs) {
            throw new BusyException("Too many jobs are waiting; retry later", 30);
        }
    }

    private Job queued(Job job) {
        LogContext.withJob(job.id(), null, () -> {
            log.info("job {} queued: {} {} bytes, preset {}", job.id(), job.media().shortName(),
                    job.request().inputBytes(), job.request().preset().name());
            return job;
        });
        workers.jobQueued();
        return job;
    }

    /**
     * Optimizes the upload while the caller waits, and answers as soon as the output is made: the
     * output is stored meanwhile, on a thread of its own that holds the encoding slot (and the
     * job's lease) until the job is recorded done or failed. The answer's file is made at
     * {@code answerFile}. A node that does not process the queue hands the upload to the nodes
     * that do, and waits for the stored output. Throws the job's failure when encoding fails.
     */
    public SyncAnswer optimizeNow(Path upload, JobRequest request, Path answerFile) throws IOException {
        if (!workers.processesQueue()) return SyncAnswer.ofStored(submitAndWait(upload, request));
        MediaFormat media = sniff(upload, request, JobOrigin.SYNCHRONOUS);
        String id = ids.get();
        Job job = new Job(id, JobOrigin.SYNCHRONOUS, request, media, JobState.processingNow(workers.newLease(), clock.millis()));
        storage.refuseWhileUnreachable();
        // busy encoders are no reason to hold a request that a database out of reach would refuse;
        // with an encoder free, the insert meets such a database as soon
        Workers.RequestSlot slot = workers.slotForRequest(id, store::check);
        Path workDir = null;
        try {
            store.insert(job);
            workDir = workDirs.create(id);
            Path dir = workDir;
            JobProcessor.Encoded encoded = LogContext.withJob(id, null,
                    () -> processor.encode(job, upload, dir, slot.deadline(), answerFile));
            CompletableFuture<Job> stored = new CompletableFuture<>();
            Thread.ofVirtual().name("store-" + id).start(() -> {
                Job done = null;
                Throwable failure = null;
                try {
                    done = LogContext.withJob(id, request.requestId(), () -> processor.store(job, encoded));
                } catch (RuntimeException | Error e) {
                    failure = e;
                } finally {
                    workDirs.delete(dir);
                    slot.close();
                }
                // told after the work directory is gone: a client holding the whole answer finds nothing left behind
                if (failure == null) stored.complete(done);
                else stored.completeExceptionally(failure);
            });
            return new SyncAnswer(request, encoded.result(), answerFile, stored);
        } catch (RuntimeException e) {
            if (workDir != null) workDirs.delete(workDir);
            slot.close();
            throw e;
        }
    }

    private Job submitAndWait(Path upload, JobRequest request) throws IOException {
        return waiter.awaitEnd(submit(upload, request).id());
    }

    /**
     * The job, when the caller may see it; another key's job is not-found, exactly like a missing
     * one, so no caller can learn which ids exist.
     */
    public Job get(String id, Caller caller) {
        return store.find(id).filter(job -> caller.sees(job.request().owner())).orElseThrow(() -> notFound(id));
    }

    /** 404 for the job of this id, missing or another key's. */
    static ServiceException notFound(String id) {
        return ServiceException.notFound("Job " + id + " does not exist");
    }

    /**
     * Deletes the job and every file storage holds for it (DELETE /api/media/jobs/{id}). A job
     * being processed is refused with not-ready: the worker would store its output after the
     * deletion; once it ended it can be deleted. A pending job goes only if no worker claims it first.
     */
    public void delete(String id, Caller caller) {
        Job job = get(id, caller);
        switch (job.state().status()) {
            case PROCESSING -> throw processing(id);
            case PENDING -> {
                if (!store.deleteIfPending(id)) throw processing(id);
                JobFiles.delete(storage, job);
            }
            case DONE, FAILED -> {
                // files first: a failure leaves the row, so the same DELETE can be sent again
                JobFiles.delete(storage, job);
                store.delete(id);
            }
        }
        log.info("job {} deleted with its files", id);
    }

    private static ServiceException processing(String id) {
        return ServiceException.notReady("Job " + id + " is processing; it can be deleted once it has ended");
    }

    /**
     * A done kept job, whose stable URLs anyone holding them may read; empty for a missing one, an
     * unkept one or one not done, which all look alike.
     */
    public Optional<Job> findKept(String id) {
        return store.find(id).filter(j -> j.request().keeping().kept() && j.state().status() == JobStatus.DONE);
    }

    /** A kept job still processing, whose HLS ladder its stable URLs serve once it is playable. */
    public Optional<Job> findKeptProcessing(String id) {
        return store.find(id).filter(j -> j.request().keeping().kept() && j.state().status() == JobStatus.PROCESSING);
    }

    /** The job if it is done; not-found or not-ready otherwise. */
    public Job getDone(String id, Caller caller) {
        Job job = get(id, caller);
        if (job.state().status() != JobStatus.DONE) throw ServiceException.notReady("Job " + id + " is " + job.state().status().wireName()
                + "; its output can be downloaded once it is done");
        return job;
    }

    /**
     * What the upload is, from its bytes; refused when it is none of the accepted formats, when
     * its name says the other kind of media, when it is also another file (a polyglot), or when the
     * request asks what this kind of media cannot give.
     */
    private MediaFormat sniff(Path upload, JobRequest request, JobOrigin origin) throws IOException {
        MediaFormat media = recognise(sniffer.sniff(upload), request);
        metrics.polyglotWalk(origin.wireName());
        Polyglots.refuse(upload, media);
        return media;
    }

    /**
     * The sniffed format, refused when there is none, when the name says the other kind of media,
     * or when the request asks what this kind of media cannot give.
     */
    private static MediaFormat recognise(Optional<MediaFormat> sniffed, JobRequest request) {
        MediaFormat media = sniffed.orElseThrow(() -> MediaException.unsupportedType(
                "The file is not an image or video format this service accepts ("
                        + MediaFormat.listOf(MediaKind.IMAGE) + "; " + MediaFormat.listOf(MediaKind.VIDEO) + ")"));
        Mislabelling.refuse(request.filename(), media);
        request.renditions().checkFits(media.kind());
        request.options().checkFits(media.kind());
        return media;
    }
}
