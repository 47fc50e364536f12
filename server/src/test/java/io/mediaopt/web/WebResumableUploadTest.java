package io.mediaopt.web;

import com.google.gson.JsonObject;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Request;
import com.microsoft.playwright.assertions.LocatorAssertions;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.TestService;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static io.mediaopt.web.ResultCards.ENCODING_TIMEOUT_MS;
import static io.mediaopt.web.ResultCards.card;
import static org.assertj.core.api.Assertions.assertThat;

/** A file over 10 MB goes from the page with tus, and survives the browser going offline mid-upload. */
@Integration
class WebResumableUploadTest {
    private static final String KEY = "resumable-key";
    /** Bytes a second the browser may send: slow enough that the upload is still under way when it goes offline. */
    private static final int UPLOAD_BYTES_PER_SECOND = 2_000_000;

    @Test
    void aLargeVideoResumesAfterTheBrowserWasOfflineAndItsJobFinishes() throws Exception {
        Path video = Fixtures.highBitrateMp4("resumable.mp4", "1280x720", 8, false);
        assertThat(Files.size(video)).as("a file the page sends with tus").isGreaterThan(10L * 1024 * 1024);
        try (Chromium chromium = new Chromium();
             TestService service = TestService.start(Map.of("SERVICE_API_KEYS", KEY));
             BrowserContext context = chromium.newContext(1000, 800)) {
            Page page = context.newPage();
            page.addInitScript("sessionStorage.setItem('mediaopt.apiKey', '" + KEY + "')");
            List<Request> sent = new CopyOnWriteArrayList<>();
            List<Request> cut = new CopyOnWriteArrayList<>();
            page.onRequest(r -> {
                if (isApi(r)) sent.add(r);
            });
            page.onRequestFailed(r -> {
                if (isApi(r)) cut.add(r);
            });
            page.navigate(service.baseUrl().replaceFirst("/api$", "/"));
            assertThat(page.locator("#limits")).containsText("per file");
            CDPSession throttle = throttleUploads(context, page);

            page.locator("#files").setInputFiles(video);
            Locator card = card(page, video);
            page.waitForFunction("() => (document.querySelector('li.card progress')?.value ?? 0) >= 25");
            context.setOffline(true);
            throttle.detach(); // its conditions would keep the connection up: only the offline ones stay
            page.waitForTimeout(2000);
            context.setOffline(false);

            assertThat(card).hasClass(Pattern.compile("\\bdone\\b"),
                    new LocatorAssertions.HasClassOptions().setTimeout(ENCODING_TIMEOUT_MS));
            assertThat(card.locator(".status")).hasText(Pattern.compile("^Done: "));

            assertThat(methodsAndPaths(sent)).as("one upload, no multipart POST")
                    .containsOnlyOnce("POST /api/uploads").doesNotContain("POST /api/media/jobs");
            assertThat(cut).as("requests the offline browser broke off").isNotEmpty()
                    .allMatch(r -> pathOf(r).startsWith("/api/uploads"));
            Request firstCut = cut.getFirst();
            List<Request> after = sent.subList(sent.indexOf(firstCut) + 1, sent.size());
            assertThat(methodsAndPaths(after)).as("the page asked where to resume")
                    .anyMatch(s -> s.startsWith("HEAD /api/uploads/"));
            long cutAt = offsetOf(firstCut);
            List<Long> resumedAt = after.stream().filter(r -> r.method().equals("PATCH")).map(WebResumableUploadTest::offsetOf).toList();
            assertThat(resumedAt).as("pieces after the cut at %d go on from there, never from zero: %s", cutAt, resumedAt)
                    .isNotEmpty().allMatch(offset -> offset >= cutAt && offset > 0);
            assertThat(sent).filteredOn(r -> r.method().equals("PATCH"))
                    .allMatch(r -> KEY.equals(r.headerValue("x-api-key")), "carries the tab's key");
        }
    }

    /** Slows the page's uploads as a mobile link would, with Chromium's own network emulation. */
    private static CDPSession throttleUploads(BrowserContext context, Page page) {
        CDPSession cdp = context.newCDPSession(page);
        cdp.send("Network.enable");
        JsonObject conditions = new JsonObject();
        conditions.addProperty("offline", false);
        conditions.addProperty("latency", 0);
        conditions.addProperty("downloadThroughput", -1);
        conditions.addProperty("uploadThroughput", UPLOAD_BYTES_PER_SECOND);
        cdp.send("Network.emulateNetworkConditions", conditions);
        return cdp;
    }

    private static boolean isApi(Request request) {
        return pathOf(request).startsWith("/api/");
    }

    /** The path of a request to the service; blank for the page's own blob: URLs. */
    private static String pathOf(Request request) {
        String path = URI.create(request.url()).getPath();
        return path == null ? "" : path;
    }

    private static List<String> methodsAndPaths(List<Request> requests) {
        return requests.stream().map(r -> r.method() + " " + pathOf(r)).toList();
    }

    private static long offsetOf(Request patch) {
        String offset = patch.headerValue("upload-offset");
        return offset == null ? -1 : Long.parseLong(offset);
    }
}
