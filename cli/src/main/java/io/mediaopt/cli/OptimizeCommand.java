package io.mediaopt.cli;

import io.mediaopt.client.MediaoptClient;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

@Command(name = "optimize", mixinStandardHelpOptions = true, description = {
        "Optimizes files and folders (walked for images and videos) into --out: images synchronously, "
                + "videos as jobs. An input DIR/a/b.jpg goes to OUT/a/b.jpg.<extension of the result>; an input "
                + "whose output is already there is skipped, so a rerun resumes. Inputs are never overwritten.",
        "Exit status: 0 when every file was optimized or skipped, 1 when any failed or a PATH does not exist, "
                + "2 for a wrong option."})
final class OptimizeCommand extends ServiceCommand {
    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Files and folders to optimize")
    List<Path> paths;

    @Option(names = "--preset", defaultValue = "web", description = "web, mobile or low-bandwidth (default: ${DEFAULT-VALUE})")
    String preset;

    @Option(names = "--out", defaultValue = "optimized", paramLabel = "DIR",
            description = "Folder the outputs go to (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--jobs", defaultValue = "2", paramLabel = "N", description = "Files sent at once (default: ${DEFAULT-VALUE})")
    int jobs;

    @Option(names = "--quality", paramLabel = "Q", description = "Image quality: auto (the service's choice, "
            + "the default) or 1 to 100 to pin it; videos keep their preset's")
    String quality;

    @Option(names = "--format", split = ",", paramLabel = "FORMAT", description = "Output format: auto (the "
            + "default), webp, avif, jpeg or png for images, mp4 or webm for videos; one of each kind, e.g. avif,webm")
    List<String> formats;

    @Option(names = "--width", paramLabel = "PX", description = "A smaller maximum width than the preset's "
            + "(nothing is enlarged)")
    Integer width;

    private List<MediaFiles.Input> inputs;
    private List<Path> missing;
    private OutputChoices choices;

    @Override
    Integer before(PrintWriter stdout) throws Exception {
        if (jobs < 1) throw new ParameterException(spec.commandLine(), "Expected --jobs of at least 1 but received " + jobs);
        Presets presets = Presets.standard();
        preset = presets.find(preset).map(Preset::name).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "Expected --preset of " + oneOf(presets.names()) + " but received " + preset));
        try {
            choices = OutputChoices.parse(quality, formats, width);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        MediaFiles.Found found = MediaFiles.collect(paths, out);
        inputs = found.inputs();
        missing = found.missing();
        PrintWriter stderr = spec.commandLine().getErr();
        for (Path path : missing) stderr.println("mediaopt: No such file or folder: " + path);
        stderr.flush();
        if (!inputs.isEmpty()) return null;
        if (missing.isEmpty()) {
            stdout.println("No images or videos found in " + String.join(", ", paths.stream().map(Path::toString).toList()));
        }
        return missing.isEmpty() ? 0 : MediaoptCli.FAILED;
    }

    @Override
    int run(MediaoptClient client, PrintWriter stdout) throws Exception {
        List<Outcome> outcomes = new ArrayList<>();
        try (ProgressView view = ProgressView.choose(stdout, onTerminal(), inputs);
             ExecutorService workers = Executors.newFixedThreadPool(jobs, Thread.ofPlatform().daemon().factory())) {
            FileOptimizer optimizer = new FileOptimizer(client, preset, choices, out, view);
            Thread cleanUp = new Thread(optimizer::deletePartials, "mediaopt-partials");
            Runtime.getRuntime().addShutdownHook(cleanUp);
            try {
                List<Future<Outcome>> running = new ArrayList<>();
                for (MediaFiles.Input input : inputs) {
                    running.add(workers.submit(() -> {
                        Outcome outcome = optimizer.optimize(input);
                        view.finished(outcome);
                        return outcome;
                    }));
                }
                for (Future<Outcome> f : running) outcomes.add(f.get());
            } finally {
                removeHook(cleanUp);
            }
        }
        SummaryTable.print(stdout, outcomes);
        boolean failed = !missing.isEmpty() || outcomes.stream().anyMatch(o -> o.state() == Outcome.State.FAILED);
        return failed ? MediaoptCli.FAILED : 0;
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException stopping) {
            // the process is already stopping and runs the hook
        }
    }

    /** "a, b or c". */
    private static String oneOf(List<String> names) {
        return names.size() == 1 ? names.getFirst()
                : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.getLast();
    }

    /** Bars only when a person watches: a terminal on stdout, and one that understands cursor moves. */
    private static boolean onTerminal() {
        var console = System.console();
        return console != null && console.isTerminal() && !"dumb".equals(System.getenv("TERM"));
    }
}
