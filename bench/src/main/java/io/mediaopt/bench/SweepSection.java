package io.mediaopt.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The evidence behind each preset's quality setting: the raw tools at qualities around the
 * preset's own, with the bytes and SSIM each gives. The preset's current setting is marked *.
 */
final class SweepSection {
    private static final int[] WEBP_QUALITIES = {50, 60, 70, 75, 80, 85, 90};
    private static final int[] AVIF_QUALITIES = {30, 40, 45, 50, 55, 60, 70};
    private static final int[] CRF_STEPS = {-3, 0, 3, 6};

    private final BenchRun run;
    private final Path out;

    SweepSection(BenchRun run) {
        this.run = run;
        this.out = run.dir("sweep");
    }

    void execute() {
        Table table = new Table("Quality sweep with the raw tools (same pipeline as each preset)",
                "input", "preset", "encoder", "setting", "bytes", "saved", "SSIM");
        for (MediaCase input : List.of(run.media.photo(), run.media.screenshot())) {
            for (ServicePreset preset : run.presets()) images(table, input, preset);
        }
        for (MediaCase input : run.options.quick() ? List.of(run.media.clip720())
                : List.of(run.media.clip720(), run.media.clip1080())) {
            for (ServicePreset preset : run.presets()) videos(table, input, preset);
        }
        table.note("* the preset's current setting. Images: `vips thumbnail` to the preset's width, saved at each "
                + "quality; videos: the service's logged ffmpeg command with only -crf changed.");
        run.report.table(table);
    }

    private void images(Table table, MediaCase input, ServicePreset preset) {
        ServicePreset.Image image = preset.image();
        boolean avif = image.firstStrategy().equals("IMAGE_AVIF");
        int current = avif ? image.avifQuality() : image.webpQuality();
        run.report.progress("sweep " + input.name() + " " + preset.name());
        for (int q : avif ? AVIF_QUALITIES : WEBP_QUALITIES) {
            Path output = out.resolve(input.name() + "-" + preset.name() + "-q" + q + (avif ? ".avif" : ".webp"));
            RawImageCommand.encode(input.file(), false, image.maxWidth(), output,
                    avif ? RawImageCommand.avif(q) : RawImageCommand.webp(q)).run(out, BenchRun.TOOL_TIMEOUT);
            double ssim = Ssim.image(input.file(), false, image.maxWidth(), output, out);
            row(table, input, preset, (avif ? "AVIF" : "WebP") + " " + image.maxWidth() + "w",
                    "Q " + q + (q == current ? " *" : ""), output, ssim);
        }
    }

    private void videos(Table table, MediaCase input, ServicePreset preset) {
        List<String> logged = run.videoCommand(input, preset);
        int crf = preset.video().crf();
        String extension = logged.getLast().substring(logged.getLast().lastIndexOf('.') + 1);
        run.report.progress("sweep " + input.name() + " " + preset.name());
        for (int step : CRF_STEPS) {
            List<String> args = new ArrayList<>(logged);
            args.set(args.indexOf("-crf") + 1, Integer.toString(crf + step));
            Path output = out.resolve(input.name() + "-" + preset.name() + "-crf" + (crf + step) + "." + extension);
            RawVideoCommand.retarget(args, input.file(), output).run(out, BenchRun.TOOL_TIMEOUT);
            row(table, input, preset, encoder(args) + " " + preset.video().maxWidth() + "w",
                    "CRF " + (crf + step) + (step == 0 ? " *" : ""), output, Ssim.video(input.file(), output, out));
        }
    }

    private static String encoder(List<String> args) {
        return args.get(args.indexOf("-c:v") + 1);
    }

    private static void row(Table table, MediaCase input, ServicePreset preset, String encoder, String setting,
                            Path output, double ssim) {
        long in = RatioSection.size(input.file());
        long bytes = RatioSection.size(output);
        table.row(input.name(), preset.name(), encoder, setting, bytes,
                Table.fixed(100.0 * (in - bytes) / in, 1) + " %", Table.fixed(ssim, 4));
    }
}
