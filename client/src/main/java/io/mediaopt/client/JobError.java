package io.mediaopt.client;

/** Why a job failed: a human message and a stable code such as {@code timeout}. */
public record JobError(String message, String code) {}
