package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.TestService;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import org.assertj.core.api.ThrowableAssert;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A local disk that refuses writes and reads answers 500 storage-failed, as object storage that
 * is down does, never internal. A regular file where the storage needs a directory fails every
 * file operation below it, for root too (permissions do not stop root).
 */
@Integration
class LocalStorageFailureApiTest {

    @Test
    void aDiskThatRefusesTheStorageDirectoriesIsAStorageFailure() throws Exception {
        try (TestService service = TestService.start(); MediaoptClient client = service.client()) {
            Job done = client.waitForJob(client.submitJob(Fixtures.png(), "web").jobId(), Duration.ofMinutes(1));
            assertThat(done.status()).isEqualTo(JobStatus.DONE);

            Path outputs = service.outputDir().resolve("outputs");
            Files.move(outputs, service.outputDir().resolve("outputs-elsewhere"));
            fileWhereADirectoryMustBe(outputs);
            fileWhereADirectoryMustBe(service.outputDir().resolve("inputs"));

            expectStorageFailed(() -> client.download(done.jobId(), service.outputDir().resolve("download")));
            expectStorageFailed(() -> client.submitJob(Fixtures.png(), "web"));
            expectStorageFailed(() -> client.optimize(Fixtures.png(), "web"));
            assertThat(client.health().httpStatus()).isEqualTo(200);
        }
    }

    /**
     * A job is done for its client a moment before its worker deletes the input, so the
     * directory is waited on, not looked at once.
     */
    private static void fileWhereADirectoryMustBe(Path dir) throws Exception {
        if (Files.isDirectory(dir)) {
            List<Path> left = Eventually.await(Duration.ofSeconds(10), () -> {
                try (var files = Files.list(dir)) {
                    return files.toList();
                }
            }, List::isEmpty);
            assertThat(left).as("%s holds nothing once its job is done", dir).isEmpty();
            Files.delete(dir);
        }
        Files.writeString(dir, "not a directory");
    }

    private static void expectStorageFailed(ThrowableAssert.ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(MediaoptApiException.class, e -> {
            assertThat(e.status()).isEqualTo(500);
            assertThat(e.code()).isEqualTo("storage-failed");
        });
    }
}
