package io.mediaopt.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What renditions cost next to the main output (preset web): the responsive set of the 12 MP
 * photo and the HLS ladder of the 10 s 1080p clip. Each pair times one synchronous optimization
 * without renditions and one asking for them (alternating which goes first); the renditions'
 * share is the difference, as a multiple of the optimization alone.
 */
final class RenditionsSection {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final BenchRun run;

    RenditionsSection(BenchRun run) {
        this.run = run;
    }

    void execute() {
        Table table = new Table("Renditions against the single web output (wall time per file)",
                "input", "renditions", "pairs", "web alone median", "web + renditions median",
                "renditions / web median", "renditions / web max", "renditions");
        measure(table, run.media.photo(), "responsive", run.options.pick(3, 7));
        measure(table, run.media.clip1080(), "hls", run.options.pick(2, 3));
        table.note("renditions / web = (time with renditions − time without) / time without, per alternating pair: "
                + "the renditions' cost as a multiple of today's single web encode. Times are whole synchronous "
                + "requests (upload, optimize, store, JSON answer) without downloads.");
        run.report.table(table);
    }

    private void measure(Table table, MediaCase input, String renditions, int pairs) {
        run.report.progress(input.name() + ": " + pairs + " pairs, renditions " + renditions);
        time(input, null);
        List<Double> alone = new ArrayList<>();
        List<Double> with = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        int count = 0;
        for (int pair = 0; pair < pairs; pair++) {
            double a;
            Timed w;
            if (pair % 2 == 0) {
                a = time(input, null).seconds;
                w = time(input, renditions);
            } else {
                w = time(input, renditions);
                a = time(input, null).seconds;
            }
            count = w.renditions;
            run.report.progress(String.format(Locale.ROOT, "pair %d: web %.3f s, with %s %.3f s", pair + 1, a,
                    renditions, w.seconds));
            alone.add(a);
            with.add(w.seconds);
            ratios.add((w.seconds - a) / a);
        }
        table.row(input.name(), renditions, pairs, RatioSection.seconds(Stats.of(alone).median()),
                RatioSection.seconds(Stats.of(with).median()), Table.fixed(Stats.of(ratios).median(), 2),
                Table.fixed(Stats.of(ratios).max(), 2), count + " files");
    }

    private record Timed(double seconds, int renditions) {}

    private Timed time(MediaCase input, String renditions) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(run.server().baseUrl() + "/media/optimize"))
                    .header("Content-Type", OptimizeForm.CONTENT_TYPE)
                    .header("Accept", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(OptimizeForm.of(input, "web", renditions))).build();
            long started = System.nanoTime();
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            double seconds = (System.nanoTime() - started) / 1e9;
            if (response.statusCode() != 200) {
                throw new IllegalStateException("optimize answered " + response.statusCode() + ": " + response.body());
            }
            int files = response.body().split("\"role\"", -1).length - 1;
            return new Timed(seconds, files);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
