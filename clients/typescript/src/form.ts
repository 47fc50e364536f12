import type { OutputFormat, PresetName } from "./types.js";

/** A file as React Native's FormData takes it. */
export interface ReactNativeFile {
  uri: string;
  name: string;
  type: string;
}

/**
 * What can be uploaded: a `Blob` or `File` (browsers, and Node ≥ 18 with `fs.openAsBlob` or
 * `new Blob([buffer])`), bytes, or a React Native file.
 */
export type MediaInput = Blob | ArrayBuffer | ArrayBufferView | ReactNativeFile;

/**
 * Extra outputs: image `responsive` sets, a video's `hls` ladder, `poster`, AV1 and H.264 `sources`, and
 * `storyboard` (seek-bar preview tiles and their WebVTT).
 */
export type RenditionName = "responsive" | "hls" | "poster" | "sources" | "storyboard";

/** The form fields of an upload; each one absent keeps the preset's choice. */
export interface OptimizeOptions {
  /** The name the file is uploaded under; default the `File`'s name, else `upload`. */
  filename?: string;
  preset?: PresetName;
  /** Images only: 1–100 pins the encoder quality; `auto` (default) keeps the service's choice. */
  quality?: number | "auto";
  format?: OutputFormat;
  /** A smaller maximum width in pixels than the preset's. */
  width?: number;
  renditions?: RenditionName[];
  /** Seconds from the start where a `poster` is taken. */
  posterTime?: number;
  /** Where the service posts the job when it ends (see `verifyWebhook`). */
  callbackUrl?: string;
  /**
   * Keeps the job's files until `deleteJob` (or `keepHours` after it ended) under stable URLs that
   * never change; absent: as the key's SERVICE_KEEP_KEYS setting says.
   */
  keep?: boolean;
  keepHours?: number;
  /** With API keys on: `public` stable URLs, or `private` (default) ones signed for `linkTtlSec` seconds. */
  visibility?: "public" | "private";
  linkTtlSec?: number;
  /** An upload token (`createUploadToken` on the backend) sent in place of the client's key for this upload. */
  token?: string;
  /** Cancels the request. */
  signal?: AbortSignal;
}

/** The text fields of the form, in the order they are sent (before the file). */
export function fields(options: OptimizeOptions): [string, string][] {
  const out: [string, string][] = [];
  const add = (name: string, value: string | number | undefined) => {
    if (value !== undefined) out.push([name, String(value)]);
  };
  add("preset", options.preset);
  add("quality", options.quality);
  add("format", options.format);
  add("width", options.width);
  add("renditions", options.renditions?.join(","));
  add("posterTime", options.posterTime);
  add("callbackUrl", options.callbackUrl);
  add("keep", options.keep === undefined ? undefined : String(options.keep));
  add("keepHours", options.keepHours);
  add("visibility", options.visibility);
  add("linkTtlSec", options.linkTtlSec);
  return out;
}

export function filenameOf(media: MediaInput, options: OptimizeOptions): string {
  if (options.filename) return options.filename;
  const name = (media as { name?: unknown }).name;
  return typeof name === "string" && name !== "" ? name : "upload";
}

export function isReactNativeFile(media: MediaInput): media is ReactNativeFile {
  return typeof (media as ReactNativeFile).uri === "string";
}

/** The media as a Blob (a React Native file stays as it is: its FormData reads the URI). */
export function blobOf(media: Blob | ArrayBuffer | ArrayBufferView): Blob {
  if (media instanceof Blob) return media;
  if (ArrayBuffer.isView(media)) {
    return new Blob([new Uint8Array(media.buffer as ArrayBuffer, media.byteOffset, media.byteLength)]);
  }
  return new Blob([media]);
}

/** The multipart form fetch sends: the text fields, then the file as `media`. */
export function formData(media: MediaInput, options: OptimizeOptions): FormData {
  const form = new FormData();
  for (const [name, value] of fields(options)) form.append(name, value);
  const filename = filenameOf(media, options);
  if (isReactNativeFile(media)) {
    form.append("media", { ...media, name: filename } as unknown as Blob);
  } else {
    form.append("media", blobOf(media), filename);
  }
  return form;
}
