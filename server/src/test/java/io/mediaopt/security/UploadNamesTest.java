package io.mediaopt.security;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.net.URLDecoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * File names written into the multipart header byte by byte: quotes, CR/LF, path traversal, NUL,
 * very long and non-ASCII names. None reaches a path on disk (every stored file has a name the
 * server chose), and each comes back in Content-Disposition (RFC 6266) and in the job without
 * anything that could break out of a header or name a directory.
 */
@Integration
class UploadNamesTest {
    /** In every hostile name, so a file named after one would be found anywhere on disk. */
    private static final String MARKER = "zq7hostile";
    private static final Pattern DISPOSITION = Pattern.compile(
            "(inline|attachment); filename=\"([\\x20-\\x7e&&[^\"\\\\]]*)\"; filename\\*=UTF-8''([A-Za-z0-9%._*-]+)");
    private static final Pattern SERVER_CHOSEN_SEGMENT = Pattern.compile("[A-Za-z0-9._-]+");

    @RegisterExtension
    static final RunningServer server = RunningServer.withDefaults();
    static byte[] photo;

    @BeforeAll
    static void start() throws Exception {
        photo = Files.readAllBytes(Fixtures.photoJpeg(160, 120));
    }

    @Test
    void hostileNamesNeverReachTheDiskAndComeBackSafely() throws Exception {
        for (var entry : hostileNames().entrySet()) {
            String what = entry.getKey();
            byte[] rawFilename = entry.getValue();
            List<Part> form = List.of(Part.file("media", rawFilename, photo));

            HttpResponse<byte[]> sync = RawRequests.post(server.baseUrl(), "/media/optimize", form);
            if (sync.statusCode() == 400) {
                // a name that breaks the part's header makes the form malformed: refused, not stored
                RawRequests.assertError(sync, 400, "invalid-input");
            } else {
                assertThat(sync.statusCode()).as(what).isEqualTo(200);
                String shown = safeName(what, sync.headers().firstValue("Content-Disposition").orElseThrow(), "inline");
                assertThat(shown).as(what).endsWith(".webp");
                assertThat(sync.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
            }

            HttpResponse<byte[]> submitted = RawRequests.post(server.baseUrl(), "/media/jobs", form);
            assertThat(submitted.statusCode()).as(what).isEqualTo(sync.statusCode() == 400 ? 400 : 202);
            if (submitted.statusCode() == 202) {
                String id = RawRequests.json(submitted).path("jobId").asText();
                Job job = server.client().waitForJob(id, Duration.ofMinutes(1));
                assertThat(job.status()).isEqualTo(JobStatus.DONE);
                JsonNode view = RawRequests.json(RawRequests.get(server.baseUrl() + "/media/jobs/" + id));
                assertSafe(what, view.path("filename").asText());
                HttpResponse<byte[]> download = RawRequests.get(server.baseUrl() + "/media/jobs/" + id + "/download");
                String shown = safeName(what, download.headers().firstValue("Content-Disposition").orElseThrow(), "attachment");
                assertThat(shown).isEqualTo(job.result().filename());
            }
        }
        assertNoFileNamedByTheClient(server.outputDir());
        assertNoFileNamedByTheClient(server.outputDir().getParent());
    }

    /** Checks the header's shape and returns the exact name it carries in filename*. */
    private static String safeName(String what, String disposition, String type) {
        Matcher m = DISPOSITION.matcher(disposition);
        assertThat(m.matches()).as(what + ": " + disposition).isTrue();
        assertThat(m.group(1)).isEqualTo(type);
        String exact = URLDecoder.decode(m.group(3), StandardCharsets.UTF_8);
        assertSafe(what, exact);
        return exact;
    }

    private static void assertSafe(String what, String name) {
        assertThat(name).as(what).isNotBlank()
                .doesNotContain("/", "\\", "\"", "\r", "\n", "\0", "..")
                // the sanitizer turns "?" into "_": one here is a character broken on the way
                .doesNotContain("?", "\uFFFD")
                .doesNotStartWith(".");
        assertThat(name.codePoints()).as(what).noneMatch(Character::isISOControl)
                .as(what + ": half of a character cut in two").noneMatch(c -> c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE);
        assertThat(name.length()).as(what).isLessThanOrEqualTo(210);
    }

    private static void assertNoFileNamedByTheClient(Path root) throws Exception {
        try (var paths = Files.walk(root, root.equals(server.outputDir()) ? Integer.MAX_VALUE : 1)) {
            for (Path path : paths.toList()) {
                assertThat(path.toString()).doesNotContain(MARKER);
                if (path.startsWith(server.outputDir()) && !path.equals(server.outputDir())) {
                    for (Path segment : server.outputDir().relativize(path)) {
                        assertThat(segment.toString()).matches(SERVER_CHOSEN_SEGMENT);
                    }
                }
            }
        }
    }

    private static Map<String, byte[]> hostileNames() {
        Map<String, byte[]> names = new LinkedHashMap<>();
        names.put("escaped quote", quoted("say \\\"" + MARKER + "\\\".jpg"));
        names.put("header injection", quoted(MARKER + "\r\nX-Injected: yes\r\n.jpg"));
        names.put("bare LF", quoted(MARKER + "\nX-Injected: yes.jpg"));
        names.put("traversal", quoted("../../../../../../tmp/" + MARKER + ".jpg"));
        names.put("windows traversal", quoted("..\\..\\..\\" + MARKER + ".jpg"));
        names.put("absolute", quoted("/etc/" + MARKER + "-passwd"));
        names.put("NUL", quoted(MARKER + "\0.jpg.exe"));
        names.put("dots only", quoted(".."));
        names.put("hidden", quoted(".htaccess-" + MARKER));
        names.put("very long", quoted(MARKER + "a".repeat(5000) + ".jpg"));
        names.put("non-ASCII", quoted("фото 写真 \uD83C\uDF9E " + MARKER + ".jpg"));
        // the length cap falls in the middle of a surrogate pair
        names.put("emoji at the cut", quoted("x" + "\uD83D\uDE00".repeat(150) + MARKER + ".jpg"));
        names.put("percent and semicolon", quoted("100% ; " + MARKER + "; x=y.jpg"));
        names.put("unquoted", (MARKER + ".jpg; name=\"preset\"").getBytes(StandardCharsets.UTF_8));
        names.put("RFC 5987 form", concat(quoted("plain.jpg"),
                ("; filename*=UTF-8''..%2F..%2F" + MARKER + "%0D%0A.jpg").getBytes(StandardCharsets.UTF_8)));
        names.put("bidi override", quoted(MARKER + "\u202Egpj.exe"));
        return names;
    }

    private static byte[] quoted(String name) {
        return ("\"" + name + "\"").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(a);
        out.writeBytes(b);
        return out.toByteArray();
    }
}
