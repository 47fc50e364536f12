package io.mediaopt.imageurl;

import java.util.List;
import java.util.Locale;

/**
 * The hosts http(s) sources may name (SERVICE_IMAGE_URL_SOURCES): exact names, or {@code *.name}
 * for any name below it (not the name itself). Checked on the URL's host before anything is
 * resolved or fetched, and again on every redirect.
 */
final class SourceHosts {
    private final List<String> patterns;

    SourceHosts(List<String> patterns) {
        this.patterns = List.copyOf(patterns);
    }

    boolean allows(String host) {
        if (host == null || host.isEmpty()) return false;
        String h = host.toLowerCase(Locale.ROOT);
        if (h.endsWith(".")) h = h.substring(0, h.length() - 1);
        for (String pattern : patterns) {
            if (pattern.startsWith("*.")) {
                if (h.endsWith(pattern.substring(1)) && h.length() > pattern.length() - 1) return true;
            } else if (pattern.equals(h)) {
                return true;
            }
        }
        return false;
    }
}
