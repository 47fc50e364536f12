package io.mediaopt.bench;

import io.mediaopt.client.OptimizationSummary;
import io.mediaopt.client.Result;

import java.nio.file.Path;

/**
 * What each preset makes of each input: strategy, size, saving, dimensions and SSIM against the
 * input scaled to the output's size. These are the figures the presets are chosen by.
 */
final class QualitySection {
    private final BenchRun run;
    private final Path out;

    QualitySection(BenchRun run) {
        this.run = run;
        this.out = run.dir("quality");
    }

    void execute() {
        Table table = new Table("Size and quality per preset",
                "input", "preset", "strategy", "input bytes", "output bytes", "saved", "output size", "SSIM", "service time");
        for (MediaCase input : run.media.all()) {
            for (ServicePreset preset : run.presets()) {
                if (run.options.quick() && input.equals(run.media.clip1080()) && !preset.name().equals("web")) continue;
                run.report.progress(input.name() + " with " + preset.name());
                Path output = out.resolve(input.name() + "-" + preset.name());
                long started = System.nanoTime();
                // the 1080p clip takes long: in quick mode the ratio section's output stands in
                BenchRun.Output earlier = run.options.quick() && input.equals(run.media.clip1080())
                        ? run.latestOutput(input, preset.name()).orElse(null) : null;
                OptimizationSummary summary = earlier != null ? earlier.summary() : run.optimize(input, preset.name(), output);
                if (earlier != null) output = earlier.file();
                String seconds = earlier != null ? null : RatioSection.seconds((System.nanoTime() - started) / 1e9);
                Result result = summary.result();
                if (input.video()) {
                    RawVideoCommand.lastLogged(run.server().logLines(), result.strategy())
                            .ifPresent(command -> run.videoCommands.put(BenchRun.key(input, preset.name()), command));
                }
                double ssim = input.video()
                        ? Ssim.video(input.file(), output, out)
                        : Ssim.image(input.file(), input.animated(), preset.image().maxWidth(), output, out);
                table.row(input.name(), preset.name(), result.strategy(), summary.inputBytes(), result.outputBytes(),
                        Table.fixed(result.savedPercent(), 1) + " %",
                        result.outputWidth() + "×" + result.outputHeight(), Table.fixed(ssim, 4),
                        seconds);
            }
        }
        table.note("SSIM: ffmpeg's ssim filter, \"All\" on yuv420p, output against the input scaled to the output's "
                + "size (images: the same libvips resize saved losslessly; videos: every frame, ffmpeg bicubic). "
                + (run.options.quick() ? "Quick mode runs the 1080p clip with the web preset only, reusing the "
                + "ratio section's output (time —)." : ""));
        run.report.table(table);
    }
}
