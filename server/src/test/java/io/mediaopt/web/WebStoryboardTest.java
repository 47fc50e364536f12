package io.mediaopt.web;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.LocatorAssertions;
import com.microsoft.playwright.options.AriaRole;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.TestService;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static io.mediaopt.web.ResultCards.ENCODING_TIMEOUT_MS;
import static io.mediaopt.web.ResultCards.card;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The page's seek preview of a video's storyboard in a real Chromium: pointing along the bar
 * shows the tile the WebVTT gives that moment, and the keys move it too.
 */
@Integration
class WebStoryboardTest {
    @Test
    void pointingAlongTheSeekBarShowsTheTileOfThatMoment() throws Exception {
        // 12 s: a tile a second, in two rows of the sheet
        Path clip = Fixtures.video("seek.mp4", "320x180", 10, 12, false,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p");
        try (Chromium chromium = new Chromium(); TestService service = TestService.start();
             BrowserContext context = chromium.newContext(1100, 900)) {
            Page page = context.newPage();
            page.addInitScript("window.cspViolations = [];"
                    + "document.addEventListener('securitypolicyviolation', e => window.cspViolations.push(e.violatedDirective));");
            page.navigate(service.baseUrl().replaceFirst("/api$", "/"));
            assertThat(page.locator("#limits")).containsText("per file");
            page.getByRole(AriaRole.CHECKBOX, new Page.GetByRoleOptions().setName("Storyboard")).check();
            page.locator("#files").setInputFiles(clip);
            Locator video = card(page, clip);
            assertThat(video).hasClass(Pattern.compile("\\bdone\\b"),
                    new LocatorAssertions.HasClassOptions().setTimeout(ENCODING_TIMEOUT_MS));
            assertThat(video.locator(".about")).hasText(Pattern.compile("· storyboard$"));

            Locator figure = video.locator("figure.storyboard");
            Locator bar = figure.getByRole(AriaRole.SLIDER, new Locator.GetByRoleOptions().setName("Seek preview of seek.mp4"));
            Locator tile = figure.locator(".storyboard-tile");
            assertThat(figure).not().hasAttribute("aria-busy", "true");
            assertThat(figure.locator("figcaption")).hasText("Storyboard: 0:00 of 0:12 (12 tiles)");
            assertThat(tile).hasAccessibleName("seek.mp4 at 0:00");
            assertThat(style(tile, "backgroundPosition")).isEqualTo("0px 0px");
            assertThat(style(tile, "width") + " " + style(tile, "height")).isEqualTo("256px 144px");
            assertThat(style(tile, "backgroundImage")).startsWith("url(\"blob:");
            assertThat(((Number) tile.evaluate("t => new Promise(ok => { const i = new Image();"
                    + " i.onload = () => ok(i.naturalWidth); i.onerror = () => ok(0);"
                    + " i.src = getComputedStyle(t).backgroundImage.slice(5, -2); })")).intValue())
                    .as("the sheet decodes: 10 tiles across").isEqualTo(2560);

            // pointing at 11.5 s of 12 s: the twelfth tile, second row, second column
            double width = bar.boundingBox().width;
            bar.hover(new Locator.HoverOptions().setPosition(width * 11.5 / 12, 5));
            assertThat(tile).hasAccessibleName("seek.mp4 at 0:11");
            assertThat(style(tile, "backgroundPosition")).isEqualTo("-256px -144px");
            bar.hover(new Locator.HoverOptions().setPosition(width * 4.5 / 12, 5));
            assertThat(tile).hasAccessibleName("seek.mp4 at 0:04");
            assertThat(style(tile, "backgroundPosition")).isEqualTo("-1024px 0px");

            bar.focus();
            page.keyboard().press("End");
            assertThat(figure.locator("figcaption")).hasText("Storyboard: 0:12 of 0:12 (12 tiles)");
            assertThat(style(tile, "backgroundPosition")).isEqualTo("-256px -144px");
            assertThat((List<?>) page.evaluate("window.cspViolations")).isEmpty();
        }
    }

    private static String style(Locator element, String property) {
        return (String) element.evaluate("(e, p) => getComputedStyle(e)[p]", property);
    }
}
