package io.mediaopt.web;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Debian's chromium (scripts/test-prerequisites.sh installs it), headless, driven by Playwright
 * for Java. Playwright's driver comes from the driver-bundle jar; it is told never to download
 * a browser, and chromium is kept off the network it has no business with.
 */
public final class Chromium implements AutoCloseable {
    static final Path EXECUTABLE = Path.of("/usr/bin/chromium");
    private static final List<String> ARGS = List.of("--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
            "--disable-quic");

    private final Playwright playwright;
    private final Browser browser;

    public Chromium() {
        if (!Files.isExecutable(EXECUTABLE)) {
            throw new IllegalStateException("The web page tests need Chromium at " + EXECUTABLE
                    + ": run scripts/test-prerequisites.sh as root, or apt-get install chromium");
        }
        playwright = Playwright.create(new Playwright.CreateOptions()
                .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        try {
            browser = playwright.chromium().launch(new BrowserType.LaunchOptions()
                    .setExecutablePath(EXECUTABLE).setHeadless(true).setArgs(ARGS));
        } catch (RuntimeException e) {
            playwright.close();
            throw e;
        }
    }

    /** A fresh browser context: its own tabs, storage and downloads, as a new window would have. */
    public BrowserContext newContext(int width, int height) {
        return browser.newContext(new Browser.NewContextOptions().setViewportSize(width, height).setAcceptDownloads(true));
    }

    @Override
    public void close() {
        browser.close();
        playwright.close();
    }
}
