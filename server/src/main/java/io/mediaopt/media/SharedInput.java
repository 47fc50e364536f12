package io.mediaopt.media;

/**
 * The input of a queued job as every node can read it: the job's id and the key of its stored
 * input. An optimizer given one may hand parts of the work to other nodes.
 */
public record SharedInput(String jobId, String storageKey) {}
