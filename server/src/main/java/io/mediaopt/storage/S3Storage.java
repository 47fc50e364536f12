package io.mediaopt.storage;

import io.mediaopt.CachedCheck;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Keeps objects in a bucket of an S3-compatible service. A PUT, or the completion of a multipart
 * upload, makes an object appear whole, so no reader ever sees part of one. Files are streamed
 * from disk, never held in memory; large ones go up in parts.
 */
public final class S3Storage implements Storage {
    private static final Logger log = LoggerFactory.getLogger(S3Storage.class);
    /** How long one look at the bucket stands for the health report and for refusing calls. */
    private static final Duration CHECK_FRESH_FOR = Duration.ofSeconds(2);
    /** S3 numbers the parts of one upload from 1 to 10,000. */
    private static final int MAX_PARTS = 10_000;

    private final S3Connection s3;
    private final String bucket;
    private final PartSizes parts;
    private final CachedCheck<Boolean> reachable;
    /** Whether the bucket has answered a look yet, which tells {@link S3Deadlines#FIRST_CHECK} is over. */
    private volatile boolean answeredOnce;

    public S3Storage(S3Connection s3, String bucket, PartSizes parts) {
        this.s3 = s3;
        this.bucket = bucket;
        this.parts = parts;
        this.reachable = new CachedCheck<>(CHECK_FRESH_FOR, () -> {
            askForBucket();
            return true;
        });
    }

    /**
     * Files larger than {@code multipartThreshold} bytes go up in parts of {@code partSize}
     * bytes; S3 wants every part but the last to be at least 5 MiB.
     */
    public record PartSizes(long multipartThreshold, long partSize) {
        private static final long MIB = 1024 * 1024;
        public static final PartSizes STANDARD = new PartSizes(16 * MIB, 8 * MIB);

        public PartSizes {
            if (partSize < 5 * MIB || multipartThreshold < partSize) {
                throw new IllegalArgumentException("Expected parts of at least 5 MiB and a threshold of at least "
                        + "one part but received " + partSize + " and " + multipartThreshold);
            }
        }
    }

    @Override
    public void put(String key, Path source, String contentType) {
        try {
            refuseWhileUnreachable();
            long size = Files.size(source);
            if (size > parts.multipartThreshold()) {
                putInParts(key, source, size, contentType);
            } else {
                client().putObject(b -> b.bucket(bucket).key(key).contentType(contentType)
                        .overrideConfiguration(S3Deadlines.sending(size)), RequestBody.fromFile(source));
            }
            Files.deleteIfExists(source);
        } catch (SdkException | IOException | UncheckedIOException e) {
            throw failure("The file could not be written to object storage", e);
        }
    }

