package io.mediaopt.jobs;

import io.mediaopt.DirectoryTrees;
import io.mediaopt.ServiceException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** A scratch directory per running job, removed when the job's work ends, whatever the outcome. */
public final class WorkDirs {
    private static final Logger log = LoggerFactory.getLogger(WorkDirs.class);

    private final Path root;
    /** The file names of the encoders the jobs run (ffmpeg, ffprobe): the only processes {@link #clear} stops. */
    private final Set<String> encoders;

    public WorkDirs(Path root, List<String> encoderPaths) {
        this.root = root;
        this.encoders = encoderPaths.stream().map(WorkDirs::fileName).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * Removes what a previous run of the process left behind: its directories, and the encoders a
     * killed run left working in them, which would otherwise go on taking the CPU from the jobs
     * queued again. Such a process runs one of the encoders and names a path under the root.
     */
    public void clear() throws IOException {
        // as the work's paths were written, and as they resolve
        Set<String> under = Set.copyOf(List.of(root.toAbsolutePath() + "/", root.toAbsolutePath().normalize() + "/"));
        long self = ProcessHandle.current().pid();
        ProcessHandle.allProcesses().filter(p -> p.pid() != self).forEach(process -> {
            // read once: each call of info() reads the process's files under /proc again
            ProcessHandle.Info info = process.info();
            Optional<String> encoder = info.command().filter(c -> encoders.contains(fileName(c)));
            if (encoder.isEmpty() || !info.arguments()
                    .map(args -> Arrays.stream(args).anyMatch(a -> under.stream().anyMatch(a::contains))).orElse(false)) {
                return;
            }
            log.warn("stopping {} (pid {}), left working in {} by a previous run", encoder.get(), process.pid(), root);
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        });
        DirectoryTrees.deleteOrWarn(root, log);
        Files.createDirectories(root);
    }

    public <T> T within(String jobId, Function<Path, T> work) {
        Path dir = create(jobId);
        try {
            return work.apply(dir);
        } finally {
            DirectoryTrees.deleteOrWarn(dir, log);
        }
    }

    /** The directory of the job, made now; {@link #delete} it when the job's work ends, whatever the outcome. */
    Path create(String jobId) {
        Path dir = root.resolve(jobId);
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw ServiceException.internalFailure(e);
        }
    }

    /** Deletes a directory {@link #create} made, with all it holds. */
    void delete(Path dir) {
        DirectoryTrees.deleteOrWarn(dir, log);
    }

    private static String fileName(String path) {
        Path name = Path.of(path).getFileName();
        return name == null ? path : name.toString();
    }
}
