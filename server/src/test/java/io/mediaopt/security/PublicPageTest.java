package io.mediaopt.security;

import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With keys set, the web page's own files answer without one, and nothing else does: no other
 * method, no neighbouring or disguised path, no API route. The page runs only its own scripts.
 */
@Integration
class PublicPageTest {
    private static final List<String> SCRIPTS = List.of("/app.js", "/api.js", "/dom.js", "/options.js", "/file-card.js",
            "/renditions.js", "/storyboard.js", "/format.js");
    private static final List<String> PAGE = Stream.concat(Stream.of("/"),
            Stream.concat(SCRIPTS.stream(), Stream.of("/vendor/tus.min.js", "/app.css", "/favicon.svg"))).toList();

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_API_KEYS", "page-test-key"));

    @Test
    void thePageFilesAnswerWithoutAKeyToGetOnly() throws Exception {
        for (String path : PAGE) {
            HttpResponse<byte[]> page = send("GET", path);
            assertThat(page.statusCode()).as(path).isEqualTo(200);
            assertThat(page.body()).as(path).isNotEmpty();
            assertThat(page.headers().firstValue("X-Content-Type-Options")).as(path).hasValue("nosniff");
            assertThat(page.headers().firstValue("Content-Security-Policy")).as(path).hasValue(
                    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob:; media-src 'self' blob:;"
                            + " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none';"
                            + " frame-ancestors 'none'");
            // the totals are the API's, for key holders only
            assertThat(page.headers().map().keySet()).as(path).noneMatch(h -> h.startsWith("x-service-"));
            for (String method : List.of("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE")) {
                assertThat(send(method, path).statusCode()).as(method + " " + path).isEqualTo(401);
            }
        }
        assertThat(send("GET", "/").headers().firstValue("Content-Type").orElseThrow()).matches("text/html; ?charset=utf-8");
        assertThat(send("GET", "/app.js").headers().firstValue("Content-Type").orElseThrow())
                .matches("text/javascript; ?charset=utf-8");
    }

    @Test
    void neighbouringAndDisguisedPathsStillNeedAKey() throws Exception {
        for (String path : List.of("/index.html", "/web/app.js", "/app.js/", "/APP.JS", "/app.js;x", "/%61pp.js",
                "/app.js/../api/usage", "/app.js/%2e%2e/api/usage", "/./api/usage", "//api/usage", "/api/usage;/app.js",
                "/Main.class", "/web/", "/api/media/limits", "/api/usage")) {
            String answer = RawRequests.exchange(server, "GET", path);
            assertThat(answer).as(path).doesNotStartWith("HTTP/1.1 200").doesNotContain("totalJobs");
        }
        assertThat(send("GET", "/api/usage").statusCode()).isEqualTo(401);
        assertThat(send("GET", "/api/media/limits").statusCode()).isEqualTo(401);
    }

    @Test
    void thePageCarriesNoInlineScriptOrStyleForThePolicyToAllow() throws Exception {
        String html = new String(send("GET", "/").body(), StandardCharsets.UTF_8);
        assertThat(html).containsPattern("<script type=\"module\" src=\"/app.js\"></script>");
        assertThat(html).doesNotContainPattern("<script(?![^>]*\\ssrc=)[^>]*>");
        assertThat(html).doesNotContainPattern("(?i)\\son[a-z]+\\s*=").doesNotContainPattern("(?i)\\sstyle\\s*=")
                .doesNotContain("<style");
        assertThat(html).doesNotContainPattern("(?i)(src|href)=\"(https?:)?//");
        for (String script : SCRIPTS) {
            String code = new String(send("GET", script).body(), StandardCharsets.UTF_8);
            // names and messages reach the page as text, never as markup
            assertThat(code).as(script).doesNotContain("innerHTML").doesNotContain("insertAdjacentHTML")
                    .doesNotContain("document.write").doesNotContain("eval(");
        }
    }

    private static HttpResponse<byte[]> send(String method, String path) throws Exception {
        return RawRequests.send(HttpRequest.newBuilder(URI.create(server.baseUrl().replaceFirst("/api$", "") + path)).timeout(Duration.ofMinutes(1))
                .method(method, HttpRequest.BodyPublishers.noBody()).build());
    }
}