    /** A multipart upload, aborted on failure so no orphaned parts are left behind. */
    private void putInParts(String key, Path source, long size, String contentType) {
        String uploadId = client().createMultipartUpload(b -> b.bucket(bucket).key(key).contentType(contentType)
                .overrideConfiguration(S3Deadlines.SMALL)).uploadId();
        try {
            long partSize = Math.max(parts.partSize(), Math.ceilDiv(size, MAX_PARTS));
            List<CompletedPart> done = new ArrayList<>();
            for (long offset = 0; offset < size; offset += partSize) {
                int number = done.size() + 1;
                long length = Math.min(partSize, size - offset);
                String eTag = client().uploadPart(
                        b -> b.bucket(bucket).key(key).uploadId(uploadId).partNumber(number).contentLength(length)
                                .overrideConfiguration(S3Deadlines.sending(length)),
                        RequestBody.fromContentProvider(filePart(source, offset, length), length,
                                "application/octet-stream")).eTag();
                done.add(CompletedPart.builder().partNumber(number).eTag(eTag).build());
            }
            client().completeMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId)
                    .multipartUpload(m -> m.parts(done)));
        } catch (RuntimeException e) {
            try {
                client().abortMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId)
                        .overrideConfiguration(S3Deadlines.SMALL));
            } catch (SdkException abortFailed) {
                log.warn("cannot abort the multipart upload of {}; a bucket lifecycle rule removes its parts", key,
                        abortFailed);
            }
            throw e;
        }
    }

    /** Each call opens the part anew, so the SDK can retry a part by reading it again. */
    private static ContentStreamProvider filePart(Path source, long offset, long length) {
        return () -> {
            try {
                FileChannel channel = FileChannel.open(source).position(offset);
                return new BoundedInputStream(Channels.newInputStream(channel), length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    @Override
    public StoredObject open(String key) {
        ResponseInputStream<GetObjectResponse> body = get(GetObjectRequest.builder().bucket(bucket).key(key).build());
        return new StoredObject(new S3ObjectStream(body), body.response().contentLength());
    }

    @Override
    public StoredObject openRange(String key, long first, long length) {
        String range = "bytes=" + first + "-" + (first + length - 1);
        ResponseInputStream<GetObjectResponse> body =
                get(GetObjectRequest.builder().bucket(bucket).key(key).range(range).build());
        return new StoredObject(new S3ObjectStream(body), body.response().contentLength());
    }

    /** The time limit ends with the answer's headers: reading the body, however long, is not cut. */
    private ResponseInputStream<GetObjectResponse> get(GetObjectRequest request) {
        try {
            refuseWhileUnreachable();
            return client().getObject(request.toBuilder().overrideConfiguration(S3Deadlines.SMALL).build());
        } catch (SdkException e) {
            throw readFailure(e);
        }
    }

    @Override
    public long size(String key) {
        try {
            refuseWhileUnreachable();
            return client().headObject(b -> b.bucket(bucket).key(key).overrideConfiguration(S3Deadlines.SMALL))
                    .contentLength();
        } catch (SdkException e) {
            throw readFailure(e);
        }
    }

    @Override
    public void copyTo(String key, Path target) {
        try (StoredObject object = open(key)) {
            Files.copy(object.content(), target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | SdkException e) {
            deletePartialCopy(target);
            throw failure("The file could not be read from object storage", e);
        }
    }

    /** A failed copy leaves no part of the object behind, if it can help it. */
    private static void deletePartialCopy(Path target) {
        try {
            Files.deleteIfExists(target);
        } catch (IOException e) {
            log.warn("cannot delete the partial copy {}", target, e);
        }
    }

    @Override
    public void delete(String key) {
        try {
            refuseWhileUnreachable();
            client().deleteObject(b -> b.bucket(bucket).key(key).overrideConfiguration(S3Deadlines.SMALL));
        } catch (SdkException e) {
            throw failure("The file could not be deleted from object storage", e);
        }
    }

    @Override
    public Optional<URI> presignedUrl(String key, String contentType, String contentDisposition, Duration validity) {
        GetObjectRequest get = GetObjectRequest.builder().bucket(bucket).key(key)
                .responseContentType(contentType)
                .responseContentDisposition(contentDisposition)
                .build();
        try {
            return Optional.of(URI.create(s3.presigner()
                    .presignGetObject(p -> p.signatureDuration(validity).getObjectRequest(get))
                    .url().toString()));
        } catch (SdkException e) {
            throw new StorageException("A download link could not be signed", e);
        }
    }

    @Override
    public Optional<URI> presignedPut(String key, String contentType, long size, Duration validity) {
        PutObjectRequest put = PutObjectRequest.builder().bucket(bucket).key(key).contentType(contentType)
                .contentLength(size).build();
        try {
            return Optional.of(URI.create(s3.presigner()
                    .presignPutObject(p -> p.signatureDuration(validity).putObjectRequest(put))
                    .url().toString()));
        } catch (SdkException e) {
            throw new StorageException("An upload link could not be signed", e);
        }
    }

    /**
     * Looks at the bucket now (the health report keeps the answer for a while itself), and lets
     * the calls that follow go by what it found.
     */
    @Override
    public void check() throws IOException {
        try {
            reachable.refresh();
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /**
     * While the last look at the bucket found object storage unreachable, a call fails at once
     * rather than waiting out its own timeouts; a refused key or a missing bucket is left for the
     * call itself to report, as it may need no more than object access. While the last look found
     * it, the next is taken behind the call, which never waits for it: a synchronous request would
     * otherwise pay a round trip to the bucket every few seconds.
     */
    @Override
    public void refuseWhileUnreachable() {
        try {
            reachable.callRefreshingBehind();
        } catch (Exception e) {
            if (StorageException.faultOf(e) == StorageException.Fault.UNREACHABLE) {
                throw new StorageException(StorageException.Fault.UNREACHABLE, "Object storage cannot be reached", e);
            }
        }
    }

    /** Asks for the bucket, briefly; the message names the problem without naming the endpoint. */
    private void askForBucket() throws IOException {
        try {
            Duration timeout = answeredOnce ? S3Deadlines.CHECK : S3Deadlines.FIRST_CHECK;
            client().headBucket(b -> b.bucket(bucket).overrideConfiguration(o -> o.apiCallTimeout(timeout)));
            answeredOnce = true;
        } catch (S3Exception e) {
            answeredOnce = true;
            throw new IOException(switch (e.statusCode()) {
                case 404 -> "the bucket does not exist";
                case 401, 403 -> "access to the bucket is denied";
                default -> "object storage answered with status " + e.statusCode();
            }, e);
        } catch (SdkException e) {
            throw new IOException("object storage cannot be reached", e);
        }
    }

    private S3Client client() {
        return s3.client();
    }

    private StorageException readFailure(SdkException e) {
        if (e instanceof S3Exception s3e && s3e.statusCode() == 404) {
            return new StorageException("Stored object is missing", e);
        }
        return failure("The file could not be read from object storage", e);
    }

    /**
     * A call that could not reach object storage (a connection refused or timed out, a call out
     * of time, a body cut off) counts as a look at the bucket: the calls after it are refused at once.
     */
    private StorageException failure(String message, Exception cause) {
        if (cause instanceof SdkClientException || cause instanceof ObjectReadFailed) {
            reachable.failedWith(new IOException("object storage cannot be reached", cause));
        }
        return new StorageException(message, cause);
    }
}
