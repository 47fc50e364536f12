package io.mediaopt.cli;

import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.TokenRequest;
import io.mediaopt.client.UploadToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;

@Command(name = "token", mixinStandardHelpOptions = true,
        description = {"Mints an upload token with --api-key for a browser or another client to upload one file "
                + "with, in place of the key; prints the token alone on the first line, then its upload URL and expiry.",
                "Use it as 'Authorization: Bearer <token>' or '?token=<token>' (docs/api-uploads.md, Upload tokens)."})
final class TokenCommand extends ServiceCommand {
    @Option(names = "--preset", description = "The preset the upload gets")
    String preset;

    @Option(names = "--format", description = "The output format the upload gets (webp, avif, jpeg, png, mp4, webm, av1)")
    String format;

    @Option(names = "--kind", description = "Only a file of this kind: image or video")
    String kind;

    @Option(names = "--max-bytes", paramLabel = "BYTES", description = "The largest file the token takes")
    Long maxBytes;

    @Option(names = "--origin", description = "The origin of the page that uploads, e.g. https://shop.example")
    String origin;

    @Option(names = "--expires-in", paramLabel = "SECONDS", description = "How long the token is valid (default 3600, at most 86400)")
    Long expiresIn;

    @Override
    Integer before(PrintWriter out) {
        if (server.server == null) {
            throw new ParameterException(spec.commandLine(),
                    "token needs --server and --api-key: a service started for this command would be gone before the upload");
        }
        return null;
    }

    @Override
    int run(MediaoptClient client, PrintWriter out) {
        TokenRequest request = TokenRequest.any();
        if (preset != null) request.preset(preset);
        if (format != null) request.field("format", format);
        if (kind != null) request.kind(kind);
        if (maxBytes != null) request.maxBytes(maxBytes);
        if (origin != null) request.origin(origin);
        if (expiresIn != null) request.expiresInSec(expiresIn);
        UploadToken token = client.createUploadToken(request);
        out.println(token.token());
        out.println("upload URL  " + token.uploadUrl());
        out.println("expires     " + token.expiresAt());
        return 0;
    }
}
