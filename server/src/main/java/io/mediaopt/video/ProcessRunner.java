package io.mediaopt.video;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs external programs such as ffmpeg and ffprobe. The command is a list of arguments, never
 * a shell line, so no file name can inject anything. Stdin is empty, stdout is kept up to a cap
 * and only the tail of stderr is kept. A run that passes its timeout is killed together with
 * every process it started. {@link #close()} kills whatever still runs, so a server that stops
 * leaves no encoder behind eating the CPU of the next one.
 */
public final class ProcessRunner implements AutoCloseable {
    /** ffprobe's JSON for a file with many streams stays far below this. */
    public static final int DEFAULT_STDOUT_LIMIT = 16 * 1024 * 1024;
    public static final int DEFAULT_STDERR_TAIL = 8 * 1024;

    private static final File NO_INPUT = new File("/dev/null");
    /** After the process is gone its pipes close at once; this only guards against a stray holder. */
    private static final Duration DRAIN_WAIT = Duration.ofSeconds(5);
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);

    private final int stdoutLimit;
    private final int stderrTail;
    private final Set<Process> running = ConcurrentHashMap.newKeySet();
    /** Calls past the closed check whose processes are not yet in {@link #running}. */
    private final AtomicInteger starting = new AtomicInteger();
    private volatile boolean closed;

    public ProcessRunner(int stdoutLimit, int stderrTail) {
        this.stdoutLimit = stdoutLimit;
        this.stderrTail = stderrTail;
    }

    public ProcessRunner() {
        this(DEFAULT_STDOUT_LIMIT, DEFAULT_STDERR_TAIL);
    }

    /**
     * Runs {@code command} until it exits or {@code timeout} passes. Throws IOException when the
     * program cannot be started; on interruption the process is killed before rethrowing.
     */
    public ProcessResult run(List<String> command, Duration timeout) throws IOException, InterruptedException {
        return run(command, timeout, null);
    }

    /**
     * {@link #run(List, Duration)} that also hands each line of stdout to {@code stdoutLines} as it
     * arrives (ffmpeg's -progress report, say), on the thread that reads it.
     */
    public ProcessResult run(List<String> command, Duration timeout, Consumer<String> stdoutLines)
            throws IOException, InterruptedException {
        return execute(List.of(command), timeout, stdoutLines).getFirst();
    }

    /**
     * Runs {@code commands} side by side, each one's stdout into the next one's stdin (a shell's
     * pipeline, without the shell), until all exit or {@code timeout} passes; then all are
     * killed. One result per command, in order; only the last has a stdout. A program that
     * stops early closes the pipe, and its neighbours see the end of their input or a broken
     * pipe and stop too.
     */
    public List<ProcessResult> runPipeline(List<List<String>> commands, Duration timeout)
            throws IOException, InterruptedException {
        return execute(commands, timeout, null);
    }

    private List<ProcessResult> execute(List<List<String>> commands, Duration timeout, Consumer<String> stdoutLines)
            throws IOException, InterruptedException {
        long started = System.nanoTime();
        List<ProcessBuilder> builders = commands.stream().map(ProcessBuilder::new).toList();
        builders.getFirst().redirectInput(NO_INPUT);
        List<Process> processes;
        starting.incrementAndGet();
        try {
            if (closed) throw new IllegalStateException("The process runner is closed");
            processes = ProcessBuilder.startPipeline(builders);
            running.addAll(processes);
        } finally {
            starting.decrementAndGet();
        }
        try {
            // close() may have run between the check above and addAll(); it must not miss these
            if (closed) processes.forEach(ProcessRunner::killTree);
            Process last = processes.getLast();
            var stdout = readInBackground(() -> readHead(last.getInputStream(), stdoutLimit, stdoutLines));
            List<FutureTask<String>> stderrs = processes.stream()
                    .map(p -> readInBackground(() -> readTail(p.getErrorStream(), stderrTail))).toList();
            long deadline = started + timeout.toNanos();
            boolean exited = true;
            for (Process process : processes) {
                exited = exited && process.waitFor(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            }
            if (!exited) processes.forEach(ProcessRunner::killTree);
            Head head = await(stdout, new Head(new byte[0], false));
            Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
            List<ProcessResult> results = new ArrayList<>();
            for (int i = 0; i < processes.size(); i++) {
                boolean isLast = i == processes.size() - 1;
                results.add(new ProcessResult(
                        exited ? processes.get(i).exitValue() : -1,
                        !exited,
                        isLast ? new String(head.bytes(), StandardCharsets.UTF_8) : "",
                        isLast && head.truncated(),
                        await(stderrs.get(i), ""),
                        elapsed));
            }
            return results;
        } finally {
            for (Process process : processes) {
                if (process.isAlive()) killTree(process);
                running.remove(process);
            }
        }
    }

    /** Kills every process still running; later calls to {@link #run} are refused. */
    @Override
    public void close() {
        closed = true;
        // a call that passed the closed check just before may still be starting its processes:
        // they are killed too before close returns, so nothing outlives it
        long deadline = System.nanoTime() + KILL_WAIT.toNanos();
        do {
            for (Process process : running) killTree(process);
        } while ((starting.get() > 0 || !running.isEmpty()) && System.nanoTime() < deadline && pause());
    }

    private static boolean pause() {
        try {
            Thread.sleep(10);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** How many processes are running now (for tests and the health page). */
    public int runningCount() {
        return running.size();
    }

    /**
     * The descendants are listed before the parent dies: once it is gone they are re-parented
     * and no longer found under it. The parent goes first so it cannot start new ones.
     */
    private static void killTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        try {
            process.onExit().get(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // SIGKILL cannot be refused; a process that lingers is in the kernel's hands
        }
    }

    private interface Reader<T> {
        T read() throws IOException;
    }

    private static <T> FutureTask<T> readInBackground(Reader<T> reader) {
        FutureTask<T> task = new FutureTask<>(reader::read);
        Thread.ofVirtual().name("process-output").start(task);
        return task;
    }

    private static <T> T await(FutureTask<T> task, T whenLost) throws InterruptedException {
        try {
            return task.get(DRAIN_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return whenLost;
        }
    }

    private record Head(byte[] bytes, boolean truncated) {}

    /** Keeps the first {@code limit} bytes and reads on to the end so the child never blocks. */
    private static Head readHead(InputStream in, int limit, Consumer<String> lines) throws IOException {
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        LineSplitter splitter = lines == null ? null : new LineSplitter(lines);
        byte[] chunk = new byte[8192];
        boolean truncated = false;
        try (in) {
            for (int n; (n = in.read(chunk)) >= 0; ) {
                if (splitter != null) splitter.write(chunk, n);
                int room = limit - kept.size();
                if (n > room) truncated = true;
                kept.write(chunk, 0, Math.min(n, room));
            }
        }
        return new Head(kept.toByteArray(), truncated);
    }

    private static String readTail(InputStream in, int capacity) throws IOException {
        TailBuffer tail = new TailBuffer(capacity);
        byte[] chunk = new byte[8192];
        try (in) {
            for (int n; (n = in.read(chunk)) >= 0; ) tail.write(chunk, 0, n);
        }
        return tail.text();
    }
}
