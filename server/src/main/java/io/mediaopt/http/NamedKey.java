package io.mediaopt.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One entry of SERVICE_API_KEYS, {@code name:key} or a plain {@code key}: the key, and the name its
 * jobs and usage are recorded under. A plain key is named {@code key-} and 12 hex digits of its
 * SHA-256 digest: stable across restarts and reorderings of the list, and not the key.
 */
public record NamedKey(String name, byte[] secret) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /** The entries as keys; the message of a refusal names the problems and never a key. */
    public static List<NamedKey> parseAll(Collection<String> entries) {
        List<NamedKey> keys = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Set<String> secrets = new HashSet<>();
        List<String> problems = new ArrayList<>();
        for (String entry : entries) {
            int colon = entry.indexOf(':');
            String name = colon < 0 ? derivedName(entry) : entry.substring(0, colon).strip();
            String secret = colon < 0 ? entry : entry.substring(colon + 1).strip();
            if (!NAME.matcher(name).matches()) {
                problems.add("a key's name must be 1 to 64 letters, digits, '.', '_' or '-'");
            } else if (secret.isEmpty()) {
                problems.add("the key named " + name + " is empty");
            } else if (!names.add(name)) {
                problems.add("the name " + name + " is given to two keys");
            } else if (!secrets.add(secret)) {
                problems.add("the key named " + name + " is also listed under another name");
            } else {
                keys.add(new NamedKey(name, secret.getBytes(StandardCharsets.UTF_8)));
            }
        }
        if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
        return List.copyOf(keys);
    }

    private static String derivedName(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return "key-" + HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The name alone: the record's own would print the key's bytes. */
    @Override
    public String toString() {
        return "NamedKey[" + name + "]";
    }
}
