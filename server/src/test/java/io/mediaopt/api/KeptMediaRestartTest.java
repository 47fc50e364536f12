package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.S3TestServer;
import io.mediaopt.ServerProcess;
import io.mediaopt.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.mediaopt.api.KeptJobs.fetch;
import static io.mediaopt.api.KeptJobs.fields;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kept job's links answer, unchanged, after a restart of the server and after the retention of
 * the jobs that are not kept has passed; a kept job that asked for a few hours goes once they are
 * past. The restarted server runs three hours ahead, so its retention sees that much time gone.
 */
@Integration
class KeptMediaRestartTest {
    private static final String KEY = "alice-key-0123456789";

    @TempDir
    Path dir;

    @Test
    void keptLinksOutliveARestartAndTheRetentionOfUnkeptJobs() throws Exception {
        try (S3TestServer s3 = S3TestServer.start()) {
            Map<String, String> env = new HashMap<>(s3.env());
            env.put("SERVICE_OUTPUT_DIR", dir.toString());
            env.put("SERVICE_API_KEYS", "alice:" + KEY);
            env.put("SERVICE_JOB_RETENTION_HOURS", "1");
            env.put("SERVICE_WORKERS", "1");
            env.put("PORT", Integer.toString(ServerProcess.freePort()));
            String unkept;
            String twoHours;
            List<String> keptUrls = new ArrayList<>();
            try (TestService first = TestService.start(env)) {
                String api = first.baseUrl();
                unkept = KeptJobs.submit(api, KEY, Fixtures.png(), fields());
                String kept = KeptJobs.submit(api, KEY, Fixtures.photoJpeg(800, 600),
                        fields("keep", "true", "renditions", "responsive"));
                String published = KeptJobs.submit(api, KEY, Fixtures.png(), fields("keep", "true", "visibility", "public"));
                twoHours = KeptJobs.submit(api, KEY, Fixtures.png(),
                        fields("keep", "true", "visibility", "public", "keepHours", "2"));
                for (String id : List.of(unkept, twoHours)) KeptJobs.awaitDone(api, KEY, id);
                JsonNode keptJob = KeptJobs.awaitDone(api, KEY, kept);
                keptUrls.add(keptJob.path("downloadUrl").asText());
                keptJob.path("result").path("renditions").forEach(r -> keptUrls.add(r.path("url").asText()));
                keptUrls.add(KeptJobs.awaitDone(api, KEY, published).path("downloadUrl").asText());
                for (String url : keptUrls) assertThat(fetch(url).statusCode()).as(url).isEqualTo(200);
            }

            try (TestService later = TestService.start(env, Clock.offset(Clock.systemUTC(), Duration.ofHours(3)))) {
                String api = later.baseUrl();
                for (String id : List.of(unkept, twoHours)) {
                    Eventually.until(Duration.ofSeconds(60), "retention deleted job " + id,
                            () -> KeptJobs.get(api, KEY, id).statusCode() == 404);
                    assertThat(s3.keys("")).noneMatch(key -> key.contains(id));
                }
                for (String url : keptUrls) {
                    assertThat(fetch(url).statusCode()).as(url).isEqualTo(200);
                    assertThat(fetch(url).headers().firstValue("Cache-Control").orElseThrow()).endsWith("immutable");
                }
            }
        }
    }
}
