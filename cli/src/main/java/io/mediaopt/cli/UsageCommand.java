package io.mediaopt.cli;

import io.mediaopt.client.Usage;
import io.mediaopt.client.MediaoptClient;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

@Command(name = "usage", description = "Prints the service's usage counters since it started.")
final class UsageCommand extends ServiceCommand {
    @Override
    int run(MediaoptClient client, PrintWriter out) {
        Usage usage = client.getUsage();
        out.printf("optimizations  %d%n", usage.totalJobs());
        out.printf("input          %s%n", Sizes.bytes(usage.totalInputBytes()));
        out.printf("output         %s%n", Sizes.bytes(usage.totalOutputBytes()));
        out.printf("saved          %s (%s)%n", Sizes.bytes(usage.totalSavedBytes()),
                Sizes.percentSaved(usage.totalSavedBytes(), usage.totalInputBytes()));
        return 0;
    }
}
