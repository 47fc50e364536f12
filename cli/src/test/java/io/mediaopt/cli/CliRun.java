package io.mediaopt.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the command line in this process, with what it printed. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = MediaoptCli.commandLine()
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    long count(String prefix) {
        return out.lines().filter(l -> l.startsWith(prefix)).count();
    }
}
