package io.mediaopt.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SERVICE_CORS_ORIGINS: the origins whose pages may read the service's answers (docs/api.md,
 * CORS). An entry is an origin, {@code [scheme://]host[:port]}: a left-out scheme is
 * {@code https}, a left-out port the scheme's default (80, 443), and both must match exactly. A
 * host written {@code *.example.com} matches every subdomain of example.com at any depth, never
 * example.com itself. {@code *} alone lets every origin read. No entries: no CORS at all.
 *
 * @param anyOrigin the value is {@code *}
 * @param entries   the origins and wildcards, empty when {@code anyOrigin}
 */
public record CorsOrigins(boolean anyOrigin, List<Entry> entries) {
    /** CORS off, as when the variable is unset. */
    public static final CorsOrigins NONE = new CorsOrigins(false, List.of());

    private static final String HOST = "(?<host>\\[[0-9a-f:.]+\\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)";
    /** What a browser sends: a scheme, a host, and a port only when it is not the scheme's default. */
    private static final Pattern ORIGIN = Pattern.compile("(?<scheme>https?)://" + HOST + "(:(?<port>[0-9]{1,5}))?");
    private static final Pattern ENTRY = Pattern.compile("((?<scheme>https?)://)?(?<wildcard>\\*\\.)?" + HOST
            + "(:(?<port>[0-9]{1,5}))?");

    public CorsOrigins {
        entries = List.copyOf(entries);
    }

    /**
     * One allowed origin, or every subdomain of {@code host} when {@code subdomains}.
     *
     * @param port the port, the scheme's default when the entry names none
     */
    public record Entry(String scheme, String host, int port, boolean subdomains) {
        @Override
        public String toString() {
            return scheme + "://" + (subdomains ? "*." : "") + host + ":" + port;
        }

        boolean matches(Entry origin) {
            return scheme.equals(origin.scheme) && port == origin.port
                    && (subdomains ? origin.host.endsWith("." + host) : host.equals(origin.host));
        }
    }

    /**
     * The comma-separated list; an {@link IllegalArgumentException} names every entry that is
     * not an origin, a wildcard or {@code *} alone.
     */
    public static CorsOrigins parse(String value) {
        List<String> written = new ArrayList<>();
        for (String part : value.split(",")) {
            if (!part.isBlank()) written.add(part.strip());
        }
        if (written.equals(List.of("*"))) return new CorsOrigins(true, List.of());
        List<Entry> entries = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        for (String entry : written) {
            Entry parsed = entry(entry);
            if (parsed == null) {
                bad.add("\"" + entry + "\"");
            } else {
                entries.add(parsed);
            }
        }
        if (!bad.isEmpty() || entries.isEmpty()) {
            throw new IllegalArgumentException("expected origins (https://shop.example.com, http://127.0.0.1:5173), "
                    + "wildcards of a domain (*.example.com, https://*.example.com:8443) or * alone"
                    + (bad.isEmpty() ? "" : "; not one: " + String.join(", ", bad)));
        }
        return new CorsOrigins(false, entries);
    }

    /** Whether any page but the service's own may read answers. */
    public boolean enabled() {
        return anyOrigin || !entries.isEmpty();
    }

    /** Whether a page of this origin, the request's {@code Origin} header, may read the answer. */
    public boolean allows(String origin) {
        if (origin == null) return false;
        if (anyOrigin) return true;
        Matcher m = ORIGIN.matcher(origin.toLowerCase(Locale.ROOT));
        if (!m.matches()) return false;
        Entry sent = at(m.group("scheme"), m.group("host"), m.group("port"), false);
        if (sent == null) return false;
        return entries.stream().anyMatch(e -> e.matches(sent));
    }

    /** As the setting reads, each entry spelled out in full. */
    @Override
    public String toString() {
        return anyOrigin ? "*" : entries.toString();
    }

    private static Entry entry(String written) {
        Matcher m = ENTRY.matcher(written.toLowerCase(Locale.ROOT));
        if (!m.matches()) return null;
        boolean subdomains = m.group("wildcard") != null;
        String host = m.group("host");
        // a wildcard of a top-level name alone (*.com) would let the whole internet in
        if (subdomains && (host.startsWith("[") || !host.contains(".") && !host.equals("localhost"))) return null;
        String scheme = m.group("scheme");
        return at(scheme == null ? "https" : scheme, host, m.group("port"), subdomains);
    }

    private static Entry at(String scheme, String host, String port, boolean subdomains) {
        int number = port == null ? (scheme.equals("https") ? 443 : 80) : Integer.parseInt(port);
        return number < 1 || number > 65_535 ? null : new Entry(scheme, host, number, subdomains);
    }
}
