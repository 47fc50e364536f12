package io.mediaopt.web;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Request;
import com.microsoft.playwright.assertions.LocatorAssertions;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.TestService;
import io.mediaopt.TokenCalls;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static io.mediaopt.web.ResultCards.ENCODING_TIMEOUT_MS;
import static io.mediaopt.web.ResultCards.card;
import static org.assertj.core.api.Assertions.assertThat;

/** The page opened with ?token= uploads with that upload token and no key, and follows its job to done. */
@Integration
class WebTokenUploadTest {
    private static final String KEY = "web-token-backend-key";

    @Test
    void aPageOpenedWithATokenUploadsOneFileWithoutAKey() throws Exception {
        Path photo = Fixtures.photoJpeg(640, 480);
        try (Chromium chromium = new Chromium();
             TestService service = TestService.start(Map.of("SERVICE_API_KEYS", "backend:" + KEY));
             BrowserContext context = chromium.newContext(1000, 800)) {
            String token = new TokenCalls(service.baseUrl()).mint(KEY, Map.of("kind", "image", "width", 320,
                    "preset", "mobile"));
            Page page = context.newPage();
            List<Request> sent = new CopyOnWriteArrayList<>();
            page.onRequest(r -> {
                if (r.url().contains("/api/")) sent.add(r);
            });
            page.navigate(service.baseUrl().replaceFirst("/api$", "/") + "?token=" + token);
            assertThat(page.locator("#limits")).containsText("per file");
            assertThat(page.url()).as("the token leaves the address bar").doesNotContain("token=");
            assertThat(page.getByLabel("Preset")).hasValue("mobile");
            assertThat(page.getByLabel("Preset")).isDisabled();

            page.locator("#files").setInputFiles(photo);
            Locator card = card(page, photo);
            assertThat(card).hasClass(Pattern.compile("\\bdone\\b"),
                    new LocatorAssertions.HasClassOptions().setTimeout(ENCODING_TIMEOUT_MS));
            assertThat(card.locator(".status")).hasText(Pattern.compile("^Done"));
            assertThat(page.locator("#key-form")).isHidden();
            assertThat(sent).as("no key, the token on every call").isNotEmpty()
                    .allMatch(r -> r.headerValue("x-api-key") == null)
                    .allMatch(r -> ("Bearer " + token).equals(r.headerValue("authorization")));
            String jobId = sent.stream().map(Request::url).filter(u -> u.matches(".*/api/media/jobs/[^/]+$"))
                    .findFirst().orElseThrow().replaceAll(".*/", "");
            assertThat(service.client().getJob(jobId).options().width()).as("the key's job, with the token's width")
                    .isEqualTo(320);
            assertThat(service.client().getJob(jobId).preset()).isEqualTo("mobile");
        }
    }
}
