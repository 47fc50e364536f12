package io.mediaopt.security;

import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static io.mediaopt.security.RawRequests.assertError;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How an upload is refused on both routes. The synchronous route answers with the error. The
 * job route refuses at submission what the request and the file decide before any decoding
 * (form, size, format, a name of the other kind, a polyglot); what only a decoder can tell is
 * accepted with 202 and the job fails with the code.
 */
final class Refusals {
    enum Stage { AT_SUBMISSION, IN_THE_JOB }

    private Refusals() {}

    /** Asserts the refusal on both routes; returns the synchronous route's message. */
    static String assertRefused(RunningServer server, String filename, byte[] content, int status, String code,
                                Stage asyncStage) throws Exception {
        List<Part> form = List.of(Part.file("media", filename, content));
        String message = assertError(RawRequests.post(server.baseUrl(), "/media/optimize", form), status, code)
                .path("error").asText();

        HttpResponse<byte[]> submitted = RawRequests.post(server.baseUrl(), "/media/jobs", form);
        if (asyncStage == Stage.AT_SUBMISSION) {
            assertError(submitted, status, code);
            return message;
        }
        assertThat(submitted.statusCode()).as(new String(submitted.body())).isEqualTo(202);
        Job job = server.client().waitForJob(RawRequests.json(submitted).path("jobId").asText(), Duration.ofMinutes(2));
        assertThat(job.status()).isEqualTo(JobStatus.FAILED);
        assertThat(job.error().code()).isEqualTo(code);
        assertThat(job.error().message()).isNotBlank();
        return message;
    }
}
