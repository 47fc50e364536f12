package io.mediaopt.cli;

import io.mediaopt.client.Health;
import io.mediaopt.client.MediaoptClient;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.TreeMap;

@Command(name = "health", mixinStandardHelpOptions = true, description = {
        "Prints whether the service and what it depends on answer (without --server: whether this machine can run it).",
        "Exit status: 0 when healthy, 1 when degraded, 2 for a wrong option."})
final class HealthCommand extends ServiceCommand {
    @Override
    int run(MediaoptClient client, PrintWriter out) {
        Health health = client.health();
        out.println("status    " + health.status());
        new TreeMap<>(health.checks()).forEach((name, check) -> {
            String detail = check.path("detail").asText(check.path("error").asText(""));
            out.printf("%-9s %-6s %s%n", name, check.path("status").asText(), detail);
        });
        return health.ok() ? 0 : MediaoptCli.FAILED;
    }
}
