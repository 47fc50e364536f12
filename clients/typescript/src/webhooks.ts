import type { Job } from "./types.js";

/** The headers of a callback: a `Headers`, or a plain object as Node's `req.headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** The call is not one the service signed with this secret, or it is too old. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
}

export interface VerifyOptions {
  /** How far `webhook-timestamp` may be from now, in seconds; default 300. */
  toleranceSeconds?: number;
  /** Now, in ms since the epoch; for tests. */
  now?: number;
}

/**
 * Checks a callback of the service (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64>` of HMAC-SHA256 over `<id>.<timestamp>.<body>`) and returns
 * the job it reports. `secret` is SERVICE_WEBHOOK_SECRET as set on the service (`whsec_…`);
 * `rawBody` the body exactly as received, before any JSON parsing.
 *
 * @throws WebhookVerificationError when a header is missing, the time is more than the tolerance
 *   away, or no signature matches
 */
export async function verifyWebhook(secret: string, headers: WebhookHeaders,
                                    rawBody: string | Uint8Array | ArrayBuffer,
                                    options: VerifyOptions = {}): Promise<Job> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature");
  }
  const seconds = Number(timestamp);
  const now = (options.now ?? Date.now()) / 1000;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError("The webhook-timestamp is too far from now");
  }
  const body = typeof rawBody === "string" ? new TextEncoder().encode(rawBody) : new Uint8Array(rawBody);
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  const subtle = await subtleCrypto();
  const key = await subtle.importKey("raw", keyOf(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  for (const signature of signatures.split(" ")) {
    const [version, value] = signature.split(",", 2);
    if (version !== "v1" || !value) continue;
    const given = decodeBase64(value);
    // verify compares in constant time
    if (given && await subtle.verify("HMAC", key, given, signed)) {
      return JSON.parse(new TextDecoder().decode(body)) as Job;
    }
  }
  throw new WebhookVerificationError("No signature matches");
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

function keyOf(secret: string): Uint8Array<ArrayBuffer> {
  const key = decodeBase64(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret);
  if (!key || key.length === 0) throw new TypeError("Expected the secret as whsec_<base64>");
  return key;
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Web Crypto: global in browsers, Deno, Bun and Node ≥ 19; Node 18 has it in node:crypto. */
async function subtleCrypto(): Promise<SubtleCrypto> {
  const global = (globalThis as { crypto?: Crypto }).crypto;
  if (global?.subtle) return global.subtle;
  const nodeCrypto = "node:crypto";
  const { webcrypto } = await import(/* webpackIgnore: true */ /* @vite-ignore */ nodeCrypto) as { webcrypto: Crypto };
  return webcrypto.subtle;
}
