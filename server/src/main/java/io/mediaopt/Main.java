package io.mediaopt;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mediaopt.http.ApiKeys;
import io.mediaopt.http.ApiServer;
import io.mediaopt.http.StableLinks;
import io.mediaopt.http.CallbackPayloads;
import io.mediaopt.http.HealthChecks;
import io.mediaopt.http.InfoHandlers;
import io.mediaopt.http.UploadReader;
import io.mediaopt.image.ImageOptimizer;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.imageurl.ImageUrls;
import io.mediaopt.jobs.Caller;
import io.mediaopt.jobs.EndedInputs;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.JobFailures;
import io.mediaopt.jobs.JobProcessor;
import io.mediaopt.jobs.JobStore;
import io.mediaopt.jobs.JobWaiter;
import io.mediaopt.jobs.Jobs;
import io.mediaopt.jobs.Outages;
import io.mediaopt.jobs.Retention;
import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.tokens.JdbcTokenUses;
import io.mediaopt.uploads.JdbcUploadStore;
import io.mediaopt.uploads.ResumableUploads;
import io.mediaopt.jobs.WorkDirs;
import io.mediaopt.jobs.WorkerSettings;
import io.mediaopt.jobs.Workers;
import io.mediaopt.logs.LogOutput;
import io.mediaopt.quality.Ssimulacra2;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Sniffer;
import io.mediaopt.metrics.ServiceMetrics;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.renditions.RenditionMaker;
import io.mediaopt.storage.DiskSpace;
import io.mediaopt.storage.LocalStorage;
import io.mediaopt.storage.S3Connection;
import io.mediaopt.storage.S3Storage;
import io.mediaopt.storage.Storage;
import io.mediaopt.usage.UsageCounters;
import io.mediaopt.video.ProcessRunner;
import io.mediaopt.video.ToolVersions;
import io.mediaopt.video.ChunkedVideo;
import io.mediaopt.video.VideoOptimizer;
import io.mediaopt.video.VideoTools;
import io.mediaopt.webhooks.Backoff;
import io.mediaopt.webhooks.CallbackTargets;
import io.mediaopt.webhooks.JdbcDeliveryStore;
import io.mediaopt.webhooks.WebhookSender;
import io.mediaopt.web.WebPage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Wiring only: configuration → the parts, in order → start. */
public final class Main {
    private static final Logger log = LoggerFactory.getLogger(Main.class);
    private static final Duration TOOL_CHECK_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration TOOL_CHECK_FRESH_FOR = Duration.ofSeconds(10);

    private Main() {}

