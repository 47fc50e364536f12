package io.mediaopt.storage;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * The SDK's clients for one S3-compatible service: one sends requests, the other signs download
 * URLs with the same settings. Connecting and waiting for bytes are bounded here, each call by
 * {@link S3Deadlines}, so a service that is down or has stopped answering fails requests (and the
 * health check) within seconds instead of hanging them.
 */
public record S3Connection(S3Client client, S3Presigner presigner) implements AutoCloseable {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    /** Each download streamed through the service holds one for as long as its client reads. */
    private static final int MAX_CONNECTIONS = 200;

    /**
     * Connects to AWS S3 in {@code region}, or to the S3-compatible service at {@code endpoint}
     * with path-style requests (MinIO, Ceph and most self-hosted servers have no per-bucket host
     * names). Without keys the SDK's default chain finds credentials: AWS_* variables, a profile,
     * or the container's or instance's role.
     */
    public static S3Connection open(String region, Optional<URI> endpoint, String accessKeyId, String secretAccessKey) {
        AwsCredentialsProvider credentials = credentials(accessKeyId, secretAccessKey);
        S3ClientBuilder client = S3Client.builder()
                .region(Region.of(region))
                .credentialsProvider(credentials)
                .httpClientBuilder(Apache5HttpClient.builder()
                        .connectionTimeout(CONNECT_TIMEOUT)
                        .socketTimeout(READ_TIMEOUT)
                        .maxConnections(MAX_CONNECTIONS))
                // Newer SDKs add trailing checksums to every upload, which several S3-compatible
                // servers refuse; the request signature and TLS already protect the bytes.
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                // a body goes with its headers: waiting for "100 Continue" first costs every output
                // over 1 MiB a round trip, to spare sending at most 16 MiB (the multipart
                // threshold) to a bucket that refuses it, which only a misconfiguration makes
                .serviceConfiguration(S3Configuration.builder().expectContinueEnabled(false).build());
        S3Presigner.Builder presigner = S3Presigner.builder()
                .region(Region.of(region))
                .credentialsProvider(credentials);
        endpoint.ifPresent(uri -> {
            client.endpointOverride(uri).forcePathStyle(true);
            presigner.endpointOverride(uri)
                    .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(true).build());
        });
        return new S3Connection(client.build(), presigner.build());
    }

    private static AwsCredentialsProvider credentials(String accessKeyId, String secretAccessKey) {
        if (accessKeyId == null || secretAccessKey == null) return DefaultCredentialsProvider.builder().build();
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKeyId, secretAccessKey));
    }

    @Override
    public void close() {
        presigner.close();
        client.close();
    }
}
