package io.mediaopt.cli;

import io.mediaopt.Config;
import io.mediaopt.Main;
import io.mediaopt.RunningService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

import static org.assertj.core.api.Assertions.assertThat;

/** The mediaopt command line against the real server, on a folder of generated media. */
@Tag("integration")
class OptimizeCommandTest {
    static final String KEY = "cli-test-key";
    @TempDir
    static Path root;
    static Path photos;
    static RunningService server;
    static String url;

    @BeforeAll
    static void start() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("SERVICE_HOST", "127.0.0.1");
        env.put("PORT", "0");
        env.put("SERVICE_OUTPUT_DIR", Files.createDirectories(root.resolve("store")).toString());
        env.put("SERVICE_WORKERS", "2");
        env.put("SERVICE_API_KEYS", KEY);
        server = Main.start(Config.fromEnvironment(env), Clock.systemUTC());
        url = "http://127.0.0.1:" + server.port();

        photos = root.resolve("photos");
        Path a = Media.photo(photos.resolve("a.jpg"), "1280x720");
        Media.png(photos.resolve("b.png"));
        Media.video(photos.resolve("sub/clip.mp4"));
        Media.broken(photos.resolve("broken.jpg"), a);
        Files.writeString(photos.resolve("notes.txt"), "not media", StandardCharsets.UTF_8);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Map<Path, byte[]> contents(Path dir) throws Exception {
        Map<Path, byte[]> all = new HashMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) all.put(dir.relativize(f), Files.readAllBytes(f));
        }
        return all;
    }

    static List<Path> files(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).map(dir::relativize).sorted().toList();
        }
    }

    @Test
    void optimizesAFolderReportsTheFailedFileAndARerunResumes() throws Exception {
        Path out = root.resolve("out");
        Map<Path, byte[]> inputsBefore = contents(photos);

        CliRun first = CliRun.of("optimize", photos.toString(), "--out", out.toString(), "--jobs", "2",
                "--server", url, "--api-key", KEY);

        assertThat(first.exitCode()).as(first.out() + first.err()).isEqualTo(1);
        assertThat(files(out)).containsExactly(Path.of("a.jpg.webp"), Path.of("b.png.webp"), Path.of("sub/clip.mp4.mp4"));
        assertThat(new String(Files.readAllBytes(out.resolve("a.jpg.webp")), 0, 4, StandardCharsets.US_ASCII))
                .isEqualTo("RIFF");
        assertThat(Files.size(out.resolve("sub/clip.mp4.mp4"))).isLessThan(Files.size(photos.resolve("sub/clip.mp4")));
        assertThat(first.count("done     ")).isEqualTo(3);
        assertThat(first.out()).contains("failed   broken.jpg: unreadable-media: ")
                .contains("4 files: 3 optimized, 0 skipped, 1 failed")
                .doesNotContain("notes.txt")
                .doesNotContain("\033[");
        assertThat(first.out().lines().filter(l -> l.startsWith("FILE ")).findFirst().orElseThrow())
                .contains("RESULT", "INPUT", "OUTPUT", "SAVED", "DETAIL");
        assertThat(first.out()).containsPattern("(?m)^sub/clip\\.mp4 +done +.*video-mp4-h264$");
        assertThat(contents(photos)).as("inputs untouched").containsOnlyKeys(inputsBefore.keySet())
                .allSatisfy((path, bytes) -> assertThat(bytes).isEqualTo(inputsBefore.get(path)));

        FileTime written = Files.getLastModifiedTime(out.resolve("a.jpg.webp"));
        CliRun rerun = CliRun.of("optimize", photos.toString(), "--out", out.toString(),
                "--server", url, "--api-key", KEY);
        assertThat(rerun.exitCode()).isEqualTo(1);
        assertThat(rerun.count("skipped  ")).isEqualTo(3);
        assertThat(rerun.out()).contains("4 files: 0 optimized, 3 skipped, 1 failed");
        assertThat(Files.getLastModifiedTime(out.resolve("a.jpg.webp"))).isEqualTo(written);

        Path clean = root.resolve("clean");
        Files.createDirectories(clean);
        Files.copy(photos.resolve("b.png"), clean.resolve("b.png"));
        CliRun ok = CliRun.of("optimize", clean.toString(), "--out", out.resolve("clean").toString(),
                "--preset", "low-bandwidth", "--server", url + "/api/", "--api-key", KEY);
        assertThat(ok.exitCode()).as(ok.out() + ok.err()).isZero();
        assertThat(files(out.resolve("clean"))).containsExactly(Path.of("b.png.avif"));
    }

    @Test
    void outputsWrittenBesideTheInputsNeitherReplaceThemNorBecomeInputs() throws Exception {
        Path folder = Files.createDirectories(root.resolve("beside"));
        Files.copy(photos.resolve("a.jpg"), folder.resolve("a.jpg"));
        byte[] input = Files.readAllBytes(folder.resolve("a.jpg"));

        CliRun first = CliRun.of("optimize", folder.toString(), "--out", folder.toString(), "--server", url, "--api-key", KEY);
        CliRun again = CliRun.of("optimize", folder.toString(), "--out", folder.toString(), "--server", url, "--api-key", KEY);

        assertThat(first.exitCode()).isZero();
        assertThat(again.exitCode()).isZero();
        assertThat(files(folder)).containsExactly(Path.of("a.jpg"), Path.of("a.jpg.webp"));
        assertThat(Files.readAllBytes(folder.resolve("a.jpg"))).isEqualTo(input);
        assertThat(again.out()).contains("1 file: 0 optimized, 1 skipped, 0 failed");
    }

    @Test
    void severalFoldersKeepTheirNamesUnderTheOutputAndNamesThatWouldCollideAreRefused() throws Exception {
        Path left = Files.createDirectories(root.resolve("several/left"));
        Path right = Files.createDirectories(root.resolve("several/right"));
        Files.copy(photos.resolve("b.png"), left.resolve("b.png"));
        Files.copy(photos.resolve("b.png"), right.resolve("b.png"));
        Path out = root.resolve("several-out");

        CliRun both = CliRun.of("optimize", left.toString(), right.toString(), "--out", out.toString(),
                "--server", url, "--api-key", KEY);
        assertThat(both.exitCode()).as(both.out() + both.err()).isZero();
        assertThat(files(out)).containsExactly(Path.of("left/b.png.webp"), Path.of("right/b.png.webp"));

        CliRun clash = CliRun.of("optimize", left.resolve("b.png").toString(), right.resolve("b.png").toString(),
                "--out", root.resolve("clash-out").toString(), "--server", url, "--api-key", KEY);
        assertThat(clash.exitCode()).isEqualTo(1);
        assertThat(clash.err()).contains("Two inputs would share the output b.png");
        assertThat(root.resolve("clash-out")).doesNotExist();

        CliRun missing = CliRun.of("optimize", root.resolve("nowhere").toString(), "--server", url);
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err()).contains("No such file or folder");
    }

    @Test
    void aMissingPathIsReportedAndTheOtherPathsAreStillOptimized() throws Exception {
        Path out = root.resolve("partly-missing-out");
        CliRun run = CliRun.of("optimize", photos.resolve("b.png").toString(), root.resolve("nowhere.jpg").toString(),
                "--out", out.toString(), "--server", url, "--api-key", KEY);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("mediaopt: No such file or folder: " + root.resolve("nowhere.jpg"));
        assertThat(run.out()).contains("1 file: 1 optimized, 0 skipped, 0 failed");
        assertThat(files(out)).containsExactly(Path.of("b.png.webp"));
    }

    @Test
    void withoutAServerItStartsTheServiceInProcess() throws Exception {
        Path out = root.resolve("local-out");
        CliRun run = CliRun.of("optimize", photos.resolve("b.png").toString(), "--out", out.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.err()).contains("started the service in process at http://127.0.0.1:");
        assertThat(files(out)).containsExactly(Path.of("b.png.webp"));
    }

    @Test
    void qualityFormatAndWidthReachEachKindOfFile() throws Exception {
        Path folder = Files.createDirectories(root.resolve("choices"));
        Files.copy(photos.resolve("a.jpg"), folder.resolve("a.jpg"));
        Files.createDirectories(folder.resolve("sub"));
        Files.copy(photos.resolve("sub/clip.mp4"), folder.resolve("sub/clip.mp4"));
        Path low = root.resolve("choices-low");
        Path high = root.resolve("choices-high");

        CliRun run = CliRun.of("optimize", folder.toString(), "--out", low.toString(), "--quality", "30",
                "--format", "jpeg,webm", "--width", "320", "--server", url, "--api-key", KEY);
        CliRun better = CliRun.of("optimize", folder.resolve("a.jpg").toString(), "--out", high.toString(),
                "--quality", "90", "--format", "jpeg", "--width", "320", "--server", url, "--api-key", KEY);

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(better.exitCode()).as(better.out() + better.err()).isZero();
        assertThat(files(low)).containsExactly(Path.of("a.jpg.jpg"), Path.of("sub/clip.mp4.webm"));
        BufferedImage image = ImageIO.read(low.resolve("a.jpg.jpg").toFile());
        assertThat(image.getWidth()).isEqualTo(320);
        assertThat(Files.size(low.resolve("a.jpg.jpg"))).isLessThan(Files.size(high.resolve("a.jpg.jpg")));
        assertThat(run.out()).containsPattern("(?m)^sub/clip\\.mp4 +done +.*video-webm");
    }

    @Test
    void badOutputChoicesAreRefusedBeforeAnythingIsSent() {
        Path out = root.resolve("refused-out");
        CliRun quality = CliRun.of("optimize", photos.toString(), "--out", out.toString(), "--quality", "0",
                "--server", url);
        CliRun format = CliRun.of("optimize", photos.toString(), "--out", out.toString(), "--format", "gif",
                "--server", url);
        CliRun twoImageFormats = CliRun.of("optimize", photos.toString(), "--out", out.toString(),
                "--format", "webp,avif", "--server", url);
        CliRun width = CliRun.of("optimize", photos.toString(), "--out", out.toString(), "--width", "0",
                "--server", url);

        assertThat(quality.exitCode()).isEqualTo(2);
        assertThat(quality.err()).contains("Expected --quality of auto or 1 to 100 but received 0");
        assertThat(format.exitCode()).isEqualTo(2);
        assertThat(format.err()).contains("Expected --format of auto, webp, avif, jpeg, png, mp4 or webm but received gif");
        assertThat(twoImageFormats.exitCode()).isEqualTo(2);
        assertThat(twoImageFormats.err()).contains("one --format per kind of media but received webp and avif");
        assertThat(width.exitCode()).isEqualTo(2);
        assertThat(width.err()).contains("Expected --width of 1 or more but received 0");
        CliRun preset = CliRun.of("optimize", photos.toString(), "--out", out.toString(), "--preset", "fast",
                "--server", url);
        assertThat(preset.exitCode()).isEqualTo(2);
        assertThat(preset.err()).contains("Expected --preset of web, mobile or low-bandwidth but received fast");
        CliRun server = CliRun.of("optimize", photos.toString(), "--out", out.toString(), "--server", "notaurl");
        assertThat(server.exitCode()).isEqualTo(2);
        assertThat(server.err()).contains("Invalid value for option '--server': expected an http or https URL "
                + "such as http://media.internal:8080 but received 'notaurl'");
        assertThat(CliRun.of("usage", "--server", "127.0.0.1:8080").exitCode()).isEqualTo(2);
        assertThat(out).doesNotExist();
    }

    @Test
    void eachCommandExplainsItselfWithHelp() {
        CliRun optimize = CliRun.of("optimize", "--help");
        assertThat(optimize.exitCode()).isZero();
        assertThat(optimize.out()).contains("Usage: mediaopt optimize").contains("--preset")
                .contains("2 for a wrong option");
        assertThat(CliRun.of("usage", "--help").out()).contains("Usage: mediaopt usage");
        assertThat(CliRun.of("health", "--help").out()).contains("Usage: mediaopt health");
    }

    @Test
    void usageAndHealthAskTheServerAndAMissingKeyIsAnError() {
        CliRun usage = CliRun.of("usage", "--server", url, "--api-key", KEY);
        assertThat(usage.exitCode()).isZero();
        assertThat(usage.out()).containsPattern("(?m)^optimizations +\\d+$").contains("saved");

        CliRun health = CliRun.of("health", "--server", url);
        assertThat(health.exitCode()).isZero();
        assertThat(health.out()).contains("status    ok").containsPattern("(?m)^ffmpeg +ok ");

        CliRun refused = CliRun.of("usage", "--server", url);
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains("Unauthorized: valid API key required");

        CliRun nowhere = CliRun.of("usage");
        assertThat(nowhere.exitCode()).isEqualTo(2);
        assertThat(nowhere.err()).contains("usage needs --server");

        assertThat(CliRun.of("optimize", photos.toString(), "--jobs", "0", "--server", url).exitCode()).isEqualTo(2);
    }
}
