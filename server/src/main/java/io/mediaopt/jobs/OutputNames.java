package io.mediaopt.jobs;

import java.text.Normalizer;

/**
 * File names the service shows: the client's name made safe to store and to put in a header
 * (no directories, no control characters, bounded length), with the output's extension.
 */
public final class OutputNames {
    private static final int MAX_LENGTH = 200;

    private OutputNames() {}

    /** A safe version of the name a client uploaded; "upload" when nothing usable is left. */
    public static String sanitize(String clientName) {
        String name = clientName == null ? "" : clientName;
        name = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        name = Normalizer.normalize(name, Normalizer.Form.NFC)
                .replaceAll("[\\p{Cntrl}\\p{Cf}\"*:<>?|]", "_")
                .strip();
        while (name.startsWith(".")) name = name.substring(1);
        if (name.length() > MAX_LENGTH) {
            int dot = name.lastIndexOf('.');
            String ext = dot > 0 && name.length() - dot <= 10 ? name.substring(dot) : "";
            int cut = MAX_LENGTH - ext.length();
            // never between the two halves of a character outside the BMP (an emoji, say)
            if (Character.isHighSurrogate(name.charAt(cut - 1))) cut--;
            name = name.substring(0, cut) + ext;
        }
        return name.isBlank() ? "upload" : name;
    }

    /** The output's name: the input's base name with the new extension (kept when null). */
    public static String forOutput(String inputName, String extension) {
        String safe = sanitize(inputName);
        if (extension == null) return safe;
        int dot = safe.lastIndexOf('.');
        String base = dot > 0 ? safe.substring(0, dot) : safe;
        return base + "." + extension;
    }
}
