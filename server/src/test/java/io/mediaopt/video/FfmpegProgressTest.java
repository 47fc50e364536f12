package io.mediaopt.video;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FfmpegProgressTest {

    @Test
    void readsTheFinalBlock() {
        String report = """
                frame=30
                out_time_us=1000000
                progress=continue
                frame=60
                fps=0.00
                total_size=393706
                out_time_us=2005333
                out_time=00:00:02.005333
                progress=end
                """;
        assertThat(FfmpegProgress.parse(report)).contains(new FfmpegProgress(60));
    }

    @Test
    void anUnfinishedOrEmptyReportSaysNothing() {
        assertThat(FfmpegProgress.parse("frame=30\nout_time_us=1000000\nprogress=continue\n")).isEmpty();
        assertThat(FfmpegProgress.parse("frame=N/A\nout_time_us=N/A\nprogress=end\n")).isEmpty();
        assertThat(FfmpegProgress.parse("")).isEmpty();
    }

    @Test
    void aRunThatWroteNoPictureSaysSo() {
        assertThat(FfmpegProgress.parse("frame=0\nout_time_us=N/A\nprogress=end\n")).contains(new FfmpegProgress(0));
    }
}
