import { RESULT_HEADERS } from "./generated/result-headers.js";
import type { PresetName, Result } from "./types.js";

/** The file of `POST /api/media/optimize` with what the service says about it. */
export interface Optimization {
  /** The optimized file. */
  data: Uint8Array;
  /** The result as a job would report it, read from the `x-service-*` headers. */
  result: Result;
  preset: PresetName;
  inputBytes: number;
}

/**
 * Reads the result of the synchronous route from its `x-service-*` headers: every field the
 * OpenAPI document gives a header (generated into ./generated/result-headers.ts at build time),
 * the media type and file name from the standard headers. A number the document requires and the
 * answer lacks is an error; a flag is `true` or absent.
 */
export function resultOf(headers: Headers): Omit<Optimization, "data"> {
  const fields: Record<string, unknown> = {
    contentType: headers.get("content-type") ?? "application/octet-stream",
    filename: filenameOf(headers.get("content-disposition")) ?? "",
  };
  for (const { field, header, type, required } of RESULT_HEADERS) {
    const value = headers.get(header) ?? undefined;
    if (type === "boolean") {
      if (value === "true") fields[field] = true;
    } else if (type === "string") {
      if (value !== undefined || required) fields[field] = value;
    } else if (value !== undefined) {
      fields[field] = Number(value);
    } else if (required) {
      throw new TypeError(`The answer lacks its ${header} header`);
    }
  }
  const inputBytes = headers.get("x-service-input-bytes");
  if (inputBytes === null) throw new TypeError("The answer lacks its x-service-input-bytes header");
  return {
    result: fields as unknown as Result,
    preset: (headers.get("x-service-preset") ?? undefined) as PresetName,
    inputBytes: Number(inputBytes),
  };
}

/** The file name of a `Content-Disposition`, its UTF-8 `filename*` form first. */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall back to the plain form
    }
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  return plain ? (plain[1]?.replace(/\\(.)/g, "$1") ?? plain[2]?.trim()) : undefined;
}
