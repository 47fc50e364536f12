import { blobOf, fields, filenameOf, formData, isReactNativeFile } from "./form.js";
import type { MediaInput, OptimizeOptions } from "./form.js";

/**
 * How much of the upload has gone out: `loaded` of `total` bytes (the file's bytes; with the
 * form POST of a service without resumable uploads, the whole multipart body).
 */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadHandlers {
  onProgress?: (progress: UploadProgress) => void;
  /** Stops the upload: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** What {@link send} needs of the client. */
export interface UploadTarget {
  url: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
}

/**
 * POSTs the media as a multipart form (to a service without resumable uploads), reporting progress: with XMLHttpRequest where there is
 * one (browsers, React Native), which reports what went out on the wire; elsewhere (Node, Bun,
 * Deno) as a streamed body whose bytes are counted as fetch reads them.
 */
export async function send(target: UploadTarget, media: MediaInput, options: OptimizeOptions,
                           handlers: UploadHandlers): Promise<Response> {
  if (typeof XMLHttpRequest !== "undefined") return viaXhr(target, formData(media, options), options, handlers);
  if (isReactNativeFile(media)) {
    throw new TypeError("A React Native file needs XMLHttpRequest, which this runtime lacks");
  }
  const { body, contentType, total } = multipart(blobOf(media), filenameOf(media, options), fields(options));
  let loaded = 0;
  const counted = body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      loaded += chunk.byteLength;
      handlers.onProgress?.({ loaded, total });
    },
  }));
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    headers: { ...target.headers, "content-type": contentType },
    body: counted,
    duplex: "half",
    signal: options.signal,
  };
  return target.fetch(target.url, init);
}

function viaXhr(target: UploadTarget, form: FormData, options: OptimizeOptions,
                handlers: UploadHandlers): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => handlers.onProgress?.({ loaded: event.loaded, total: event.total });
    xhr.onload = () => resolve(new Response(xhr.responseText, {
      status: xhr.status,
      headers: parseHeaders(xhr.getAllResponseHeaders()),
    }));
    xhr.onerror = () => reject(new TypeError(`The upload to ${target.url} failed`));
    const signal = options.signal;
    if (signal) {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      signal.addEventListener("abort", () => {
        xhr.abort();
        reject(signal.reason);
      }, { once: true });
    }
    xhr.send(form);
  });
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A multipart/form-data body whose length is known before it is sent. */
function multipart(file: Blob, filename: string, textFields: [string, string][]) {
  const boundary = `mediaopt-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const encoder = new TextEncoder();
  let head = "";
  for (const [name, value] of textFields) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${escape(name)}"\r\n\r\n${value}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="${escape(filename)}"\r\n`
    + `Content-Type: ${file.type || "application/octet-stream"}\r\n\r\n`;
  const start = encoder.encode(head);
  const end = encoder.encode(`\r\n--${boundary}--\r\n`);
  const parts: (Uint8Array | Blob)[] = [start, file, end];
  let index = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (index < parts.length) {
        const part = parts[index]!;
        if (part instanceof Uint8Array) {
          index++;
          controller.enqueue(part);
          return;
        }
        reader ??= (part.stream() as ReadableStream<Uint8Array>).getReader();
        const { done, value } = await reader.read();
        if (!done) {
          controller.enqueue(value);
          return;
        }
        reader = undefined;
        index++;
      }
      controller.close();
    },
    cancel(reason) {
      return reader?.cancel(reason);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, total: start.length + file.size + end.length };
}

/** As browsers write names in a form: quotes and line breaks percent-encoded. */
function escape(name: string): string {
  return name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
