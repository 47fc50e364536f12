package io.mediaopt.renditions;

import io.mediaopt.storage.Storage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The files of a job's HLS ladder stored while it is encoded, under the prefix its renditions
 * will have once it is done, so the URLs a player fetched early stay the same. A segment or init
 * file is stored once and never again; playlists are stored again as they grow. Each file is
 * noted ({@link EarlyFiles}) before it is stored, so none outlives an attempt that does not end done.
 */
public final class HlsPublication {
    private static final Logger log = LoggerFactory.getLogger(HlsPublication.class);

    private final Storage storage;
    private final EarlyFiles files;
    private final PlayableJobs playable;
    private final Clock clock;
    private final String jobId;
    private final String prefix;
    private final List<String> keys = new CopyOnWriteArrayList<>();
    private final Set<String> settled = new HashSet<>();
    private boolean marked;

    /** {@code prefix}: where the job's renditions go, ending with a slash. */
    public HlsPublication(Storage storage, PlayableJobs playable, Clock clock, String jobId, String prefix) {
        this.storage = storage;
        this.files = playable.earlyFiles(storage);
        this.playable = playable;
        this.clock = clock;
        this.jobId = jobId;
        this.prefix = prefix;
    }

    /**
     * Stores a file of the ladder, which stays where it is (storage may move what it is given);
     * {@code settled}: a segment or init file, which never changes again. Only those are stored as
     * a link to the file: local storage keeps what it is given as it is, so a playlist stored as a
     * link would change, or read empty for a moment, each time the file is written again.
     */
    synchronized void put(String name, Path file, String contentType, boolean settled) throws IOException {
        if (!keys.contains(prefix + name)) {
            files.note(jobId, prefix + name);
            keys.add(prefix + name);
        }
        Path given = file.resolveSibling(".stored-" + file.getFileName());
        Files.deleteIfExists(given);
        if (settled) {
            linkOrCopy(file, given);
        } else {
            Files.copy(file, given);
        }
        try {
            storage.put(prefix + name, given, contentType);
        } finally {
            Files.deleteIfExists(given);
        }
        if (settled) this.settled.add(name);
    }

    private static void linkOrCopy(Path file, Path given) throws IOException {
        try {
            Files.createLink(given, file);
        } catch (UnsupportedOperationException | IOException e) {
            Files.copy(file, given);
        }
    }

    /**
     * Before the attempt stores anything: deletes what the job's earlier attempts stored early and
     * left (their node stopped mid-ladder), and withdraws the ladder they made playable, which
     * nothing grows any more; the job is playable again once this attempt's master is stored.
     */
    void clearEarlier() {
        playable.withdraw(jobId);
        files.deleteLeftBy(jobId);
    }

    /** Notes, once, that the master playlist is stored: from now on the job's ladder answers. */
    synchronized void playable() {
        if (marked) return;
        marked = playable.mark(jobId, prefix, clock.millis());
    }

    /** Whether {@code name} is stored already, never to change: storing the job's renditions passes it by. */
    public synchronized boolean settled(String name) {
        return settled.contains(name);
    }

    /** Every key stored so far. */
    public List<String> keys() {
        return List.copyOf(keys);
    }

    /**
     * Deletes what was stored, for an attempt that does not end done: a player then meets the
     * job's own answer (failed) rather than a ladder that stops short. What storage cannot delete
     * now stays noted, for the job's next attempt or the sweep to delete.
     */
    public void withdraw() {
        try {
            files.delete(jobId, keys);
        } catch (RuntimeException e) {
            log.warn("cannot delete the files job {} stored early, nor forget them: {}", jobId, e.toString());
        }
    }

    /** The attempt ended done: what it stored early is the job's renditions, no longer to be cleared. */
    public void settle() {
        try {
            files.forget(jobId, keys);
        } catch (RuntimeException e) {
            log.warn("job {} is done but its early files stay noted, for the sweep to forget: {}", jobId, e.toString());
        }
    }
}
