package io.mediaopt.cli;

import io.mediaopt.client.Download;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.MediaoptException;
import io.mediaopt.client.OptimizationSummary;
import io.mediaopt.client.UploadProgress;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Optimizes one input into the output folder: an image synchronously, a video as a job, sent as
 * a resumable upload, whose progress is polled. The output is written to a hidden partial file and moved into place only
 * when whole, never over an existing file, so an interrupted run leaves nothing a rerun would
 * take for done, and no input is ever overwritten.
 */
final class FileOptimizer {
    private static final Duration POLL_EVERY = Duration.ofMillis(500);

    private final MediaoptClient client;
    private final String preset;
    private final OutputChoices choices;
    private final Path outDir;
    private final ProgressView view;
    /** Partial files being written, for {@link #deletePartials} when the run is stopped. */
    private final Set<Path> partials = ConcurrentHashMap.newKeySet();

    FileOptimizer(MediaoptClient client, String preset, OutputChoices choices, Path outDir, ProgressView view) {
        this.client = client;
        this.preset = preset;
        this.choices = choices;
        this.outDir = outDir;
        this.view = view;
    }

    Outcome optimize(MediaFiles.Input input) {
        try {
            Optional<Path> existing = MediaFiles.existingOutput(input, outDir);
            if (existing.isPresent()) return Outcome.skipped(input, existing.get(), Files.size(existing.get()));
            view.started(input);
            Path dir = MediaFiles.target(input, outDir, "part").getParent();
            Files.createDirectories(dir);
            Path partial = Files.createTempFile(dir, "." + input.relative().getFileName() + ".", ".part");
            partials.add(partial);
            try {
                Written written = input.isVideo() ? asJob(input, partial) : now(input, partial);
                Path target = MediaFiles.target(input, outDir, extension(written.filename()));
                Files.move(partial, target); // no REPLACE_EXISTING: nothing is ever overwritten
                return Outcome.done(input, target, Files.size(target), written.strategy());
            } finally {
                Files.deleteIfExists(partial);
                partials.remove(partial);
            }
        } catch (MediaoptApiException e) {
            return Outcome.failed(input, e.code() + ": " + e.getMessage());
        } catch (JobFailed e) {
            return Outcome.failed(input, e.getMessage());
        } catch (FileAlreadyExistsException e) {
            return Outcome.failed(input, "an output of this name appeared meanwhile: " + e.getFile());
        } catch (IOException | MediaoptException e) {
            return Outcome.failed(input, e.getMessage());
        }
    }

    /**
     * Deletes the partial files of the inputs in flight: run when the process is stopped (Ctrl-C),
     * which ends the workers without their own clean-up.
     */
    void deletePartials() {
        for (Path partial : partials) {
            try {
                Files.deleteIfExists(partial);
            } catch (IOException e) {
                // the process is ending; a file that cannot go is left as the partial it is
            }
        }
    }

    private record Written(String filename, String strategy) {}

    private Written now(MediaFiles.Input input, Path partial) {
        OptimizationSummary summary = client.optimizeTo(input.file(), preset, choices.images(), partial);
        view.progressed(input, 100);
        return new Written(summary.result().filename(), summary.result().strategy());
    }

    private Written asJob(MediaFiles.Input input, Path partial) {
        String id = submitVideo(input);
        long deadline = System.nanoTime() + MediaoptClient.DEFAULT_WAIT_TIMEOUT.toNanos();
        Job job = client.getJob(id);
        while (!job.terminal()) {
            if (job.progress() != null) view.progressed(input, job.progress());
            if (System.nanoTime() > deadline) throw new JobFailed("job " + id + " did not finish in time");
            sleep();
            job = client.getJob(id);
        }
        if (job.status() == JobStatus.FAILED) {
            throw new JobFailed(job.error().code() + ": " + job.error().message());
        }
        view.progressed(input, 100);
        Download download = client.download(id, partial);
        return new Written(download.filename(), job.result().strategy());
    }

    /**
     * A video goes through the service's resumable uploads, so a dropped connection costs one
     * 5 MB piece and not the whole file; a service without them (404) gets the form.
     */
    private String submitVideo(MediaFiles.Input input) {
        try {
            return client.upload(input.file(), preset, choices.videos(), UploadProgress.NONE).jobId();
        } catch (MediaoptApiException e) {
            if (e.status() != 404) throw e;
            return client.submitJob(input.file(), preset, choices.videos()).jobId();
        }
    }

    private static String extension(String filename) {
        int dot = filename == null ? -1 : filename.lastIndexOf('.');
        return dot < 0 || dot == filename.length() - 1 ? "bin" : filename.substring(dot + 1);
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_EVERY);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobFailed("interrupted");
        }
    }

    private static final class JobFailed extends RuntimeException {

        private static final long serialVersionUID = 1L;

        JobFailed(String message) {
            super(message);
        }
    }
}
