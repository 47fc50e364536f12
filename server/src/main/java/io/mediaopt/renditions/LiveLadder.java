package io.mediaopt.renditions;

import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Progress;
import io.mediaopt.storage.StorageException;
import io.mediaopt.video.VideoTools;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The H.264 ladder encoded with EVENT media playlists, which ffmpeg rewrites (through a temporary
 * file and a rename) each time a segment is complete: every few tenths of a second the
 * playlists are read, each segment newly listed is stored, then the playlist as read. Once every
 * variant has a segment, a master playlist naming them is stored and the job is playable. At the
 * end the playlists become the VOD playlists a ladder has always had: the same text, the same
 * segments, {@code #EXT-X-PLAYLIST-TYPE:VOD}.
 */
final class LiveLadder {
    private static final Logger log = LoggerFactory.getLogger(LiveLadder.class);
    private static final Duration LOOK_EVERY = Duration.ofMillis(200);
    private static final String EVENT = "#EXT-X-PLAYLIST-TYPE:EVENT";
    private static final String VOD = "#EXT-X-PLAYLIST-TYPE:VOD";

    private final Path dir;
    private final Path snapshots;
    private final List<HlsRung> rungs;
    private final int width;
    private final int height;
    private final HlsPublication publication;
    private final double durationSec;
    private final Progress progress;
    /** The last playlist stored of each variant, by rung name. */
    private final Map<String, MediaPlaylist> stored = new HashMap<>();
    /** Whether storage took the last files given to it. */
    private boolean reachable = true;
    private boolean masterStored;

    /**
     * {@code dir}: where ffmpeg writes; {@code snapshots}: where each playlist stored is copied
     * first; {@code progress} hears the share of the video's {@code durationSec} every variant has
     * stored (0 to 100).
     */
    LiveLadder(Path dir, Path snapshots, List<HlsRung> rungs, int width, int height, HlsPublication publication,
               double durationSec, Progress progress) {
        this.dir = dir;
        this.snapshots = snapshots;
        this.rungs = List.copyOf(rungs);
        this.width = width;
        this.height = height;
        this.publication = publication;
        this.durationSec = durationSec;
        this.progress = progress;
    }

    /** Runs {@code vodCommand} (the ladder's command, VOD) with event playlists, storing as it goes. */
    void encode(VideoTools tools, List<String> vodCommand, Duration timeout) throws IOException {
        List<String> command = eventCommand(vodCommand);
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Thread encoder = Thread.ofVirtual().name("hls-ladder").start(() -> {
            try {
                FfmpegRun.run(tools, command, timeout, "HLS ladder");
            } catch (RuntimeException e) {
                failure.set(e);
            }
        });
        boolean ended = false;
        try {
            while (!encoder.join(LOOK_EVERY)) storeNewWhileReachable();
            ended = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw MediaException.encodeFailed("The HLS ladder could not be made", e);
        } finally {
            if (!ended) stop(encoder);
        }
        if (failure.get() != null) throw failure.get();
        storeFinished();
    }

    /**
     * The ladder's playlists, once complete, as the VOD playlists a ladder has always had, stored
     * with what is not stored yet; the master with them when it was not stored yet.
     */
    void storeFinished() throws IOException {
        storeNewWhileReachable();
        for (HlsRung rung : rungs) {
            // written beside and renamed over: the stored EVENT playlist may share the file's
            // inode, and rewriting it in place would let a reader find it empty
            Path playlist = dir.resolve(rung.playlist());
            Path vod = dir.resolve(rung.playlist() + ".vod");
            Files.writeString(vod, Files.readString(playlist, StandardCharsets.UTF_8).replace(EVENT, VOD),
                    StandardCharsets.UTF_8);
            Files.move(vod, playlist, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        if (reachable) storeVod();
        progress.reached(100);
    }

    /** The ladder's playlists as VOD playlists, and its master measured over all their segments. */
    private void storeVod() throws IOException {
        try {
            for (HlsRung rung : rungs) {
                Path playlist = dir.resolve(rung.playlist());
                stored.put(rung.name(), MediaPlaylist.parse(Files.readString(playlist, StandardCharsets.UTF_8)));
                publication.put(rung.playlist(), playlist, HlsLadder.PLAYLIST_TYPE, false);
            }
            storeMaster();
        } catch (StorageException e) {
            if (!e.isOutage()) throw e;
            outOfReach(e);
        }
    }

    /**
     * {@link #storeNew}, but for storage out of reach, which the encoding does not wait for: what
     * is not stored yet is stored once it is back, or with the job's renditions, whose storing
     * waits out an outage as a job does. Until then a player sees the playlists stop growing.
     */
    void storeNewWhileReachable() throws IOException {
        try {
            storeNew();
            if (!reachable) log.info("storage is back: the HLS ladder stored early goes on growing");
            reachable = true;
        } catch (StorageException e) {
            if (!e.isOutage()) throw e;
            outOfReach(e);
        }
    }

    private void outOfReach(StorageException e) {
        if (reachable) {
            log.warn("storage is out of reach: the HLS ladder goes on encoding, its files stored when it is back ({})",
                    e.getMessage());
        }
        reachable = false;
    }

    /** The ladder's command with EVENT playlists and segments written whole before they are named. */
    static List<String> eventCommand(List<String> vodCommand) {
        List<String> command = new ArrayList<>();
        for (int i = 0; i < vodCommand.size(); i++) {
            String arg = vodCommand.get(i);
            if (arg.equals("-hls_playlist_type") && i + 1 < vodCommand.size() && vodCommand.get(i + 1).equals("vod")) {
                command.addAll(List.of("-hls_flags", "temp_file", arg, "event"));
                i++;
            } else {
                command.add(arg);
            }
        }
        if (command.size() == vodCommand.size()) throw new IllegalArgumentException("Not an HLS VOD command");
        return List.copyOf(command);
    }

    /** Stores the segments each playlist lists that are not stored yet, then the playlist; the master once all have one. */
    private void storeNew() throws IOException {
        for (HlsRung rung : rungs) {
            Path file = dir.resolve(rung.playlist());
            if (!Files.exists(file)) continue;
            String text = Files.readString(file, StandardCharsets.UTF_8);
            MediaPlaylist playlist = MediaPlaylist.parse(text);
            MediaPlaylist before = stored.get(rung.name());
            int done = before == null ? 0 : before.segments().size();
            if (playlist.segments().size() <= done) continue;
            if (before == null) {
                publication.put(playlist.init(), dir.resolve(playlist.init()), MediaFormat.MP4.contentType(), true);
            }
            for (MediaPlaylist.Segment segment : playlist.segments().subList(done, playlist.segments().size())) {
                publication.put(segment.name(), dir.resolve(segment.name()), HlsLadder.SEGMENT_TYPE, true);
            }
            Path snapshot = snapshots.resolve(rung.playlist());
            Files.writeString(snapshot, text, StandardCharsets.UTF_8);
            publication.put(rung.playlist(), snapshot, HlsLadder.PLAYLIST_TYPE, false);
            stored.put(rung.name(), playlist);
        }
        if (!masterStored && stored.size() == rungs.size()) storeMaster();
        reportProgress();
    }

    /** How much of the video every variant has stored so far, as the playable part a player sees grow. */
    private void reportProgress() {
        if (durationSec <= 0 || stored.size() < rungs.size()) return;
        double covered = stored.values().stream().mapToDouble(MediaPlaylist::durationSec).min().orElse(0);
        progress.reached((int) Math.clamp(covered * 100 / durationSec, 0, 100));
    }

    /** The master playlist of the H.264 variants, measured over what each lists so far; the job is playable from now. */
    private void storeMaster() throws IOException {
        StringBuilder master = new StringBuilder(HlsLadder.MASTER_HEAD);
        for (HlsRung rung : rungs) master.append(HlsLadder.streamInf(dir, rung, stored.get(rung.name()), width, height));
        Path file = snapshots.resolve(HlsLadder.MASTER);
        Files.writeString(file, master.toString(), StandardCharsets.UTF_8);
        publication.put(HlsLadder.MASTER, file, HlsLadder.PLAYLIST_TYPE, false);
        masterStored = true;
        publication.playable();
    }

    private static void stop(Thread encoder) {
        encoder.interrupt();
        try {
            encoder.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
