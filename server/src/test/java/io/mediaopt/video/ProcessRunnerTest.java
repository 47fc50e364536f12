package io.mediaopt.video;

import io.mediaopt.Eventually;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The runner itself never uses a shell; these tests start one only to get a process tree. */
class ProcessRunnerTest {

    @Test
    void capturesStdoutAndTheExitCode() throws Exception {
        try (ProcessRunner runner = new ProcessRunner()) {
            ProcessResult ok = runner.run(List.of("printf", "%s", "a b; $(rm -rf /)"), Duration.ofSeconds(10));
            assertThat(ok.succeeded()).isTrue();
            assertThat(ok.stdout()).isEqualTo("a b; $(rm -rf /)");

            ProcessResult failed = runner.run(List.of("sh", "-c", "echo oops >&2; exit 3"), Duration.ofSeconds(10));
            assertThat(failed.succeeded()).isFalse();
            assertThat(failed.timedOut()).isFalse();
            assertThat(failed.exitCode()).isEqualTo(3);
            assertThat(failed.stderrTail()).isEqualTo("oops\n");
        }
    }

    @Test
    void stdinIsEmptySoAProgramWaitingForInputDoesNotHang() throws Exception {
        try (ProcessRunner runner = new ProcessRunner()) {
            ProcessResult result = runner.run(List.of("cat"), Duration.ofSeconds(10));
            assertThat(result.succeeded()).isTrue();
            assertThat(result.stdout()).isEmpty();
        }
    }

    @Test
    void keepsOnlyTheEndOfStderrAndCapsStdout() throws Exception {
        try (ProcessRunner runner = new ProcessRunner(1000, 4096)) {
            ProcessResult result = runner.run(List.of("sh", "-c",
                    "head -c 200000 /dev/zero | tr '\\0' x; head -c 100000 /dev/zero | tr '\\0' y >&2; printf END >&2"),
                    Duration.ofSeconds(10));
            assertThat(result.succeeded()).isTrue();
            assertThat(result.stdout()).hasSize(1000);
            assertThat(result.stdoutTruncated()).isTrue();
            assertThat(result.stderrTail()).hasSize(4096).endsWith("yyyEND");
        }
    }

    @Test
    void aPipelineFeedsEachProgramTheOneBeforeAndKeepsEveryStderr() throws Exception {
        try (ProcessRunner runner = new ProcessRunner()) {
            List<ProcessResult> results = runner.runPipeline(List.of(
                    List.of("sh", "-c", "printf 'b\\na\\n'; echo first >&2"),
                    List.of("sh", "-c", "sort; echo second >&2; exit 4")), Duration.ofSeconds(10));
            assertThat(results).hasSize(2);
            assertThat(results.get(0).succeeded()).isTrue();
            assertThat(results.get(0).stdout()).as("went down the pipe").isEmpty();
            assertThat(results.get(0).stderrTail()).isEqualTo("first\n");
            assertThat(results.get(1).exitCode()).isEqualTo(4);
            assertThat(results.get(1).stdout()).isEqualTo("a\nb\n");
            assertThat(results.get(1).stderrTail()).isEqualTo("second\n");
        }
    }

    @Test
    void aPipelineEndsWhenItsReaderStopsEarly() throws Exception {
        try (ProcessRunner runner = new ProcessRunner()) {
            List<ProcessResult> results = runner.runPipeline(List.of(List.of("yes"), List.of("head", "-c", "4")),
                    Duration.ofSeconds(10));
            assertThat(results.get(1).succeeded()).isTrue();
            assertThat(results.get(1).stdout()).isEqualTo("y\ny\n");
            assertThat(results.get(0).timedOut()).as("yes stopped on the broken pipe").isFalse();
            assertThat(results.get(0).succeeded()).isFalse();
        }
    }

