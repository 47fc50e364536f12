package io.mediaopt.client;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Splits a multipart/form-data body the way a server would, to check what the client sent. */
final class MultipartParts {
    private static final Pattern NAME = Pattern.compile("; name=\"([^\"]*)\"");
    private static final Pattern FILENAME = Pattern.compile("; filename=\"([^\"]*)\"");

    record Part(String headers, String name, String filename, byte[] content) {
        String text() {
            return new String(content, StandardCharsets.UTF_8);
        }
    }

    private MultipartParts() {}

    static List<Part> parse(String contentType, byte[] body) {
        String marker = "boundary=";
        String boundary = contentType.substring(contentType.indexOf(marker) + marker.length());
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.US_ASCII);
        byte[] closing = ("\r\n--" + boundary).getBytes(StandardCharsets.US_ASCII);
        if (indexOf(body, delimiter, 0) != 0) {
            throw new AssertionError("Body does not start with the boundary: " + new String(body, StandardCharsets.UTF_8));
        }
        var parts = new ArrayList<Part>();
        int at = delimiter.length;
        while (true) {
            if (body[at] == '-' && body[at + 1] == '-') {
                if (at + 4 != body.length || body[at + 2] != '\r' || body[at + 3] != '\n') {
                    throw new AssertionError("Closing boundary is not followed by exactly CRLF");
                }
                return parts;
            }
            int headersStart = at + 2;
            int headersEnd = indexOf(body, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), headersStart);
            int contentEnd = indexOf(body, closing, headersEnd + 4);
            String headers = new String(body, headersStart, headersEnd - headersStart, StandardCharsets.UTF_8);
            byte[] content = Arrays.copyOfRange(body, headersEnd + 4, contentEnd);
            parts.add(new Part(headers, group(NAME, headers), group(FILENAME, headers), content));
            at = contentEnd + closing.length;
        }
    }

    private static String group(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? matcher.group(1) : null;
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = from; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("Multipart delimiter not found");
    }
}
