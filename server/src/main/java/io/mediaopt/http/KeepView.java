package io.mediaopt.http;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The {@code keep} object of a kept job (docs/api.md, Keeping and deleting): who may read its
 * stable URLs ({@code public}, or {@code private}: signed links), when retention deletes it
 * ({@code keepUntil}, ms; absent: only DELETE does, or it has not ended yet) and how long its
 * signed links last ({@code linkTtlSec}, private jobs only).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record KeepView(String visibility, Long keepUntil, Long linkTtlSec) {}