    public static void main(String[] args) {
        Config config;
        try {
            config = Config.fromEnvironment(System.getenv());
        } catch (Config.ConfigException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        LogOutput.configure(config.logFormat(), config.outputDir());
        RunningService service;
        try {
            service = start(config, Clock.systemUTC());
        } catch (RuntimeException | IOException e) {
            log.error("mediaopt could not start: {}", e.getMessage(), e);
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            log.info("mediaopt stopping");
            service.close();
            log.info("mediaopt stopped");
        }, "shutdown"));
        String shownHost = config.host().equals("0.0.0.0") ? "localhost" : config.host();
        log.info("mediaopt listening on http://{}:{} (node {}, role {})", shownHost, service.port(), config.nodeId(),
                config.role().name().toLowerCase(Locale.ROOT));
    }

    public static RunningService start(Config config, Clock clock) throws IOException {
        RunningService service = new RunningService();
        try {
            wire(config, clock, service);
            return service;
        } catch (RuntimeException | IOException e) {
            service.close();
            throw e;
        }
    }

    /**
     * The processors shared among the workers: one each with the default of one worker per
     * processor. A thread per image spends the least CPU on each (no tiles handed between
     * threads), and with every worker busy the cores are full anyway; a single worker gets them all.
     */
    private static int threadsPerImage(Config config) {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / config.workers());
    }

    private static void wire(Config config, Clock clock, RunningService service) throws IOException {
        Path outputDir = config.outputDir().toAbsolutePath();
        Files.createDirectories(outputDir);
        ObjectMapper json = JsonMapper.builder().build();
        Presets presets = Presets.standard();

        int threadsPerImage = threadsPerImage(config);
        Vips vips = Vips.open(config.libvipsPath(), threadsPerImage);
        log.info("libvips {}{}, {} thread(s) per image", vips.version(), config.libvipsPath().map(path -> " from " + path
                + "; HEIF/HEIC and GIF inputs through the system's libvips, started on the first of them").orElse(""),
                threadsPerImage);
        log.info("image quality {} by default; SSIMULACRA 2 scores computed {}",
                config.imageQuality().name().toLowerCase(java.util.Locale.ROOT),
                Ssimulacra2.arithmetic());
        ProcessRunner processes = service.own(new ProcessRunner());
        VideoTools videoTools = new VideoTools(config.ffmpegPath(), config.ffprobePath(), processes);

        Storage storage = storage(config, outputDir, service);
        ServiceMetrics metrics = service.own(config.metricsEnabled() ? ServiceMetrics.prometheus() : ServiceMetrics.off());
        SqlDialect database = config.databaseDialect();
        JdbcJobStore store = service.own(JdbcJobStore.open(config.databaseUrl(), database, json, presets));
        Semaphore videoEncoders = new Semaphore(config.videoEncodes(), true);
        ChunkedVideo chunks = ChunkedVideo.create(config.videoChunks(), store.dataSource(), database, storage,
                videoTools, config.limits(), videoEncoders, config.nodeId(), config.jobLease(), clock,
                outputDir.resolve("work").resolve("chunks"));
        Map<MediaKind, Optimizer> optimizers = Map.of(
                MediaKind.IMAGE, new ImageOptimizer(vips, config.limits(), config.imageQuality()),
                MediaKind.VIDEO, new VideoOptimizer(videoTools, config.limits(), videoEncoders, config.videoQuality(),
                        config.videoChunks().enabled() ? chunks : null));
        JobFailures failures = new JobFailures(store, metrics, clock);
        JobStore.Recovery recovery = store.recoverOwnedBy(config.nodeId(), config.jobMaxAttempts(), clock.millis());
        if (recovery.requeued() + recovery.failed() > 0) {
            log.info("after restart: {} interrupted jobs queued again, {} failed", recovery.requeued(), recovery.failed());
            failures.interrupted(recovery.failed());
        }
        EndedInputs.deleteInputs(storage, recovery.interrupted().inputKeys());

        // closed after the workers, so that the events of jobs ending during a stop still go out
        JdbcDeliveryStore deliveries = new JdbcDeliveryStore(store.dataSource(), database);
        ApiKeys apiKeys = new ApiKeys(config.apiKeys());
        StableLinks stableLinks = new StableLinks(config.keep(), apiKeys, clock);
        WebhookSender webhooks = service.own(new WebhookSender(config.webhooks(), config.nodeId(), deliveries, store,
                new CallbackPayloads(storage, config.publicUrl(), stableLinks, json),
                new Backoff(config.webhooks().retryBase(), config.webhooks().retryFor(), new SecureRandom()), metrics,
                clock));
        store.onEventsQueued(webhooks::wake);

        UsageCounters usage = new UsageCounters();
        DiskSpace outputDisk = new DiskSpace(outputDir, config.minFreeBytes());
        PlayableJobs playable = new PlayableJobs(store.dataSource());
        JobProcessor processor = new JobProcessor(optimizers, storage, store, usage, metrics, clock,
                new RenditionMaker(vips, videoTools, config.limits(), config.imageQuality()), new Outages(outputDisk),
                failures, playable);
        WorkDirs workDirs = new WorkDirs(outputDir.resolve("work"), List.of(config.ffmpegPath(), config.ffprobePath()));
        Workers workers = service.own(new Workers(
                new WorkerSettings(config.workers(), config.queueTimeout(), config.nodeId(), config.jobLease(),
                        config.jobMaxAttempts(), config.role().processesQueue(), config.shutdownGrace()),
                store, processor, storage, workDirs, failures, clock, () -> {
                    store.check();
                    storage.check();
                    outputDisk.check();
                }, chunks.work()));
        metrics.gauge("mediaopt.jobs.pending", "Jobs waiting for an encoder (the queue all nodes share)",
                store::countPending);
        metrics.gauge("mediaopt.workers.busy", "Encoding slots of this node in use", workers::busy);
        metrics.gauge("mediaopt.workers", "Encoding slots of this node (SERVICE_WORKERS)", config::workers);
        JobWaiter waiter = new JobWaiter(store, failures, clock, config.queueTimeout(),
                config.limits().ffprobeTimeout().plus(config.limits().videoTimeout()));
        Jobs jobs = new Jobs(store, storage, workers, workDirs, processor, new Sniffer(), clock,
                () -> UUID.randomUUID().toString(), config.maxPendingJobs(), waiter);

        Map<String, Callable<String>> checks = new LinkedHashMap<>();
        Callable<ToolVersions> versions = new CachedCheck<>(TOOL_CHECK_FRESH_FOR, () -> videoTools.versions(TOOL_CHECK_TIMEOUT));
        // a cold start of ffmpeg and ffprobe on a busy machine can outlast the health report's
        // timeout: ask them once now, so the first report finds their versions
        Thread.ofVirtual().name("tool-versions").start(() -> {
            try {
                versions.call();
            } catch (Exception e) {
                log.debug("ffmpeg or ffprobe did not answer at start; the health report says so", e);
            }
        });
        checks.put("ffmpeg", () -> versions.call().ffmpeg());
        checks.put("ffprobe", () -> versions.call().ffprobe());
        checks.put("libvips", vips::version);
        checks.put("storage", () -> {
            storage.check();
            return config.objectStorage().isPresent() ? "s3" : "local";
        });
        checks.put("database", () -> {
            store.check();
            return database.shortName();
        });
        checks.put("outputDisk", outputDisk::check);
        database.file(config.databaseUrl()).ifPresent(file ->
                checks.put("databaseDisk", new DiskSpace(file, config.minFreeBytes())::check));

        Path uploadDir = outputDir.resolve("uploads");
        deleteLeftovers(uploadDir);
        UploadReader uploads = new UploadReader(uploadDir, config.limits().maxInputBytes(), presets,
                new CallbackTargets(config.webhooks()), config.keep());
        Path resumableDir = outputDir.resolve("resumable");
        deleteLeftovers(resumableDir);
        deleteLeftovers(outputDir.resolve("image-url-work"));
        ResumableUploads resumable = new ResumableUploads(new JdbcUploadStore(store.dataSource()), storage,
                resumableDir, config.uploads(), config.limits().maxInputBytes(),
                config.connectionLimits().minUploadBytesPerSecond(), clock,
                () -> UUID.randomUUID().toString());
        JdbcTokenUses tokenUses = new JdbcTokenUses(store.dataSource(), clock);
        Optional<ImageUrls> imageUrls = ImageUrls.start(config.imageUrls(), config.imageUrlLimits(),
                store.dataSource(), storage, vips, presets, config.limits(), json, outputDir.resolve("image-url-work"),
                clock, config.apiKeys().isEmpty()
                        ? Optional.of(id -> jobs.getDone(id, Caller.ANYONE).state().outputKey())
                        : Optional.empty(), apiKeys::presentedKeyName, metrics).map(service::own);
        InfoHandlers info = new InfoHandlers(usage, new HealthChecks(checks), presets, config.limits());
        ApiServer api = new ApiServer(
                new ApiServer.Settings(config.host(), config.port(), config.publicUrl(), apiKeys,
                        config.role().servesApi(), config.shutdownGrace(), config.connectionLimits(),
                        config.metricsPublic(), config.cors(), stableLinks),
                jobs, storage, usage, uploads, resumable, info,
                deliveries, WebPage.load(), metrics,
                json, tokenUses, clock, playable, imageUrls.map(urls -> (io.javalin.http.Handler) urls.handler()::handle),
                imageUrls.map(urls -> urls::storedHits));

        webhooks.start();
        workers.start();
        Retention retention = new Retention(store, storage, config.jobRetention(), clock);
        schedule("retention", retention::purgeExpired, service);
        if (config.role().servesApi()) {
            schedule("upload-expiry", resumable::purgeExpired, service);
            schedule("stranded-uploads", api::finishStrandedUploads, service);
            schedule("upload-token-expiry", tokenUses::purgeExpired, service);
            imageUrls.ifPresent(urls -> schedule("image-url-eviction", urls::evictLeastRecentlyUsed, service));
        }
        service.own(api.start());
        service.port(api.port());
    }

    /** The bucket when SERVICE_OBJECT_BUCKET names one, else the output directory. */
    private static Storage storage(Config config, Path outputDir, RunningService service) {
        if (config.objectStorage().isEmpty()) return new LocalStorage(outputDir);
        Config.ObjectStorage s3 = config.objectStorage().get();
        S3Connection connection = service.own(
                S3Connection.open(s3.region(), s3.endpoint(), s3.accessKeyId(), s3.secretAccessKey()));
        return new S3Storage(connection, s3.bucket(), S3Storage.PartSizes.STANDARD);
    }

    /** Runs {@code task} now and every ten minutes, on a thread of its own named {@code name}. */
    private static void schedule(String name, Runnable task, RunningService service) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name(name).daemon().factory());
        service.own(scheduler::shutdownNow);
        scheduler.scheduleWithFixedDelay(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                log.warn("{} run failed", name, e);
            }
        }, 0, Duration.ofMinutes(10).toMinutes(), TimeUnit.MINUTES);
    }

    /** Uploads a crash left half-read are of no use to anyone. */
    private static void deleteLeftovers(Path uploadDir) throws IOException {
        if (!Files.isDirectory(uploadDir)) return;
        try (var files = Files.list(uploadDir)) {
            for (Path file : files.toList()) Files.deleteIfExists(file);
        }
    }
}
