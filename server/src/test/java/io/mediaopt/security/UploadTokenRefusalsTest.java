package io.mediaopt.security;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.MovableClock;
import io.mediaopt.RunningServer;
import io.mediaopt.TestService;
import io.mediaopt.TokenCalls;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.mediaopt.TokenCalls.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/security-access.md, upload tokens: a forged, expired, reused, out-of-scope or other-origin token,
 * or one whose key was removed, is refused with its own code, and nothing of the refused upload
 * is kept (no upload, no job, no file); no token ever reaches a log line.
 */
@Integration
class UploadTokenRefusalsTest {
    private static final String KEY = "backend-5d0c7e12ab";
    private static final String GONE = "gone-91f3a6c8e0";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1",
            "SERVICE_API_KEYS", "backend:" + KEY));
    static byte[] photo;
    static byte[] video;
    static TokenCalls calls;

    @BeforeAll
    static void fixtures() throws Exception {
        photo = Files.readAllBytes(Fixtures.photoJpeg(320, 240));
        video = Files.readAllBytes(Fixtures.shortClip());
        calls = new TokenCalls(server.baseUrl());
    }

    @Test
    void aForgedTokenIsRefusedWhereverAByteChanged() throws Exception {
        String token = calls.mint(KEY, Map.of("preset", "mobile"));
        List<String> forgeries = new ArrayList<>();
        for (int at : new int[] {3, token.indexOf('.') - 2, token.length() - 2}) {
            char[] changed = token.toCharArray();
            changed[at] = changed[at] == 'A' ? 'B' : 'A';
            forgeries.add(new String(changed));
        }
        List<String> malformed = List.of(token.substring(0, token.indexOf('.')) + ".", "not-a-token", token + token);
        assertNothingKept(() -> {
            for (String forged : forgeries) {
                assertRefused(calls.tusCreate(forged, photo.length, Map.of("filename", "p.jpg")), 401, "invalid-token");
                assertRefused(calls.submit(forged, "p.jpg", photo, Map.of()), 401, "invalid-token");
                assertRefused(calls.tusPatch(server.baseUrl() + "/uploads/x", forged, 0, photo), 401, "invalid-token");
            }
            for (String bad : malformed) {
                // not shaped as a token: in Authorization it is taken for a wrong key
                assertRefused(calls.submit(bad, "p.jpg", photo, Map.of()), 401, "unauthorized");
                assertRefused(calls.tusPatch(server.baseUrl() + "/uploads/x", bad, 0, photo), 401, "invalid-token");
            }
        });
        assertThat(calls.submit(token, "p.jpg", photo, Map.of()).statusCode()).as("the real one").isEqualTo(202);
    }

    @Test
    void anExpiredTokenAndOneOfARemovedKeyAreRefused() throws Exception {
        MovableClock clock = new MovableClock(Instant.now());
        try (TestService later = TestService.start(Map.of("SERVICE_API_KEYS", "backend:" + KEY + ",gone:" + GONE), clock)) {
            TokenCalls laterCalls = new TokenCalls(later.baseUrl());
            String shortLived = laterCalls.mint(KEY, Map.of("expiresInSec", 60));
            String ofGone = laterCalls.mint(GONE, Map.of());
            clock.advance(Duration.ofSeconds(61));
            assertRefused(laterCalls.submit(shortLived, "p.jpg", photo, Map.of()), 401, "token-expired");
            assertRefused(laterCalls.tusCreate(shortLived, photo.length, Map.of("filename", "p.jpg")), 401, "token-expired");
            assertThat(count(later.outputDir(), "SELECT COUNT(*) FROM jobs")).isZero();
            assertThat(count(later.outputDir(), "SELECT COUNT(*) FROM uploads")).isZero();
            // the same keys but "gone" on this server, as after its removal: its tokens are worthless
            assertNothingKept(() -> assertRefused(calls.submit(ofGone, "p.jpg", photo, Map.of()), 401, "invalid-token"));
        }
    }

    @Test
    void aSecondUploadWithTheSameTokenIsRefusedAndKeepsNothing() throws Exception {
        String token = calls.mint(KEY, Map.of());
        HttpResponse<String> first = calls.tusCreate(token, photo.length, Map.of("filename", "p.jpg"));
        assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
        assertNothingKept(() -> {
            assertRefused(calls.tusCreate(token, photo.length, Map.of("filename", "q.jpg")), 403, "token-used");
            assertRefused(calls.submit(token, "q.jpg", photo, Map.of()), 403, "token-used");
        });
        String location = first.headers().firstValue("Location").orElseThrow();
        assertThat(calls.tusPatch(location, token, 0, photo).statusCode()).as("its own upload goes on").isEqualTo(204);
    }

    @Test
    void anUploadOutsideTheTokensScopeIsRefusedAndKeepsNothing() throws Exception {
        String web = calls.mint(KEY, Map.of("preset", "web", "format", "webp"));
        String small = calls.mint(KEY, Map.of("maxBytes", photo.length - 1));
        String videos = calls.mint(KEY, Map.of("kind", "video"));
        String images = calls.mint(KEY, Map.of("kind", "image"));
        assertNothingKept(() -> {
            assertRefused(calls.tusCreate(web, photo.length, Map.of("filename", "p.jpg", "preset", "mobile")),
                    403, "token-scope");
            assertRefused(calls.submit(web, "p.jpg", photo, Map.of("format", "avif")), 403, "token-scope");
            assertRefused(calls.tusCreate(small, photo.length, Map.of("filename", "p.jpg")), 413, "too-large");
            assertRefused(calls.submit(small, "p.jpg", photo, Map.of()), 413, "too-large");
            assertRefused(calls.submit(videos, "p.jpg", photo, Map.of()), 403, "token-scope");
            HttpResponse<String> created = calls.tusCreate(images, video.length, Map.of("filename", "v.mp4"));
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            assertRefused(calls.tusPatch(created.headers().firstValue("Location").orElseThrow(), images, 0, video),
                    403, "token-scope");
        });
    }

    @Test
    void aTokenForOneOriginIsRefusedFromAnother() throws Exception {
        String token = calls.mint(KEY, Map.of("origin", "https://shop.example"));
        assertNothingKept(() -> {
            assertRefused(calls.tusCreate(token, photo.length, Map.of("filename", "p.jpg"), "Origin", "https://evil.example"),
                    403, "token-origin");
            assertRefused(calls.submit(token, "p.jpg", photo, Map.of()), 403, "token-origin");
        });
        HttpResponse<String> last = calls.tusUpload(token, "p.jpg", photo, "Origin", "https://shop.example");
        assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
    }

    @Test
    void tokensNeverReachTheLogs() throws Exception {
        List<String> tokens = new ArrayList<>();
        List<String> lines = CapturedLogs.during(() -> {
            String token = calls.mint(KEY, Map.of("kind", "image"));
            tokens.add(token);
            String jobId = calls.tusUpload(token, "p.jpg", photo).headers().firstValue("x-service-job-id").orElseThrow();
            calls.doneJob(jobId, token);
            calls.tusCreate(token, photo.length, Map.of("filename", "again.jpg"));
            String refused = calls.mint(KEY, Map.of("kind", "video"));
            tokens.add(refused);
            calls.submit(refused, "p.jpg", photo, Map.of());
            calls.submit(refused.substring(1), "p.jpg", photo, Map.of());
            calls.tusPatch(server.baseUrl() + "/uploads/x", refused.substring(1), 0, photo);
        });
        assertThat(lines).as("something was logged").isNotEmpty();
        for (String line : lines) {
            for (String token : tokens) {
                assertThat(line).doesNotContain(token.substring(token.indexOf('.') + 1))
                        .doesNotContain(token.substring(0, token.indexOf('.')));
            }
        }
    }

    /** Runs refused requests; afterwards there are as many uploads, jobs and received files as before. */
    private static void assertNothingKept(Refusals refusals) throws Exception {
        long uploads = count(server.outputDir(), "SELECT COUNT(*) FROM uploads");
        long jobs = count(server.outputDir(), "SELECT COUNT(*) FROM jobs");
        long pieces = files(server.outputDir().resolve("upload-parts"));
        refusals.run();
        assertThat(count(server.outputDir(), "SELECT COUNT(*) FROM uploads")).as("uploads").isEqualTo(uploads);
        assertThat(count(server.outputDir(), "SELECT COUNT(*) FROM jobs")).as("jobs").isEqualTo(jobs);
        assertThat(files(server.outputDir().resolve("uploads"))).as("received files").isZero();
        assertThat(files(server.outputDir().resolve("upload-parts"))).as("pieces of uploads").isEqualTo(pieces);
    }

    /** Requests that are each refused. */
    @FunctionalInterface
    private interface Refusals {
        void run() throws Exception;
    }

    private static long count(Path outputDir, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + outputDir.resolve("jobs.db"));
             ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long files(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) return 0;
        try (var walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).count();
        }
    }
}
