package io.mediaopt.bench;

import io.mediaopt.client.MediaoptClient;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether the server's memory stays flat over hours: mixed images and videos sent for
 * {@code --minutes} at the workers' concurrency to a server started with Native Memory Tracking,
 * its resident size sampled every second and its committed native memory every minute. Writes
 * bench/target/soak/&lt;time&gt;.csv as the minutes pass and prints a Markdown summary. Run it
 * with bench/soak.sh.
 */
public final class Soak {
    private Soak() {}

    public static void main(String[] args) throws InterruptedException {
        Path repo = Path.of("").toAbsolutePath();
        String stamp = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        SoakOptions options = SoakOptions.parse(args, repo);
        Path work = repo.resolve("bench/target/soak/" + stamp);
        Path csv = repo.resolve("bench/target/soak/" + stamp + ".csv");
        List<MediaCase> inputs = new MediaGenerator(repo.resolve("bench/target/media"), System.err::println).soakInputs();
        List<String> jvm = new ArrayList<>(options.serverJvm());
        jvm.add("-XX:NativeMemoryTracking=summary");
        Path javaHome = Path.of(System.getProperty("java.home"));
        try (ServerProcess server = ServerProcess.start(options.launcher(), javaHome.resolve("bin/java"),
                options.serverJar(), jvm, work.resolve("server"));
             MediaoptClient client = MediaoptClient.builder(server.baseUrl()).requestTimeout(Duration.ofMinutes(15)).build();
             PrintWriter failures = new PrintWriter(Files.newBufferedWriter(work.resolve("failures.log")))) {
            String setup = "Server pid " + server.pid() + " started with " + String.join(" ", options.launcher()) + " "
                    + String.join(" ", jvm) + "; " + options.concurrency() + " requests in flight (SERVICE_WORKERS="
                    + System.getenv().getOrDefault("SERVICE_WORKERS", "default") + "), SERVICE_IMAGE_QUALITY="
                    + System.getenv().getOrDefault("SERVICE_IMAGE_QUALITY", "fixed") + ", MALLOC_ARENA_MAX="
                    + System.getenv().getOrDefault("MALLOC_ARENA_MAX", "glibc default") + ". CSV: " + csv;
            System.err.println(setup);
            // a soak stopped early (SIGTERM to the driver) stops its server too
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(server::close));
            append(csv, SoakReport.csvHeader());
            SoakTraffic traffic = new SoakTraffic(client, server.baseUrl(), inputs, work.resolve("outputs"), failures);
            Instant deadline = Instant.now().plus(Duration.ofMinutes(options.minutes()));
            Thread sending = Thread.ofPlatform().name("soak-traffic").start(
                    () -> traffic.run(options.concurrency(), deadline));
            SoakSampler sampler = new SoakSampler(server.pid(), javaHome.resolve("bin/jcmd"), work.resolve("jcmd"),
                    () -> new long[] {traffic.done(), traffic.failed()}, minute -> {
                        append(csv, SoakReport.csvLine(minute));
                        System.err.println(SoakReport.csvLine(minute));
                    });
            List<SoakSampler.Minute> minutes = sampler.sample(options.minutes());
            sending.join();
            System.out.println(SoakReport.summary(minutes, setup, traffic.done(), traffic.failed()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void append(Path csv, String line) {
        try {
            Files.createDirectories(csv.getParent());
            Files.writeString(csv, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
