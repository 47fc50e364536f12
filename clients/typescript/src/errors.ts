import type { Job, ServiceErrorCode } from "./types.js";

/**
 * The code of a {@link MediaoptError}: one of the service's documented codes, or
 * `unexpected-response` when something other than the service answered (a proxy's HTML page,
 * a body that is not an error of the service).
 */
export type ErrorCode = ServiceErrorCode | "unexpected-response";

/** An answer of the service other than 2xx. */
export class MediaoptError extends Error {
  override readonly name = "MediaoptError";
  readonly code: ErrorCode;
  /** The HTTP status. */
  readonly status: number;
  /** Seconds the service asked to wait before retrying (`Retry-After`, sent with `busy`). */
  readonly retryAfter: number | undefined;
  /** The `x-request-id` of the answer: the service's logs of the request carry it. */
  readonly requestId: string | undefined;

  constructor(message: string, code: ErrorCode, status: number, retryAfter?: number, requestId?: string) {
    super(message);
    this.code = code;
    this.status = status;
    this.retryAfter = retryAfter;
    this.requestId = requestId;
  }

  /** The error an answer that is not 2xx stands for. */
  static async of(response: Response): Promise<MediaoptError> {
    const text = await response.text().catch(() => "");
    const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
    const requestId = response.headers.get("x-request-id") ?? undefined;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (isServiceError(body)) {
      return new MediaoptError(body.error, body.code, response.status, retryAfter, requestId);
    }
    const quoted = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    return new MediaoptError(`HTTP ${response.status} from something other than the service: ${quoted}`,
      "unexpected-response", response.status, retryAfter, requestId);
  }
}

/** {@link MediaoptClient.waitForJob} ran out of time; `job` is the state last seen. */
export class MediaoptTimeoutError extends Error {
  override readonly name = "MediaoptTimeoutError";
  constructor(readonly job: Job, readonly timeoutMs: number) {
    super(`Job ${job.jobId} is still ${job.status} after ${timeoutMs} ms`);
  }
}

/** Delta-seconds or an HTTP date; anything else is ignored. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round((at - Date.now()) / 1000));
}

function isServiceError(body: unknown): body is { error: string; code: ServiceErrorCode } {
  return typeof body === "object" && body !== null
    && typeof (body as { error?: unknown }).error === "string"
    && typeof (body as { code?: unknown }).code === "string";
}
