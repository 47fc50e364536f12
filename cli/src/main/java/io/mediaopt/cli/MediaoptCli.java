package io.mediaopt.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code mediaopt}: optimizes files and folders through the mediaopt API, and asks a service for
 * its usage and health. Without {@code --server} it starts the service in this process.
 */
@Command(name = "mediaopt", mixinStandardHelpOptions = true, version = "mediaopt 0.1.0",
        description = "Makes images and videos smaller through the mediaopt service.",
        subcommands = {OptimizeCommand.class, UsageCommand.class, HealthCommand.class, TokenCommand.class,
                CommandLine.HelpCommand.class})
public final class MediaoptCli {
    /** Exit status when any file failed or the service is not healthy. */
    static final int FAILED = 1;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line with every subcommand; tests run it with their own writers. */
    public static CommandLine commandLine() {
        return new CommandLine(new MediaoptCli()).setExecutionExceptionHandler((e, line, parsed) -> {
            // a service that cannot be reached or started: a sentence, not a stack trace
            line.getErr().println("mediaopt: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            line.getErr().flush();
            return FAILED;
        });
    }
}
