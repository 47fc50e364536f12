package io.mediaopt;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mediaopt.http.ApiKeys;
import io.mediaopt.health.HealthFeature;
import io.mediaopt.http.ApiServer;
import io.mediaopt.jobs.routes.CallbackPayloads;
import io.mediaopt.http.InfoRoutes;
import io.mediaopt.jobs.routes.RouteParts;
import io.mediaopt.jobs.routes.JobMediaLookup;
import io.mediaopt.jobs.routes.UploadReader;
import io.mediaopt.image.ImageFeature;
import io.mediaopt.image.ImageOptimizer;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.imageurl.ImageSources;
import io.mediaopt.imageurl.ImageUrls;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.EncodingSlots;
import io.mediaopt.jobs.JobsFeature;
import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.jobs.WorkerSettings;
import io.mediaopt.logs.LogOutput;
import io.mediaopt.media.MediaKind;
import io.mediaopt.media.Optimizer;
import io.mediaopt.media.Presets;
import io.mediaopt.metrics.MetricsFeature;
import io.mediaopt.metrics.ServiceMetrics;
import io.mediaopt.quality.Ssimulacra2;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.renditions.RenditionMaker;
import io.mediaopt.jobs.routes.JobRoutes;
import io.mediaopt.renditions.routes.RenditionRoutes;
import io.mediaopt.renditions.routes.StableLinks;
import io.mediaopt.uploads.routes.UploadRoutes;
import io.mediaopt.storage.DiskSpace;
import io.mediaopt.storage.LocalStorage;
import io.mediaopt.storage.S3Connection;
import io.mediaopt.storage.S3Storage;
import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageFeature;
import io.mediaopt.tokens.JdbcTokenUses;
import io.mediaopt.uploads.ResumableUploads;
import io.mediaopt.uploads.UploadsFeature;
import io.mediaopt.usage.UsageCounters;
import io.mediaopt.video.ChunkedVideo;
import io.mediaopt.video.ProcessRunner;
import io.mediaopt.video.VideoFeature;
import io.mediaopt.video.VideoOptimizer;
import io.mediaopt.video.VideoTools;
import io.mediaopt.web.WebPage;
import io.mediaopt.webhooks.CallbackStates;
import io.mediaopt.webhooks.CallbackTargets;
import io.mediaopt.webhooks.WebhooksFeature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;

/** Wiring only: configuration → the shared parts → the features, in order → start. */
public final class Main {
    private static final Logger log = LoggerFactory.getLogger(Main.class);

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

    /** The shared parts, then the features built from them; their routes served, their chores scheduled. */
    private static void wire(Config config, Clock clock, RunningService service) throws IOException {
        Path outputDir = config.outputDir().toAbsolutePath();
        Files.createDirectories(outputDir);
        ObjectMapper json = JsonMapper.builder().build();
        Presets presets = Presets.standard();
        Vips vips = vips(config);
        VideoTools videoTools = new VideoTools(config.ffmpegPath(), config.ffprobePath(),
                service.own(new ProcessRunner()));
        VideoFeature video = VideoFeature.askingNow(videoTools);
        Storage storage = storage(config, outputDir, service);
        ServiceMetrics metrics = service.own(config.metricsEnabled() ? ServiceMetrics.prometheus() : ServiceMetrics.off());
        SqlDialect database = config.databaseDialect();
        JdbcJobStore store = service.own(JdbcJobStore.open(config.databaseUrl(), database, json, presets));
        ApiKeys apiKeys = new ApiKeys(config.apiKeys());
        StableLinks stableLinks = new StableLinks(config.keep(), apiKeys, clock);
        UsageCounters usage = new UsageCounters();
        PlayableJobs playable = new PlayableJobs(store.dataSource());

        // closed after the workers, so that the events of jobs ending during a stop still go out
        WebhooksFeature webhooks = service.own(new WebhooksFeature(config.webhooks(), config.nodeId(), store, database,
                new CallbackPayloads(storage, config.publicUrl(), stableLinks, json), metrics, clock));
        JobsFeature jobs = service.own(jobs(config, outputDir, store, database, storage, vips, videoTools, playable,
                usage, metrics, clock));
        UploadsFeature uploads = new UploadsFeature(config.uploads(), store.dataSource(), storage,
                emptied(outputDir.resolve("resumable")), config.limits().maxInputBytes(),
                config.connectionLimits().minUploadBytesPerSecond(), clock);
        Optional<ImageUrls> imageUrls = imageUrls(config, outputDir, store, storage, vips, presets, json, jobs, apiKeys,
                metrics, clock).map(service::own);
        WebPage page = WebPage.load();
        boolean servesApi = config.role().servesApi();
        RouteParts api = new RouteParts(servesApi ? apiKeys.withPublicPage(page.paths()) : apiKeys, storage,
                config.publicUrl(), stableLinks, new UploadReader(emptied(outputDir.resolve("uploads")),
                config.limits().maxInputBytes(), presets, new CallbackTargets(config.webhooks()), config.keep()),
                new JdbcTokenUses(store.dataSource(), clock), ResumableUploads::jobIdOf, json, clock);

        // every node: health reports the checks of the features listed before it
        List<Feature> features = new ArrayList<>(List.of(
                video,
                new ImageFeature(vips),
                new StorageFeature(storage, config.objectStorage().isPresent() ? "s3" : "local"),
                webhooks,
                jobs,
                new MetricsFeature(metrics)));
        features.add(new HealthFeature(features));
        if (servesApi) {
            features.addAll(List.of(
                    new JobRoutes(api, jobs.jobs(), new CallbackStates(webhooks.deliveries()),
                            uploads.resumable()::uploadOfJob, playable),
                    new RenditionRoutes(api.keys(), storage, new JobMediaLookup(jobs.jobs()), playable, stableLinks),
                    uploads,
                    new UploadRoutes(api, jobs.jobs(), uploads.resumable()),
                    new InfoRoutes(api.keys(), usage, presets, config.limits()),
                    page));
            imageUrls.ifPresent(features::add);
        }

        ApiServer server = new ApiServer(new ApiServer.Settings(config.host(), config.port(), config.shutdownGrace(),
                config.connectionLimits(), config.metricsPublic(), config.cors()), api.keys(), api.tokenAccess(),
                features, usage, metrics, json, imageUrls.map(urls -> urls::storedHits));
        for (Feature feature : features) feature.start();
        for (Feature feature : features) feature.chores().forEach(service::schedule);
        service.own(server.start());
        service.port(server.port());
        service.routes(server.routes());
    }

