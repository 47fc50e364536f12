package io.mediaopt.renditions.routes;

import io.mediaopt.Caller;

import java.util.Optional;

/**
 * The jobs whose files the routes of renditions serve, as the jobs feature finds them (it stands
 * above renditions, which it runs): a missing job and another key's answer alike.
 */
public interface JobLookup {
    /** The caller's job when it is processing; empty when it is pending or has ended; not-found when the caller has none of this id. */
    Optional<JobMedia> processing(String id, Caller caller);

    /** The caller's done job; not-found or not-ready otherwise. */
    JobMedia done(String id, Caller caller);

    /** A done kept job, whose stable URLs anyone holding them may read; empty otherwise. */
    Optional<JobMedia> kept(String id);

    /** A kept job still processing, whose HLS ladder its stable URLs serve once it is playable. */
    Optional<JobMedia> keptProcessing(String id);
}
