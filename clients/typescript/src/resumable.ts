import { Upload, type DetailedError, type FileReader, type HttpResponse } from "tus-js-client";
import { MediaoptError } from "./errors.js";
import { blobOf, fields, filenameOf, isReactNativeFile } from "./form.js";
import type { MediaInput, OptimizeOptions } from "./form.js";
import type { UploadHandlers } from "./upload.js";

/** The size of one PATCH: what a dropped connection can cost at most. */
export const CHUNK_BYTES = 5 * 1024 * 1024;
/** The waits before each new try after a dropped connection; each try resumes from the server's offset. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000];

/** The service answered 404 to the creation: it is older than resumable uploads. */
export class ResumableUploadsMissing extends Error {
  override readonly name = "ResumableUploadsMissing";
}

/** What {@link sendResumable} needs of the client. */
export interface ResumableTarget {
  /** `…/api/uploads` */
  endpoint: string;
  headers: Record<string, string>;
}

/**
 * Sends the media over tus 1.0 (`/api/uploads`) in {@link CHUNK_BYTES} pieces with the form's
 * options as metadata, and resolves with the id of the job the last byte made
 * (`x-service-job-id` of the last PATCH, or of the HEAD that found the upload complete).
 * An abort of `signal` stops the upload, deletes it on the service and rejects with the
 * signal's reason.
 */
export function sendResumable(target: ResumableTarget, media: MediaInput, options: OptimizeOptions,
                              handlers: UploadHandlers, signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const inBrowser = typeof XMLHttpRequest !== "undefined";
    if (!inBrowser && isReactNativeFile(media)) {
      reject(new TypeError("A React Native file needs XMLHttpRequest, which this runtime lacks"));
      return;
    }
    let jobId: string | undefined;
    const upload = new Upload(isReactNativeFile(media) ? media as unknown as Blob : blobOf(media), {
      endpoint: target.endpoint,
      headers: target.headers,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: filenameOf(media, options), ...Object.fromEntries(fields(options)) },
      storeFingerprintForResuming: false,
      ...(inBrowser ? {} : { fileReader: blobReader }),
      onShouldRetry: isDroppedOrOffsetConflict,
      onProgress: (loaded, total) => handlers.onProgress?.({ loaded, total }),
      onAfterResponse: (_request, response) => {
        jobId = response.getHeader("x-service-job-id") || jobId;
      },
      onSuccess: () => {
        signal?.removeEventListener("abort", onAbort);
        if (jobId) resolve(jobId);
        else reject(new MediaoptError("The upload ended without naming its job (x-service-job-id)",
          "unexpected-response", 200));
      },
      onError: (error) => {
        signal?.removeEventListener("abort", onAbort);
        errorOf(error).then(reject, reject);
      },
    });
    const onAbort = () => {
      upload.abort(true).catch(() => undefined);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    upload.start();
  });
}

/**
 * Reads a Blob piece by piece where tus-js-client's Node build takes only Buffers and streams
 * (Node, Bun, Deno): a file from `fs.openAsBlob` is never read whole into memory.
 */
const blobReader: FileReader = {
  async openFile(input: Blob) {
    return {
      size: input.size,
      async slice(start: number, end: number) {
        const bytes = new Uint8Array(await input.slice(start, end).arrayBuffer());
        // tus-js-client counts a piece, and Node's HTTP stack sets its Content-Length, by `size`
        return { value: Object.assign(bytes, { size: bytes.byteLength }), done: end >= input.size };
      },
      close() {},
    };
  },
};

/**
 * A new try resumes from the offset the service reports: after a connection that dropped
 * (no answer) or an offset the service disagrees with. Any other answer is final: a 5xx that
 * refused the finished file has deleted the upload, and a new one would send it all again.
 */
function isDroppedOrOffsetConflict(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status === 409 || status === 423;
}

async function errorOf(error: Error | DetailedError): Promise<Error> {
  const detailed = error as Partial<DetailedError>;
  const response = detailed.originalResponse;
  if (!response) return detailed.causingError ?? error;
  const status = response.getStatus();
  if (status === 404 && detailed.originalRequest?.getMethod() === "POST") {
    return new ResumableUploadsMissing(`${detailed.originalRequest.getURL()} answered 404`);
  }
  return MediaoptError.of(asResponse(response));
}

function asResponse(response: HttpResponse): Response {
  const headers = new Headers();
  for (const name of ["content-type", "retry-after", "x-request-id"]) {
    const value = response.getHeader(name);
    if (value) headers.set(name, value);
  }
  const status = response.getStatus();
  const body = status === 204 || status === 304 ? null : response.getBody();
  return new Response(body, { status: status >= 200 && status <= 599 ? status : 502, headers });
}
