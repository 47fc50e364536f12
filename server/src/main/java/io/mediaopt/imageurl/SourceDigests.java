package io.mediaopt.imageurl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The SHA-256 of fetched source files: their facts' version. A local storage links its object into
 * the work directory rather than copying it, so that file is the stored object itself: while it is
 * the same file (device and inode, with another link to it), of the same size and modification time
 * as when this source was last hashed, it holds the same bytes and their digest is that one's,
 * without reading a photo's megabytes again (its change time is no help: every link changes it).
 * Storage replaces an object by a new file, never in place. A copy or a download is a file of its
 * own (one link) and is always hashed.
 */
final class SourceDigests {
    /** How many sources' last digests are kept before all are forgotten. */
    static final int REMEMBERED = 10_000;
    private static final String STAMP = "unix:dev,ino,size,lastModifiedTime,nlink";

    private record Digested(Map<String, Object> stamp, String sha256) {}

    private final ConcurrentMap<String, Digested> recent = new ConcurrentHashMap<>();

    /** The SHA-256 of {@code file}, the bytes of {@code source} just fetched. */
    String sha256(String source, Path file) throws IOException {
        Map<String, Object> stamp = linkedStamp(file);
        Digested last = recent.get(source);
        if (stamp != null && last != null && last.stamp().equals(stamp)) return last.sha256();
        // stamped before reading: a change while it is read gives the next fetch another stamp
        String sha256 = sha256(file);
        if (stamp != null) {
            if (recent.size() >= REMEMBERED) recent.clear();
            recent.put(source, new Digested(stamp, sha256));
        }
        return sha256;
    }

    /** What identifies the file's bytes while it is a link of a stored object; null for a file of its own. */
    private static Map<String, Object> linkedStamp(Path file) throws IOException {
        Map<String, Object> attributes;
        try {
            attributes = new HashMap<>(Files.readAttributes(file, STAMP));
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return null; // no unix attributes on this file system: always hashed
        }
        if (!(attributes.remove("nlink") instanceof Integer links) || links < 2) return null;
        return attributes;
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) >= 0; ) sha.update(buffer, 0, n);
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
