package io.mediaopt.cli;

import io.mediaopt.client.Usage;
import io.mediaopt.client.MediaoptClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;

@Command(name = "usage", mixinStandardHelpOptions = true,
        description = "Prints the usage counters of the service at --server since it started.")
final class UsageCommand extends ServiceCommand {
    @Override
    Integer before(PrintWriter out) {
        if (server.server == null) {
            throw new ParameterException(spec.commandLine(),
                    "usage needs --server: a service started for this command would have counted nothing");
        }
        return null;
    }

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
