package io.mediaopt.cli;

import io.mediaopt.client.MediaoptClient;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** A subcommand that talks to a service: it connects (or starts one), runs, and disconnects. */
abstract class ServiceCommand implements Callable<Integer> {
    @Mixin
    ServerOptions server;

    @Spec
    CommandSpec spec;

    /** What can be checked before connecting; an exit status here ends the command without connecting. */
    Integer before(PrintWriter out) throws Exception {
        return null;
    }

    abstract int run(MediaoptClient client, PrintWriter out) throws Exception;

    @Override
    public final Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Integer early = before(out);
        if (early != null) return early;
        try (ServerOptions.Connection connection = server.connect(spec.commandLine().getErr())) {
            return run(connection.client(), out);
        } finally {
            out.flush();
        }
    }
}
