package io.mediaopt.bench;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

class SoakReportTest {
    private static SoakSampler.Minute minute(int index, long rssMaxMib, long done, long failed) {
        NativeMemory nmt = new NativeMemory(100 * 1024, 20 * 1024, Map.of("Java Heap", 16L * 1024));
        return new SoakSampler.Minute(index, rssMaxMib * 1024, OptionalLong.empty(), 200 * 1024, 50 * 1024, nmt, done,
                failed);
    }

    @Test
    void aSecondHalfWithinFivePercentOfTheFirstIsFlat() {
        List<SoakSampler.Minute> minutes = List.of(minute(0, 250, 10, 0), minute(1, 200, 20, 0),
                minute(2, 240, 30, 0), minute(3, 262, 40, 0));
        String summary = SoakReport.summary(minutes, "setup", 42, 0);
        assertThat(summary).contains("| first  | 1-2     |          250 |").contains("| second | 3-4     |          262 |")
                .contains("1.048").contains("42 done, 0 failed").contains("Verdict: flat.");
    }

    @Test
    void growthPastFivePercentIsNotFlat() {
        List<SoakSampler.Minute> minutes = List.of(minute(0, 200, 10, 0), minute(1, 211, 20, 0));
        assertThat(SoakReport.summary(minutes, "setup", 20, 0)).contains("1.055").contains("Verdict: NOT flat.");
    }

    @Test
    void aFailedRequestIsNotFlat() {
        List<SoakSampler.Minute> minutes = List.of(minute(0, 200, 10, 0), minute(1, 200, 20, 1));
        assertThat(SoakReport.summary(minutes, "setup", 20, 1)).contains("20 done, 1 failed").contains("Verdict: NOT flat.");
    }

    @Test
    void aCsvLineHasAValueForEveryColumn() {
        String line = SoakReport.csvLine(minute(4, 250, 30, 2));
        assertThat(line.split(",", -1)).hasSameSizeAs(SoakReport.csvHeader().split(",", -1));
        assertThat(line).startsWith("5,250,200,50,100,20,100,16,").endsWith(",30,2,");
    }

    @Test
    void theKernelsPeakCountsWhereItWasResetForTheMinute() {
        NativeMemory nmt = new NativeMemory(100 * 1024, 20 * 1024, Map.of());
        SoakSampler.Minute sampledLow = new SoakSampler.Minute(1, 200 * 1024, OptionalLong.of(230 * 1024), 200 * 1024, 0,
                nmt, 20, 0);
        List<SoakSampler.Minute> minutes = List.of(minute(0, 220, 10, 0), sampledLow);
        assertThat(SoakReport.summary(minutes, "setup", 20, 0)).contains("| second | 2-2     |          230 |")
                .contains("1.045");
        assertThat(SoakReport.csvLine(sampledLow)).endsWith(",20,0,230");
    }
}
