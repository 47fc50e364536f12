// Signed processing URLs of the service's /img/ route, built as imgproxy's own builders build them
// (options by their short names in alphabetical order, the source as unpadded base64url, the
// signature an HMAC-SHA256 with the key over the salt and the path), so a URL made here is the one
// @imgproxy/imgproxy-node makes for the same options. Signing is synchronous (hmac-sha256.ts):
// an image component's loader must return its URL at once, in browsers as in Node.
import { hmacSha256 } from "./hmac-sha256.js";

export type ResizingType = "fit" | "fill" | "fill-down" | "force" | "auto";
/** A side or corner, `sm` (libvips' attention measure), or a focal point as fractions 0–1. */
export type ImageGravity = "ce" | "no" | "so" | "ea" | "we" | "noea" | "nowe" | "soea" | "sowe" | "sm"
  | { x: number; y: number };
/** `best` takes the format by the browser's `Accept` (AVIF, WebP, then JPEG or PNG). */
export type ImageUrlFormat = "jpg" | "png" | "webp" | "avif" | "best";
export type ImagePreset = "web" | "mobile" | "low-bandwidth";

/** What `/img/` renders; each left out takes the service's default (docs/api-image-urls.md, Images by URL). */
export interface ImageUrlOptions {
  width?: number;
  height?: number;
  resizingType?: ResizingType;
  gravity?: ImageGravity;
  dpr?: number;
  /** 1–100, used as is for every format; left out, the preset's quality per format. */
  quality?: number;
  format?: ImageUrlFormat;
  preset?: ImagePreset;
  enlarge?: boolean;
}

export interface ImageUrlConfig {
  /** The service's address, as for MediaoptClient (a trailing `/api` is dropped): URLs go to `<baseUrl>/img/`. */
  baseUrl: string;
  /** One pair of SERVICE_IMAGE_URL_KEYS, in hex; without both the URL says `insecure`, which passes only with SERVICE_IMAGE_URL_UNSIGNED=true. */
  key?: string;
  salt?: string;
}

export interface ImageUrlBuilder {
  /** The signed URL of `source` (`https://…`, `s3://<key>`, `mediaopt://jobs/<id>/output`) with these options. */
  imageUrl(source: string, options?: ImageUrlOptions): string;
}

/** What image components (Next.js `<Image loader>`, and the like) give their loader. */
export interface ImageLoaderProps {
  src: string;
  width: number;
  quality?: number;
}

const encoder = new TextEncoder();

/** A builder of `/img/` URLs for one service and key pair. */
export function createImageUrlBuilder(config: ImageUrlConfig): ImageUrlBuilder {
  const endpoint = config.baseUrl.replace(/\/+$/, "").replace(/\/api$/, "") + "/img";
  if (Boolean(config.key) !== Boolean(config.salt)) throw new TypeError("Give both key and salt, or neither");
  const key = config.key ? hexBytes(config.key, "key") : undefined;
  const salt = config.salt ? hexBytes(config.salt, "salt") : undefined;
  return {
    imageUrl(source, options = {}) {
      const path = `${optionSegments(options)}/${base64Url(encoder.encode(source))}`;
      return `${endpoint}/${key && salt ? sign(path, key, salt) : "insecure"}${path}`;
    },
  };
}

/**
 * A loader of the shape image components take, `({ src, width, quality }) => url`: each width it
 * is asked for is one variant, rendered once and then served from the service's store. `options`
 * apply to every URL (say `{ format: "best" }` or a preset); `width` and `quality` come from the component.
 */
export function imageLoader(config: ImageUrlConfig & { options?: ImageUrlOptions }):
  (props: ImageLoaderProps) => string {
  const builder = createImageUrlBuilder(config);
  return ({ src, width, quality }) => builder.imageUrl(src, { ...config.options, width,
    ...(quality === undefined ? {} : { quality }) });
}

/** The signature of a path after it (`/<options>/<source>`) with hex `key` and `salt`. */
export function signImageUrl(path: string, key: string, salt: string): string {
  return sign(path, hexBytes(key, "key"), hexBytes(salt, "salt"));
}

function sign(path: string, key: Uint8Array, salt: Uint8Array): string {
  const message = encoder.encode(path);
  const salted = new Uint8Array(salt.length + message.length);
  salted.set(salt);
  salted.set(message, salt.length);
  return base64Url(hmacSha256(key, salted));
}

/** `/name:arg` segments, by short name in alphabetical order as imgproxy's builders write them. */
function optionSegments(o: ImageUrlOptions): string {
  const gravity = typeof o.gravity === "object" ? `fp:${o.gravity.x}:${o.gravity.y}` : o.gravity;
  const segments: [string, string | number | undefined][] = [
    ["dpr", o.dpr], ["el", o.enlarge === undefined ? undefined : o.enlarge ? "t" : "f"], ["f", o.format],
    ["g", gravity], ["h", o.height], ["pr", o.preset], ["q", o.quality], ["rt", o.resizingType], ["w", o.width],
  ];
  return segments.filter(([, value]) => value !== undefined).map(([name, value]) => `/${name}:${value}`).join("");
}

function hexBytes(hex: string, what: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new TypeError(`The ${what} must be hex`);
  return Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
}

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}
