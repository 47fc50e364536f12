package io.mediaopt.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * The multipart body of {@code POST /media/optimize} with fields the client library does not
 * send, such as {@code renditions}.
 */
final class OptimizeForm {
    static final String BOUNDARY = "mediaopt-bench-form";
    static final String CONTENT_TYPE = "multipart/form-data; boundary=" + BOUNDARY;

    private OptimizeForm() {}

    /** The input under {@code preset}, asking for {@code renditions} unless it is null. */
    static byte[] of(MediaCase input, String preset, String renditions) {
        try {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            field(body, "preset", preset);
            if (renditions != null) field(body, "renditions", renditions);
            body.write(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"media\"; filename=\""
                    + input.file().getFileName() + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            body.write(Files.readAllBytes(input.file()));
            body.write(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
            return body.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void field(ByteArrayOutputStream body, String name, String value) throws IOException {
        body.write(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value
                + "\r\n").getBytes(StandardCharsets.UTF_8));
    }
}
