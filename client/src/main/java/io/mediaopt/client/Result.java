package io.mediaopt.client;

/**
 * What an optimization produced, as the job's {@code result} object or the synchronous
 * response's {@code x-service-*} headers describe it. Durations are only known for videos;
 * widths and heights may be absent when the service does not report them.
 */
public record Result(
        String kind,
        String strategy,
        String contentType,
        String filename,
        long outputBytes,
        long savedBytes,
        double savedPercent,
        Double inputDurationSec,
        Double outputDurationSec,
        Integer inputWidth,
        Integer outputWidth,
        Integer inputHeight,
        Integer outputHeight) {}
