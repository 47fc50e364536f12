package io.mediaopt.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Content-Disposition values (RFC 6266): an ASCII {@code filename} for old clients and the exact
 * name in {@code filename*}, so no file name can break out of the header.
 */
public final class ContentDisposition {
    private ContentDisposition() {}

    public static String inline(String filename) {
        return value("inline", filename);
    }

    public static String attachment(String filename) {
        return value("attachment", filename);
    }

    private static String value(String type, String filename) {
        String ascii = filename.replaceAll("[^\\x20-\\x7e]|[\"\\\\%]", "_");
        String encoded = URLEncoder.encode(filename, StandardCharsets.UTF_8).replace("+", "%20");
        return type + "; filename=\"" + ascii + "\"; filename*=UTF-8''" + encoded;
    }
}
