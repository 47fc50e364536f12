package io.mediaopt.media;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The optimization result of interface.md 2.2, the same for the synchronous endpoint and for a
 * done job. Durations are present for videos only.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OptimizationResult(
        String kind,
        String strategy,
        String contentType,
        String filename,
        long outputBytes,
        long savedBytes,
        BigDecimal savedPercent,
        Double inputDurationSec,
        Double outputDurationSec,
        Integer inputWidth,
        Integer outputWidth,
        Integer inputHeight,
        Integer outputHeight) {

    public static OptimizationResult of(Optimized optimized, String filename, long inputBytes, long outputBytes) {
        long saved = inputBytes - outputBytes;
        return new OptimizationResult(
                optimized.strategy().kind().wireName(),
                optimized.strategy().wireName(),
                optimized.contentType(),
                filename,
                outputBytes,
                saved,
                percent(saved, inputBytes),
                optimized.inputDurationSec(),
                optimized.outputDurationSec(),
                optimized.inputWidth(),
                optimized.outputWidth(),
                optimized.inputHeight(),
                optimized.outputHeight());
    }

    /** {@code 100 * saved / input}, rounded half-up to two decimals. */
    static BigDecimal percent(long saved, long input) {
        if (input == 0) return BigDecimal.ZERO.setScale(2);
        return BigDecimal.valueOf(saved)
                .multiply(BigDecimal.valueOf(100))
                .divide(BigDecimal.valueOf(input), 2, RoundingMode.HALF_UP);
    }
}
