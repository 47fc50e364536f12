package io.mediaopt.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.FileChooser;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import com.microsoft.playwright.assertions.LocatorAssertions;
import com.microsoft.playwright.options.AriaRole;
import com.microsoft.playwright.options.FilePayload;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static io.mediaopt.web.DropZone.drop;
import static io.mediaopt.web.ResultCards.ENCODING_TIMEOUT_MS;
import static io.mediaopt.web.ResultCards.assertDownloadIsTheOutput;
import static io.mediaopt.web.ResultCards.assertRenditionDownload;
import static io.mediaopt.web.ResultCards.assertRenditionsListed;
import static io.mediaopt.web.ResultCards.card;
import static io.mediaopt.web.ResultCards.fact;
import static io.mediaopt.web.ResultCards.naturalWidth;
import static io.mediaopt.web.ResultCards.savedPercent;
import static org.assertj.core.api.Assertions.assertThat;

/** The web page at / in a real Chromium against the real server: files in, results out. */
@Integration
class WebPageTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    static Chromium chromium;

    @BeforeAll
    static void launch() {
        chromium = new Chromium();
    }

    @AfterAll
    static void quit() {
        chromium.close();
    }

    @Test
    void aDroppedJpegAndMp4ComeBackSmallerComparedAndDownloadable() throws Exception {
        Path photo = Fixtures.photoJpeg(2400, 1600);
        Path clip = Fixtures.mp4WithAudio();
        try (TestService service = TestService.start(); BrowserContext context = chromium.newContext(1100, 900)) {
            Page page = context.newPage();
            page.addInitScript("window.cspViolations = [];"
                    + "document.addEventListener('securitypolicyviolation', e => window.cspViolations.push(e.violatedDirective));");
            page.navigate(origin(service));
            assertThat(page.locator("#limits")).containsText("120 MB per file");
            assertThat(page.getByLabel("Preset")).hasValue("web");

            // extra files, chosen with the keyboard: a responsive set for the photo, AV1 and H.264 sources and
            // a poster at 1 s for the clip
            Locator responsive = page.getByRole(AriaRole.CHECKBOX, new Page.GetByRoleOptions().setName("Responsive image set"));
            Locator sources = page.getByRole(AriaRole.CHECKBOX, new Page.GetByRoleOptions().setName("AV1 and H.264 sources"));
            Locator poster = page.getByRole(AriaRole.CHECKBOX, new Page.GetByRoleOptions().setName("Poster"));
            Locator posterTime = page.getByLabel("Poster at (seconds)");
            responsive.focus();
            page.keyboard().press("Space");
            assertThat(responsive).isChecked();
            assertThat(posterTime).isDisabled();
            page.keyboard().press("Tab");
            assertThat(sources).isFocused();
            page.keyboard().press("Space");
            assertThat(sources).isChecked();
            page.keyboard().press("Tab");
            assertThat(poster).isFocused();
            page.keyboard().press("Space");
            assertThat(posterTime).isEnabled();
            page.keyboard().press("Tab");
            assertThat(posterTime).isFocused();
            page.keyboard().type("1");

            drop(page, List.of(photo, clip));

            Locator image = card(page, photo);
            Locator video = card(page, clip);
            assertThat(image.locator(".status")).hasText("Done: " + savedPercent(image) + " % smaller",
                    new LocatorAssertions.HasTextOptions().setTimeout(ENCODING_TIMEOUT_MS));
            // (the wait above ends when the result shows; a failure shows its message instead)
            assertThat(video).hasClass(Pattern.compile("\\bdone\\b"),
                    new LocatorAssertions.HasClassOptions().setTimeout(ENCODING_TIMEOUT_MS));

            assertThat(fact(image, "Strategy")).isEqualTo("image-webp");
            assertThat(fact(image, "Dimensions")).isEqualTo("2400 × 1600 → 1920 × 1280");
            assertThat(fact(video, "Strategy")).isEqualTo("video-mp4-h264");
            assertThat(fact(video, "Duration")).matches("2\\.\\d s → 2\\.\\d s");
            assertThat(fact(image, "Before")).endsWith("(" + String.format("%,d", Files.size(photo)) + " bytes)");

            // the comparison holds the picked original and the optimized image, both decoded
            Locator pictures = image.locator("figure.compare img");
            assertThat(pictures).hasCount(2);
            assertThat(naturalWidth(pictures.nth(0))).isEqualTo(2400);
            assertThat(naturalWidth(pictures.nth(1))).isEqualTo(1920);
            Locator slider = image.getByRole(AriaRole.SLIDER);
            slider.focus();
            page.keyboard().press("End");
            assertThat(image.locator(".frame")).hasAttribute("style", Pattern.compile("--split: 100%"));
            slider.fill("50");

            // both players, each with its video loaded
            Locator players = video.locator("video");
            assertThat(players).hasCount(2);
            for (int i = 0; i < 2; i++) {
                players.nth(i).evaluate("v => new Promise((ok, fail) => v.readyState >= 1 ? ok()"
                        + " : (v.onloadedmetadata = ok, v.onerror = () => fail(new Error('cannot play ' + v.src))))");
                assertThat(((Number) players.nth(i).evaluate("v => v.duration")).doubleValue()).isBetween(1.5, 2.5);
            }

            // each file was sent with the renditions its kind has
            assertThat(image.locator(".about")).hasText(Pattern.compile("· preset web · responsive$"));
            assertThat(video.locator(".about")).hasText(Pattern.compile("· preset web · sources, poster at 1 s$"));
            assertRenditionsListed(service, image);
            JsonNode videoRenditions = assertRenditionsListed(service, video);
            List<String> roles = new ArrayList<>();
            videoRenditions.forEach(r -> roles.add(r.path("role").asText() + " " + r.path("name").asText()));
            // the AV1 source stands before the H.264 one unless the judges left it out, and then the H.264 says why
            JsonNode h264 = videoRenditions.get(roles.indexOf("video-source h264.mp4"));
            if (roles.contains("video-source av1.mp4")) {
                assertThat(roles).containsExactly("poster poster.webp", "video-source av1.mp4", "video-source h264.mp4");
                assertThat(h264.has("av1Omitted")).isFalse();
            } else {
                assertThat(roles).containsExactly("poster poster.webp", "video-source h264.mp4");
                assertThat(h264.path("av1Omitted").asText()).startsWith("AV1 at CRF");
            }

            // the responsive set as its <picture> snippet puts it: a source per modern format, the fallback in the img
            Locator picture = image.locator("figure.preview picture");
            assertThat(picture.locator("source")).hasCount(2);
            assertThat(picture.locator("source").nth(0)).hasAttribute("type", "image/avif");
            assertThat(picture.locator("source").nth(1)).hasAttribute("type", "image/webp");
            Locator chosen = picture.locator("img");
            assertThat(chosen).hasAttribute("sizes", "(max-width: 1920px) 100vw, 1920px");
            assertThat(naturalWidth(chosen)).isGreaterThan(0);
            assertThat((String) chosen.evaluate("i => i.currentSrc")).startsWith("blob:");
            assertThat(image.locator("figure.preview figcaption"))
                    .hasText(Pattern.compile("this browser picked w\\d+\\.avif \\(avif, \\d+ × \\d+\\)"));
            Locator still = video.locator("figure.preview img");
            assertThat(naturalWidth(still)).isGreaterThan(0);
            assertThat(still).hasAccessibleName("Poster of clip.mp4");
            assertRenditionDownload(page, service, image);

            assertDownloadIsTheOutput(page, service, image, "photo-2400x1600.webp", "WEBP", 8);
            assertDownloadIsTheOutput(page, service, video, "clip.mp4", "ftyp", 4);
            assertThat(page.locator("#usage")).containsText("optimized 2 files");

            page.evaluate("document.activeElement.blur()");
            page.screenshot(new Page.ScreenshotOptions().setFullPage(true).setPath(Path.of("target/web-page.png")));
            page.setViewportSize(360, 740);
            assertThat((Integer) page.evaluate("document.documentElement.scrollWidth")).as("no sideways scrolling at 360 px")
                    .isLessThanOrEqualTo(360);
            page.screenshot(new Page.ScreenshotOptions().setFullPage(true).setPath(Path.of("target/web-page-phone.png")));

            assertThat(page.evaluate("window.cspViolations.join()")).isEqualTo("");
            // the policy is in force: an inline script is refused (and would have been counted)
            page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';"
                    + " document.body.append(s); }");
            assertThat(page.evaluate("window.ran")).isNull();
            assertThat(page.evaluate("window.cspViolations.join()")).isEqualTo("script-src-elem");
        }
    }

    @Test
    void aWrongKeyShowsTheKeyPromptAndTheRightKeyIsKeptForTheTabOnly() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_API_KEYS", "right-key"));
             BrowserContext context = chromium.newContext(1000, 800)) {
            Page page = context.newPage();
            List<String> dialogs = new CopyOnWriteArrayList<>();
            page.onDialog(d -> {
                dialogs.add(d.message());
                d.dismiss();
            });
            Response html = page.navigate(origin(service));
            assertThat(html.status()).isEqualTo(200);
            Locator key = page.getByLabel("API key", new Page.GetByLabelOptions().setExact(true));
            assertThat(key).isVisible();
            assertThat(key).isFocused();
            assertThat(page.locator("#key-why")).hasText("This service needs an API key for its API.");

            key.fill("wrong-key");
            page.keyboard().press("Enter");
            assertThat(page.locator("#key-why")).hasText("The service refused that API key. Enter a valid one.");
            assertThat(key).isVisible();

            key.fill("right-key");
            page.keyboard().press("Enter");
            assertThat(key).isHidden();
            assertThat(page.locator("#limits")).containsText("per file");
            assertThat(page.getByLabel("Preset").locator("option")).hasCount(3);
            assertThat(page.evaluate("sessionStorage.getItem('mediaopt.apiKey')")).isEqualTo("right-key");
            assertThat(page.evaluate("localStorage.length + document.cookie.length")).isEqualTo(0);

            // a name that is markup stays text
            String name = "<img src=x onerror=alert(1)>.jpg";
            page.locator("#files").setInputFiles(new FilePayload(name, "image/jpeg",
                    Files.readAllBytes(Fixtures.photoJpeg(640, 480))));
            Locator card = page.locator("li.card").first();
            assertThat(card).hasClass(Pattern.compile("\\bdone\\b"),
                    new LocatorAssertions.HasClassOptions().setTimeout(ENCODING_TIMEOUT_MS));
            assertThat(card.getByRole(AriaRole.HEADING)).hasText(name);
            assertThat(card.locator("h3 img")).hasCount(0);

            page.reload();
            assertThat(page.locator("#limits")).containsText("per file");
            assertThat(key).isHidden();

            Page otherTab = context.newPage();
            otherTab.navigate(origin(service));
            assertThat(otherTab.getByLabel("API key", new Page.GetByLabelOptions().setExact(true))).isVisible();
            assertThat(dialogs).isEmpty();
        }
    }

    @Test
    void aFileOverTheSizeLimitIsRefusedInThePageWithTheApisOwnWordsAndOthersWithTheServicesMessage() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_MAX_INPUT_BYTES", "100000"));
             BrowserContext context = chromium.newContext(1000, 800)) {
            HttpResponse<String> refused = HTTP.send(RawMultipart.post(service.baseUrl(), "/media/jobs",
                            List.of(RawMultipart.Part.file("media", "big.jpg", new byte[200_000]))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).isEqualTo(413);
            String apiWords = new ObjectMapper().readTree(refused.body()).get("error").asText();

            Page page = context.newPage();
            List<String> submissions = new CopyOnWriteArrayList<>();
            page.onRequest(r -> {
                if (r.method().equals("POST")) submissions.add(r.url());
            });
            // listening from the start, so file choosers are caught by the time one opens
            List<FileChooser> choosers = new CopyOnWriteArrayList<>();
            page.onFileChooser(choosers::add);
            page.navigate(origin(service));
            assertThat(page.locator("#limits")).containsText("(100,000 bytes)");

            // picked with the keyboard: Tab to the button, Enter opens the file chooser
            for (int i = 0; i < 10 && !"pick".equals(page.evaluate("document.activeElement.id")); i++) {
                page.keyboard().press("Tab");
            }
            assertThat(page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Choose files…"))).isFocused();
            page.keyboard().press("Enter");
            page.waitForCondition(() -> !choosers.isEmpty());
            FileChooser chooser = choosers.getFirst();
            Path big = Fixtures.photoJpeg(2400, 1600);
            assertThat(Files.size(big)).isGreaterThan(100_000);
            chooser.setFiles(big);

            Locator card = card(page, big);
            assertThat(card).hasClass(Pattern.compile("\\bfailed\\b"));
            assertThat(card.getByRole(AriaRole.STATUS)).hasText("Failed: " + apiWords + " (too-large)");
            assertThat(submissions).isEmpty();

            // refusals that only the service can tell: at submission, and by the job failing
            page.locator("#files").setInputFiles(new FilePayload[] {
                    new FilePayload("notes.txt", "text/plain", "not an image".getBytes(StandardCharsets.UTF_8)),
                    new FilePayload("cut.jpg", "image/jpeg", Fixtures.truncatedJpeg())});
            Locator notes = page.locator("li.card").filter(new Locator.FilterOptions().setHasText("notes.txt"));
            Locator cut = page.locator("li.card").filter(new Locator.FilterOptions().setHasText("cut.jpg"));
            assertThat(notes.getByRole(AriaRole.STATUS)).hasText(Pattern.compile("^Failed: \\w.+ \\(unsupported-type\\)$"));
            assertThat(cut.getByRole(AriaRole.STATUS)).hasText(Pattern.compile("^Failed: \\w.+ \\(unreadable-media\\)$"),
                    new LocatorAssertions.HasTextOptions().setTimeout(ENCODING_TIMEOUT_MS));
            assertThat(submissions).hasSize(2);
        }
    }

    private static String origin(TestService service) {
        return service.baseUrl().replaceFirst("/api$", "/");
    }
}
