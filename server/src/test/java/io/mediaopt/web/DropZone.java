package io.mediaopt.web;

import com.microsoft.playwright.JSHandle;
import com.microsoft.playwright.Page;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/** The page's drop zone, given files as a file manager gives them. */
final class DropZone {
    private DropZone() {}

    /** Drops the files on the drop zone as a file manager would: a drop event carrying them. */
    static void drop(Page page, List<Path> files) throws Exception {
        List<Map<String, String>> payload = new ArrayList<>();
        for (Path file : files) {
            payload.add(Map.of("name", file.getFileName().toString(),
                    "base64", Base64.getEncoder().encodeToString(Files.readAllBytes(file))));
        }
        JSHandle transfer = page.evaluateHandle("files => { const t = new DataTransfer();"
                + " for (const f of files) t.items.add(new File([Uint8Array.from(atob(f.base64), c => c.charCodeAt(0))], f.name));"
                + " return t; }", payload);
        page.locator("#drop").dispatchEvent("drop", Map.of("dataTransfer", transfer));
    }
}
