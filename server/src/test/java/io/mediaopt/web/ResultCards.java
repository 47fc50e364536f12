package io.mediaopt.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.Download;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import io.mediaopt.TestService;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/** What a file's card on the page shows, read out and checked against what the API says of its job. */
final class ResultCards {
    /** How long a card may take to show its result: a video's encode on a busy machine. */
    static final double ENCODING_TIMEOUT_MS = 240_000;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private ResultCards() {}

    static Locator card(Page page, Path file) {
        return page.locator("li.card").filter(new Locator.FilterOptions().setHas(
                page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName(file.getFileName().toString()))));
    }

    static String savedPercent(Locator card) {
        card.locator("dl.facts").waitFor(new Locator.WaitForOptions().setTimeout(ENCODING_TIMEOUT_MS));
        return fact(card, "Saved").split(" ")[0];
    }

    static String fact(Locator card, String name) {
        return card.locator("dl.facts dt:text-is('" + name + "') + dd").textContent();
    }

    static int naturalWidth(Locator img) {
        return (Integer) img.evaluate("i => i.decode().then(() => i.naturalWidth)");
    }

    private static JsonNode job(TestService service, String id) throws Exception {
        return new ObjectMapper().readTree(HTTP.send(HttpRequest.newBuilder(URI.create(
                service.baseUrl() + "/media/jobs/" + id)).build(), HttpResponse.BodyHandlers.ofString()).body());
    }

    /** The card's list of extra files is the job's, row by row; answers the job's list. */
    static JsonNode assertRenditionsListed(TestService service, Locator card) throws Exception {
        JsonNode renditions = job(service, fact(card, "Job")).at("/result/renditions");
        assertThat(renditions.size()).isPositive();
        Locator rows = card.locator(".rendition-list tbody tr");
        assertThat(rows).hasCount(renditions.size());
        for (int i = 0; i < renditions.size(); i++) {
            JsonNode r = renditions.get(i);
            List<String> cells = rows.nth(i).locator("th, td").allTextContents();
            assertThat(cells).containsExactly(r.path("name").asText(), r.path("role").asText(), r.path("format").asText(),
                    r.path("width").asInt() + " × " + r.path("height").asInt(), String.format("%,d", r.path("bytes").asLong()),
                    "Download " + r.path("name").asText());
        }
        return renditions;
    }

    /** The first rendition's link saves the file the API route serves. */
    static void assertRenditionDownload(Page page, TestService service, Locator card) throws Exception {
        Locator first = card.locator(".rendition-list tbody tr").first();
        String name = first.locator("th").textContent();
        Locator link = first.getByRole(AriaRole.LINK, new Locator.GetByRoleOptions().setName("Download " + name));
        Download download = page.waitForDownload(link::click);
        assertThat(download.suggestedFilename()).isEqualTo(name);
        HttpResponse<byte[]> fromApi = HTTP.send(HttpRequest.newBuilder(URI.create(service.baseUrl() + "/media/jobs/"
                + fact(card, "Job") + "/renditions/" + name)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(fromApi.statusCode()).isEqualTo(200);
        assertThat(Files.readAllBytes(download.path())).isEqualTo(fromApi.body());
    }

    /** Clicks the card's download link and compares the file with the API's download of the job. */
    static void assertDownloadIsTheOutput(Page page, TestService service, Locator card, String filename,
                                                  String magic, int magicAt) throws Exception {
        Download download = page.waitForDownload(() -> card.locator("a.download").click());
        assertThat(download.suggestedFilename()).isEqualTo(filename);
        byte[] got = Files.readAllBytes(download.path());
        assertThat(new String(got, magicAt, 4, StandardCharsets.US_ASCII)).isEqualTo(magic);
        HttpResponse<byte[]> fromApi = HTTP.send(HttpRequest.newBuilder(URI.create(
                service.baseUrl() + "/media/jobs/" + fact(card, "Job") + "/download")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(fromApi.statusCode()).isEqualTo(200);
        assertThat(got).isEqualTo(fromApi.body());
        assertThat(got.length).isEqualTo(job(service, fact(card, "Job")).at("/result/outputBytes").asInt());
        assertThat(fact(card, "After")).endsWith("(" + String.format("%,d", got.length) + " bytes)");
    }
}
