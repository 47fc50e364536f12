// Drives the built client (../dist) against a running server, on whatever runtime runs this
// file: `bun smoke.mjs` or `deno run --allow-net --allow-read --allow-env smoke.mjs`, with
// MEDIAOPT_URL set to the server's API root (http://127.0.0.1:<port>/api). Prints one line per
// check and exits non-zero when any fails. Uses only what every runtime has: fetch, Web Crypto,
// atob, TextEncoder; no node: modules.
import { MediaoptClient, MediaoptError, verifyWebhook } from "../dist/index.js";

const runtime = globalThis.Deno ? `deno ${globalThis.Deno.version.deno}`
  : globalThis.Bun ? `bun ${globalThis.Bun.version}` : `node ${globalThis.process?.version}`;
const env = (name) => globalThis.Deno ? globalThis.Deno.env.get(name) : globalThis.process?.env[name];
const exit = (code) => globalThis.Deno ? globalThis.Deno.exit(code) : globalThis.process.exit(code);

const baseUrl = env("MEDIAOPT_URL");
if (!baseUrl) {
  console.error("smoke: set MEDIAOPT_URL to the server's API root, e.g. http://127.0.0.1:8080/api");
  exit(2);
}

// a 32x24 PNG of ffmpeg's test pattern
const PNG = Uint8Array.from(atob(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAxUlEQVR4nO3V4REBMRCG4bcDOqADOqADOqADOqADOqADOqADOqADOvhcyOQ2ZtydY/ww2dv7k73sk0wyc2BCJrM3ex5pKwqj4qkS0gavANOnEnBfU2Ug7lMVCEYJ4D+qBfjFFQD5NusCigliQV8B7DZ+CMQ9PwWCkYAEJOAvADfURWO0RHt05SQ2YiYGouXKTdRHU7RGR9f4IFZiInqioTYaojnaorMrX8ROLMRIdBJQDtjIT6nuIfsLUvDLtFPeBfIbaOIGKiZN61TsiFoAAAAASUVORK5CYII="),
(c) => c.charCodeAt(0));

function expect(condition, detail) {
  if (!condition) throw new Error(detail);
}

const client = new MediaoptClient(baseUrl);
const checks = {
  async "health, presets and limits"() {
    const health = await client.health();
    expect(health.status === "ok", `health is ${JSON.stringify(health)}`);
    const presets = await client.presets();
    expect(presets.presets.some((p) => p.name === presets.defaultPreset), `presets are ${JSON.stringify(presets)}`);
    const limits = await client.limits();
    expect(limits.maxInputBytes > 0, `limits are ${JSON.stringify(limits)}`);
    return `status ${health.status}, ${presets.presets.length} presets, maxInputBytes ${limits.maxInputBytes}`;
  },
  async "synchronous optimize"() {
    const out = await client.optimize(new Blob([PNG], { type: "image/png" }), { filename: "tiny.png", format: "webp" });
    expect(out.result.contentType === "image/webp", `result is ${JSON.stringify(out.result)}`);
    expect(out.data.length > 0 && out.data.length === out.result.outputBytes,
      `${out.data.length} bytes, the headers say ${out.result.outputBytes}`);
    expect(out.inputBytes === PNG.length, `inputBytes ${out.inputBytes}, sent ${PNG.length}`);
    return `${out.inputBytes} -> ${out.data.length} bytes of ${out.result.contentType}`;
  },
  async "job: submit, waitForJob, download"() {
    const { jobId } = await client.submitJob(PNG, { filename: "job.png" });
    const job = await client.waitForJob(jobId, { timeoutMs: 60_000 });
    expect(job.status === "done", `job is ${JSON.stringify(job)}`);
    const download = await client.download(jobId);
    const bytes = await download.bytes();
    expect(bytes.length > 0, "the download is empty");
    return `job ${jobId} ${job.status}, ${bytes.length} bytes of ${download.contentType}`;
  },
  async "404 is a MediaoptError with code not-found"() {
    const error = await client.getJob("no-such-job").then(() => undefined, (e) => e);
    expect(error instanceof MediaoptError, `got ${error}`);
    expect(error.code === "not-found" && error.status === 404, `code ${error.code}, status ${error.status}`);
    return `${error.status} ${error.code}`;
  },
  async "verifyWebhook on the Standard Webhooks example"() {
    // the example of the Standard Webhooks specification
    const headers = {
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek", "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    };
    const body = '{"test": 2432232314}';
    const now = 1614265330_000;
    const verified = await verifyWebhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", headers, body, { now });
    expect(verified.test === 2432232314, `verified ${JSON.stringify(verified)}`);
    const forged = await verifyWebhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", headers, body.replace("2", "3"), { now })
      .then(() => undefined, (e) => e);
    expect(forged?.name === "WebhookVerificationError", `a changed body gave ${forged}`);
    return "the signed body verifies, a changed one is refused";
  },
};

let failed = 0;
for (const [name, check] of Object.entries(checks)) {
  try {
    console.log(`ok   ${runtime}: ${name}: ${await check()}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${runtime}: ${name}: ${error?.stack ?? error}`);
  }
}
exit(failed === 0 ? 0 : 1);
