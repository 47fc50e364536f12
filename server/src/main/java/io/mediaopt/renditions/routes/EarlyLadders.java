package io.mediaopt.renditions.routes;

import io.mediaopt.http.StoredBodies;
import io.javalin.http.Context;
import io.mediaopt.ServiceException;
import io.mediaopt.renditions.LadderNames;
import io.mediaopt.renditions.PlayableJobs;
import io.mediaopt.renditions.PlaylistUris;
import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The HLS ladder of a job still processing, from the moment its master playlist is stored
 * ({@code playableAt}): its playlists, which grow (EVENT) until the ladder is encoded, then its
 * segments, which never change. Served by the job's rendition route (no-store, as ever) and by a
 * kept job's stable one ({@code no-cache} until the job is done, immutable after); before that,
 * those routes answer as for any job not done.
 */
final class EarlyLadders {
    private final Storage storage;
    private final StoredBodies bodies;
    private final PlayableJobs playable;

    EarlyLadders(Storage storage, PlayableJobs playable) {
        this.storage = storage;
        this.bodies = new StoredBodies(storage);
        this.playable = playable;
    }

    /** The ladder of the processing job's attempt, once it is playable. */
    Optional<PlayableJobs.Playable> of(JobMedia job) {
        return playable.of(job.id(), job.attempt());
    }

    /**
     * One file of the ladder; a playlist names the others through {@code link} (their bare names
     * as stored in). A name no ladder has, or one not stored yet, is not found.
     */
    void send(Context ctx, PlayableJobs.Playable ladder, String name, UnaryOperator<String> link) throws IOException {
        String contentType = LadderNames.contentType(name).orElseThrow(() -> missing(name));
        try {
            if (!LadderNames.isPlaylist(name)) {
                bodies.sendObject(ctx, ladder.key(name), contentType, ctx.header("Range"));
                return;
            }
            String stored;
            try (Storage.StoredObject object = storage.open(ladder.key(name))) {
                stored = new String(object.content().readAllBytes(), StandardCharsets.UTF_8);
            }
            StoredBodies.sendBytes(ctx, PlaylistUris.rewrite(stored, link).getBytes(StandardCharsets.UTF_8),
                    contentType, ctx.header("Range"));
        } catch (StorageException e) {
            if (e.fault() != StorageException.Fault.PERMANENT) throw e;
            throw missing(name);
        }
    }

    private static ServiceException missing(String name) {
        return ServiceException.notFound("The job's HLS ladder has no " + name + " yet");
    }
}
