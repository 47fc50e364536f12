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

/** Reads the result of the synchronous route from its `x-service-*` headers. */
export function resultOf(headers: Headers): Omit<Optimization, "data"> {
  const text = (name: string) => headers.get(`x-service-${name}`) ?? undefined;
  const number = (name: string) => {
    const value = text(name);
    return value === undefined ? undefined : Number(value);
  };
  const required = (name: string) => {
    const value = number(name);
    if (value === undefined) throw new TypeError(`The answer lacks its x-service-${name} header`);
    return value;
  };
  const result: Result = {
    kind: text("kind") as Result["kind"],
    strategy: text("strategy") as Result["strategy"],
    contentType: headers.get("content-type") ?? "application/octet-stream",
    filename: filenameOf(headers.get("content-disposition")) ?? "",
    outputBytes: required("output-bytes"),
    savedBytes: required("saved-bytes"),
    savedPercent: required("saved-percent"),
    inputWidth: required("input-width"),
    outputWidth: required("output-width"),
    inputHeight: required("input-height"),
    outputHeight: required("output-height"),
  };
  const optional = {
    inputDurationSec: number("input-duration"),
    outputDurationSec: number("output-duration"),
    quality: number("quality"),
    score: number("score"),
    crf: number("crf"),
    alphaFlattened: text("alpha-flattened") === "true" ? (true as const) : undefined,
    pagesDropped: number("pages-dropped"),
    largerReason: text("larger-reason"),
    blurhash: text("blurhash"),
    dominantColor: text("dominant-color"),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (result as Record<string, unknown>)[key] = value;
  }
  return { result, preset: text("preset") as PresetName, inputBytes: required("input-bytes") };
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
