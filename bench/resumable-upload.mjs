// The same file sent twice through a proxy that cuts the connection once, at 60 % of its bytes:
// with tus (tus-js-client, 5 MB pieces, resuming from the offset the service kept) and as one
// multipart POST that has to start again. Prints the bytes that went upstream and the time.
// Usage (after `npm ci` in clients/typescript and `./mvnw package`):
//   node bench/resumable-upload.mjs FILE   (FILE: a video of about 100 MB)
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { cuttingProxy } from "../clients/typescript/test/proxy.mjs";
import { startServer } from "../clients/typescript/test/server.mjs";

const tus = createRequire(new URL("../clients/typescript/package.json", import.meta.url))("tus-js-client");
const file = process.argv[2];
const bytes = readFileSync(file);
const cutAt = Math.floor(bytes.length * 0.6);
const server = await startServer({ SERVICE_MAX_INPUT_BYTES: String(400 * 1024 * 1024), SERVICE_WORKERS: "1" });
const port = new URL(server.baseUrl).port;

async function measured(name, send) {
  const proxy = await cuttingProxy(port, cutAt);
  const started = performance.now();
  const jobId = await send(`http://127.0.0.1:${proxy.port}/api`);
  const seconds = (performance.now() - started) / 1000;
  proxy.close();
  const ratio = proxy.state.upstreamBytes / bytes.length;
  console.log(`${name}: ${proxy.state.upstreamBytes} bytes upstream (${ratio.toFixed(2)}x the file), `
    + `${seconds.toFixed(1)} s, job ${jobId}`);
}

try {
  await measured("tus", (base) => new Promise((resolve, reject) => {
    new tus.Upload(bytes, {
      endpoint: `${base}/uploads`, chunkSize: 5 * 1024 * 1024, retryDelays: [0, 500, 1000, 2000],
      metadata: { filename: basename(file) }, uploadSize: bytes.length,
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader("x-service-job-id")),
      onError: reject,
    }).start();
  }));

  await measured("multipart POST", async (base) => {
    for (let attempt = 0; ; attempt++) {
      const form = new FormData();
      form.append("media", new Blob([bytes]), basename(file));
      try {
        const answer = await fetch(`${base}/media/jobs`, { method: "POST", body: form });
        return (await answer.json()).jobId;
      } catch (e) {
        if (attempt >= 2) throw e; // cut off: send it all again
      }
    }
  });
} finally {
  await server.stop();
}
