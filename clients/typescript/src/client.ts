import { MediaoptError, MediaoptTimeoutError } from "./errors.js";
import { formData, type MediaInput, type OptimizeOptions } from "./form.js";
import { filenameOf, resultOf, type Optimization } from "./headers.js";
import type { Health, Job, JobSubmission, Limits, PresetList, UploadToken, UploadTokenRequest, Usage } from "./types.js";
import { ResumableUploadsMissing, sendResumable } from "./resumable.js";
import { send, type UploadHandlers } from "./upload.js";

export interface ClientOptions {
  /** Sent as `x-api-key` on every request. */
  apiKey?: string;
  /**
   * An upload token in place of a key (a browser's): sent as `Authorization: Bearer`, it allows
   * one upload and reading its job. `createUploadToken` on a client with the key mints one.
   */
  token?: string;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

/** The object form of the constructor's argument: the API root and the {@link ClientOptions}. */
export interface ClientConfig extends ClientOptions {
  /** The API root, ending in `/api` (a trailing slash is dropped). */
  baseUrl: string;
}

export interface WaitOptions {
  /** Stops waiting: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Gives up after this many ms with a {@link MediaoptTimeoutError}; default: no limit. */
  timeoutMs?: number;
  /** Called with each state polled. */
  onPoll?: (job: Job) => void;
  /** The upload token that made the job, read with in place of the key. */
  token?: string;
}

/** A finished job's output, streamed. */
export interface Download {
  filename: string | undefined;
  contentType: string;
  /** Bytes, when the service said. */
  size: number | undefined;
  body: ReadableStream<Uint8Array>;
  /** Reads the whole body. */
  bytes(): Promise<Uint8Array>;
}

const FIRST_POLL_MS = 100;
const MAX_POLL_MS = 1000;

/** A client of a mediaopt service. */
export class MediaoptClient {
  /** The API root, e.g. `http://127.0.0.1:8080/api`, without a trailing slash. */
  readonly baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #token: string | undefined;
  readonly #fetch: typeof fetch;

  /**
   * `new MediaoptClient("http://127.0.0.1:8080/api", { apiKey })` or, alike,
   * `new MediaoptClient({ baseUrl: "http://127.0.0.1:8080/api", apiKey })`.
   * @param target the API root, ending in `/api` (a trailing slash is dropped), or a {@link ClientConfig}
   * @param options with a string: the options; with a config, what the config leaves unset
   */
  constructor(target: string | ClientConfig, options: ClientOptions = {}) {
    const { baseUrl, ...given } = configOf(target);
    options = { ...options, ...given };
    this.baseUrl = normaliseBaseUrl(baseUrl);
    const key = options.apiKey?.trim();
    this.#apiKey = key ? key : undefined;
    const token = options.token?.trim();
    this.#token = token ? token : undefined;
    const fetchFunction = options.fetch ?? globalThis.fetch;
    if (!fetchFunction) throw new TypeError("No fetch in this runtime: pass one as options.fetch");
    this.#fetch = fetchFunction.bind(globalThis);
  }

  /** Optimizes while the request waits (`POST /api/media/optimize`): the file and its result. */
  async optimize(media: MediaInput, options: OptimizeOptions = {}): Promise<Optimization> {
    const response = await this.#post("/media/optimize", formData(media, options), options.signal);
    const data = new Uint8Array(await response.arrayBuffer());
    return { data, ...resultOf(response.headers) };
  }

  /** Queues the file as a job (`POST /api/media/jobs`) and returns at once. */
  async submitJob(media: MediaInput, options: OptimizeOptions = {}): Promise<JobSubmission> {
    const response = await this.#post("/media/jobs", formData(media, options), options.signal, options.token);
    return response.json() as Promise<JobSubmission>;
  }