    /**
     * libvips, with a thread per image for each worker: one each with the default of one worker per
     * processor. A thread per image spends the least CPU on each (no tiles handed between
     * threads), and with every worker busy the cores are full anyway; a single worker gets them all.
     */
    private static Vips vips(Config config) {
        int threadsPerImage = Math.max(1, Runtime.getRuntime().availableProcessors() / config.workers());
        Vips vips = Vips.open(config.libvipsPath(), threadsPerImage);
        log.info("libvips {}{}, {} thread(s) per image", vips.version(), config.libvipsPath().map(path -> " from " + path
                + "; HEIF/HEIC and GIF inputs through the system's libvips, started on the first of them").orElse(""),
                threadsPerImage);
        log.info("image quality {} by default; SSIMULACRA 2 scores computed {}",
                config.imageQuality().name().toLowerCase(Locale.ROOT), Ssimulacra2.arithmetic());
        return vips;
    }

    /** The job pipeline, its encoders (one per kind of media) and their settings. */
    private static JobsFeature jobs(Config config, Path outputDir, JdbcJobStore store, SqlDialect database,
                                    Storage storage, Vips vips, VideoTools videoTools, PlayableJobs playable,
                                    UsageCounters usage, ServiceMetrics metrics, Clock clock) {
        Semaphore videoEncoders = new Semaphore(config.videoEncodes(), true);
        EncodingSlots slots = new EncodingSlots(config.workers());
        ChunkedVideo chunks = ChunkedVideo.create(config.videoChunks(), store.dataSource(), database, storage,
                videoTools, config.limits(), videoEncoders, slots, config.nodeId(), config.jobLease(), clock,
                outputDir.resolve("work").resolve("chunks"), metrics);
        Map<MediaKind, Optimizer> optimizers = Map.of(
                MediaKind.IMAGE, new ImageOptimizer(vips, config.limits(), config.imageQuality()),
                MediaKind.VIDEO, new VideoOptimizer(videoTools, config.limits(), videoEncoders, config.videoQuality(),
                        chunks));
        JobsFeature.Settings settings = new JobsFeature.Settings(
                new WorkerSettings(config.workers(), config.queueTimeout(), config.nodeId(), config.jobLease(),
                        config.jobMaxAttempts(), config.role().processesQueue(), config.shutdownGrace()),
                config.maxPendingJobs(), config.jobRetention(),
                config.limits().ffprobeTimeout().plus(config.limits().videoTimeout()), outputDir.resolve("work"),
                List.of(config.ffmpegPath(), config.ffprobePath()));
        return JobsFeature.open(settings, store, database, storage, optimizers,
                new RenditionMaker(vips, videoTools, config.limits(), config.imageQuality(), chunks,
                        config.videoLadderAv1()), playable, usage, metrics,
                new DiskSpace(outputDir, config.minFreeBytes()),
                database.file(config.databaseUrl()).map(file -> new DiskSpace(file, config.minFreeBytes())),
                slots, chunks.work(), clock);
    }

    /**
     * Images by URL when SERVICE_IMAGE_URL_KEYS or SERVICE_IMAGE_URL_UNSIGNED turns them on; without
     * keys, a done job's output is a source too.
     */
    private static Optional<ImageUrls> imageUrls(Config config, Path outputDir, JdbcJobStore store, Storage storage,
                                                 Vips vips, Presets presets, ObjectMapper json, JobsFeature jobs,
                                                 ApiKeys apiKeys, ServiceMetrics metrics, Clock clock)
            throws IOException {
        Optional<ImageSources.JobOutputs> outputs = config.apiKeys().isEmpty()
                ? Optional.of(id -> jobs.jobs().getDone(id, Caller.ANYONE).state().outputKey())
                : Optional.empty();
        return ImageUrls.start(config.imageUrls(), config.imageUrlLimits(), store.dataSource(), storage, vips, presets,
                config.limits(), json, emptied(outputDir.resolve("image-url-work")), clock, outputs,
                apiKeys::presentedKeyName, metrics);
    }

    /** The bucket when SERVICE_OBJECT_BUCKET names one, else the output directory. */
    private static Storage storage(Config config, Path outputDir, RunningService service) {
        if (config.objectStorage().isEmpty()) return new LocalStorage(outputDir);
        Config.ObjectStorage s3 = config.objectStorage().get();
        S3Connection connection = service.own(
                S3Connection.open(s3.region(), s3.endpoint(), s3.accessKeyId(), s3.secretAccessKey()));
        return new S3Storage(connection, s3.bucket(), S3Storage.PartSizes.STANDARD);
    }

    /** {@code dir}, without the files a crash left half-read there: they are of no use to anyone. */
    private static Path emptied(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return dir;
        try (var files = Files.list(dir)) {
            for (Path file : files.toList()) Files.deleteIfExists(file);
        }
        return dir;
    }
}