    @Test
    void aPipelinePastItsTimeoutIsKilledWhole() throws Exception {
        try (ProcessRunner runner = new ProcessRunner()) {
            List<ProcessResult> results = runner.runPipeline(List.of(List.of("sleep", "60"), List.of("cat")),
                    Duration.ofMillis(500));
            assertThat(results).allSatisfy(r -> {
                assertThat(r.timedOut()).isTrue();
                assertThat(r.exitCode()).isEqualTo(-1);
            });
            assertThat(runner.runningCount()).isZero();
            assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                    .map(h -> h.info().command().orElse("")))
                    .noneMatch(command -> command.endsWith("sleep") || command.endsWith("cat"));
        }
    }

    @Test
    void aTimeoutKillsTheProcessAndEverythingItStarted() throws Exception {
        Set<ProcessHandle> seen = ConcurrentHashMap.newKeySet();
        AtomicBoolean watching = new AtomicBoolean(true);
        Thread watcher = Thread.ofVirtual().start(() -> {
            while (watching.get()) {
                ProcessHandle.current().descendants().forEach(seen::add);
                sleep(10);
            }
        });
        try (ProcessRunner runner = new ProcessRunner()) {
            ProcessResult result = runner.run(
                    List.of("sh", "-c", "sleep 60 & sleep 60 & sleep 60"), Duration.ofMillis(500));
            assertThat(result.timedOut()).isTrue();
            assertThat(result.succeeded()).isFalse();
            assertThat(result.exitCode()).isEqualTo(-1);
            assertThat(result.elapsed()).isLessThan(Duration.ofSeconds(10));
        } finally {
            watching.set(false);
            watcher.join();
        }
        assertThat(seen).as("the shell and its sleeps were seen").hasSizeGreaterThanOrEqualTo(3);
        for (ProcessHandle handle : seen) {
            handle.onExit().get(); // a survivor would hang here until surefire's timeout
            assertThat(handle.isAlive()).isFalse();
        }
    }

    @Test
    void closeKillsRunningProcessesAndRefusesNewOnes() throws Exception {
        ProcessRunner runner = new ProcessRunner();
        AtomicReference<ProcessResult> result = new AtomicReference<>();
        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                result.set(runner.run(List.of("sleep", "60"), Duration.ofSeconds(60)));
            } catch (IOException | InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        Eventually.until(Duration.ofSeconds(10), "the process started", () -> runner.runningCount() > 0);
        ProcessHandle sleeper = ProcessHandle.current().descendants()
                .filter(h -> h.info().command().orElse("").endsWith("sleep")).findFirst().orElseThrow();

        runner.close();

        assertThat(caller.join(Duration.ofSeconds(10))).isTrue();
        assertThat(result.get().succeeded()).isFalse();
        assertThat(sleeper.isAlive()).isFalse();
        assertThat(runner.runningCount()).isZero();
        assertThatThrownBy(() -> runner.run(List.of("true"), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void anInterruptedCallerKillsItsProcess() throws Exception {
        try (ProcessRunner runner = new ProcessRunner()) {
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread caller = Thread.ofVirtual().start(() -> {
                try {
                    runner.run(List.of("sleep", "60"), Duration.ofSeconds(60));
                } catch (Throwable e) {
                    thrown.set(e);
                }
            });
            Eventually.until(Duration.ofSeconds(10), "the process started", () -> runner.runningCount() > 0);
            ProcessHandle sleeper = ProcessHandle.current().descendants()
                    .filter(h -> h.info().command().orElse("").endsWith("sleep")).findFirst().orElseThrow();

            caller.interrupt();

            assertThat(caller.join(Duration.ofSeconds(10))).isTrue();
            assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
            assertThat(sleeper.isAlive()).isFalse();
            assertThat(runner.runningCount()).isZero();
        }
    }

    @Test
    void aMissingProgramIsAnIOException() {
        try (ProcessRunner runner = new ProcessRunner()) {
            assertThatThrownBy(() -> runner.run(List.of("/nonexistent/ffmpeg"), Duration.ofSeconds(1)))
                    .isInstanceOf(IOException.class);
        }
    }

    @Test
    void tailBufferKeepsTheLastBytesAcrossWrites() {
        TailBuffer tail = new TailBuffer(5);
        tail.write("abc".getBytes(), 0, 3);
        assertThat(tail.text()).isEqualTo("abc");
        tail.write("defg".getBytes(), 0, 4);
        assertThat(tail.text()).isEqualTo("cdefg");
        tail.write("0123456789".getBytes(), 2, 8);
        assertThat(tail.text()).isEqualTo("56789");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