  /**
   * Mints an upload token (`POST /api/uploads/tokens`, with this client's key): a browser then
   * uploads with `upload(file, {token})` or a client made with `{token}`, and never sees the key.
   */
  async createUploadToken(request: UploadTokenRequest = {}, options: { signal?: AbortSignal } = {}): Promise<UploadToken> {
    const response = await this.#call("/uploads/tokens", {
      method: "POST", body: JSON.stringify(request), signal: options.signal,
    }, undefined, { "content-type": "application/json" });
    return response.json() as Promise<UploadToken>;
  }

  /**
   * {@link submitJob} over the service's resumable uploads (tus, `/api/uploads`): the file goes
   * in 5 MiB pieces with the options as metadata, and a dropped connection resumes from the
   * offset the service reports. Progress counts the file's bytes sent; after a resume it goes
   * back to what the service had. A service older than resumable uploads (404) gets the form
   * POST of {@link submitJob} instead. `handlers.signal` (or `options.signal`) stops the upload.
   * With `options.token` the upload and the read of its job carry that upload token, no key.
   */
  async upload(media: MediaInput, options: OptimizeOptions = {}, handlers: UploadHandlers = {}): Promise<JobSubmission> {
    const signal = handlers.signal ?? options.signal;
    const headers = this.#headers(options.token);
    let jobId: string;
    try {
      jobId = await sendResumable({ endpoint: this.baseUrl + "/uploads", headers }, media, options, handlers, signal);
    } catch (error) {
      if (!(error instanceof ResumableUploadsMissing)) throw error;
      const response = await send({ url: this.baseUrl + "/media/jobs", headers, fetch: this.#fetch },
        media, { ...options, signal }, handlers).catch((failure: unknown) => this.#explainBrokenUpload(failure));
      if (!response.ok) throw await MediaoptError.of(response);
      return response.json() as Promise<JobSubmission>;
    }
    const { createdAt } = await this.getJob(jobId, { signal, token: options.token });
    return { jobId, status: "pending", createdAt };
  }

  /** The job as it stands (`GET /api/media/jobs/{id}`); `token`: the upload token that made it, in place of the key. */
  async getJob(jobId: string, options: { signal?: AbortSignal; token?: string } = {}): Promise<Job> {
    return (await this.#call(jobPath(jobId), { signal: options.signal }, options.token)).json() as Promise<Job>;
  }

  /**
   * Polls the job until it is done or failed and returns it. Polls start 100 ms apart and slow
   * to one a second; a `503` with `Retry-After` (busy, or an outage of the service's database or
   * storage) waits as it asks.
   */
  async waitForJob(jobId: string, options: WaitOptions = {}): Promise<Job> {
    const { signal, timeoutMs, token } = options;
    const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
    let delay = FIRST_POLL_MS;
    for (;;) {
      signal?.throwIfAborted();
      let job: Job | undefined;
      let wait = delay;
      try {
        job = await this.getJob(jobId, { signal, token });
      } catch (error) {
        // busy, or the service's database or storage out for a while: the job is kept, so wait as asked
        if (!(error instanceof MediaoptError && error.status === 503 && error.retryAfter !== undefined)) throw error;
        wait = Math.max(delay, error.retryAfter * 1000);
      }
      if (job) {
        options.onPoll?.(job);
        if (job.status === "done" || job.status === "failed") return job;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new MediaoptTimeoutError(job ?? await this.getJob(jobId, { signal, token }), timeoutMs!);
      await sleep(Math.min(wait, remaining), signal);
      delay = Math.min(delay * 2, MAX_POLL_MS);
    }
  }

  /** Streams a finished job's output (`GET /api/media/jobs/{id}/download`). */
  async download(jobId: string, options: { signal?: AbortSignal } = {}): Promise<Download> {
    const response = await this.#call(jobPath(jobId) + "/download", { signal: options.signal });
    const length = response.headers.get("content-length");
    return {
      filename: filenameOf(response.headers.get("content-disposition")),
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
      size: length === null ? undefined : Number(length),
      body: response.body!,
      bytes: async () => new Uint8Array(await response.arrayBuffer()),
    };
  }

  /** The lifetime counters (`GET /api/usage`). */
  async getUsage(): Promise<Usage> {
    return (await this.#call("/usage")).json() as Promise<Usage>;
  }

  /** The service's health (`GET /api/health`); a degraded service's report (503) is returned too. */
  async health(): Promise<Health> {
    const response = await this.#fetch(this.baseUrl + "/health", { headers: this.#headers() });
    if (response.ok || (response.status === 503 && isJson(response))) return response.json() as Promise<Health>;
    throw await MediaoptError.of(response);
  }

  /** The presets, their parameters and the per-request options (`GET /api/media/presets`). */
  async presets(): Promise<PresetList> {
    return (await this.#call("/media/presets")).json() as Promise<PresetList>;
  }

  /** The limits in force (`GET /api/media/limits`). */
  async limits(): Promise<Limits> {
    return (await this.#call("/media/limits")).json() as Promise<Limits>;
  }

  async #post(path: string, body: FormData, signal: AbortSignal | undefined, token?: string): Promise<Response> {
    return this.#call(path, { method: "POST", body, signal }, token)
      .catch((error: unknown) => this.#explainBrokenUpload(error));
  }

  /**
   * The service refuses a request without a valid key before reading its body, and closes the
   * connection; the runtime may then see the upload broken (EPIPE, reset) instead of the 401.
   * One cheap request with the same key tells: its error is thrown, or else the original one.
   */
  async #explainBrokenUpload(error: unknown): Promise<never> {
    if (error instanceof MediaoptError || (error as { name?: string }).name === "AbortError") throw error;
    const probe = await this.limits().then(() => undefined, (refusal: unknown) => refusal);
    throw probe instanceof MediaoptError && probe.code === "unauthorized" ? probe : error;
  }

  async #call(path: string, init: RequestInit = {}, token?: string, extra: Record<string, string> = {}): Promise<Response> {
    const response = await this.#fetch(this.baseUrl + path, { ...init, headers: { ...this.#headers(token), ...extra } });
    if (!response.ok) throw await MediaoptError.of(response);
    return response;
  }

  /** An upload token (this call's, else the client's) in place of the key; otherwise the key, if any. */
  #headers(token?: string): Record<string, string> {
    const bearer = token?.trim() || this.#token;
    if (bearer) return { authorization: `Bearer ${bearer}` };
    return this.#apiKey ? { "x-api-key": this.#apiKey } : {};
  }
}

/** As the Java client: trimmed, one trailing slash dropped, http(s) with a host, ending in /api. */
export function normaliseBaseUrl(value: string): string {
  let root = (value ?? "").trim();
  if (root.endsWith("/")) root = root.slice(0, -1);
  let url: URL | undefined;
  try {
    url = new URL(root);
  } catch {
    url = undefined;
  }
  if (!root.endsWith("/api") || !url || !/^https?:$/.test(url.protocol) || !url.hostname
      || url.search || url.hash || root.includes("?") || root.includes("#")) {
    throw new TypeError(`Expected a base URL ending in /api but received ${value} (for example http://127.0.0.1:8080/api)`);
  }
  return root;
}

/** The config the constructor was given in either form; a TypeError saying what it expects otherwise. */
function configOf(target: unknown): ClientConfig {
  if (typeof target === "string") return { baseUrl: target };
  if (typeof target === "object" && target !== null && !Array.isArray(target)
      && typeof (target as { baseUrl?: unknown }).baseUrl === "string") {
    return target as ClientConfig;
  }
  throw new TypeError(`Expected a base URL string or { baseUrl, apiKey } for MediaoptClient but received ${describe(target)}`);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") {
    const baseUrl = (value as { baseUrl?: unknown }).baseUrl;
    return baseUrl === undefined ? `an object without baseUrl (keys: ${Object.keys(value).join(", ") || "none"})`
      : `an object whose baseUrl is ${baseUrl === null ? "null" : `a ${typeof baseUrl}`}`;
  }
  if (typeof value === "function") return "a function";
  return `${typeof value} ${String(value)}`;
}

function jobPath(jobId: string): string {
  return "/media/jobs/" + encodeURIComponent(jobId);
}

function isJson(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").includes("json");
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
