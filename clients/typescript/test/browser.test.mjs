// The client as a page uses it: in Debian's Chromium (driven by puppeteer-core, which downloads
// no browser), served with the page from one origin whose /api a proxy forwards to the service.
// The page loads tus-js-client's browser build and maps the bare import to it, as a bundler would.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createServer, request } from "node:http";
import { readFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";
import { png, sharedServer } from "./server.mjs";

const dist = join(dirname(fileURLToPath(import.meta.url)), "../dist");
const tusBuild = join(dirname(fileURLToPath(import.meta.url)), "../node_modules/tus-js-client/dist/tus.js");
const PAGE = `<!doctype html><title>client</title><script src="/tus.js"></script>
<script type="importmap">{ "imports": { "tus-js-client": "/tus-js-client.js" } }</script>`;

/** Serves the built client under /client/ and an empty page at /, and forwards /api to `api`. */
function startOrigin(api) {
  const target = new URL(api);
  const server = createServer(async (req, res) => {
    if (req.url.startsWith("/api/")) {
      const forwarded = request({ host: target.hostname, port: target.port, path: req.url, method: req.method,
        headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      });
      req.pipe(forwarded);
      return;
    }
    if (req.url.startsWith("/client/")) {
      const file = normalize(join(dist, req.url.slice("/client/".length)));
      if (file.startsWith(dist)) {
        res.writeHead(200, { "content-type": "text/javascript" }).end(await readFile(file).catch(() => ""));
        return;
      }
    }
    if (req.url === "/tus.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(await readFile(tusBuild));
      return;
    }
    if (req.url === "/tus-js-client.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end("export const { Upload } = globalThis.tus;");
      return;
    }
    res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((done) => server.close(done)),
  })));
}

describe("in a browser", () => {
  let service;
  let origin;
  let browser;
  let page;
  before(async () => {
    service = await sharedServer("plain");
    origin = await startOrigin(service.baseUrl);
    browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--headless=new"] });
    page = await browser.newPage();
    await page.goto(origin.url + "/");
  });
  after(async () => {
    await browser?.close();
    await origin?.close();
    await service?.stop();
  });

  test("upload goes over tus through XMLHttpRequest with its progress, and the job is waited for", async () => {
    const input = Array.from(png("1280x720"));
    const { progress, opened, job } = await page.evaluate(async (bytes) => {
      const { MediaoptClient } = await import("/client/index.js");
      const opened = [];
      const open = XMLHttpRequest.prototype.open;
      XMLHttpRequest.prototype.open = function (method, url, ...rest) {
        opened.push(`${method} ${new URL(url, location.href).pathname.replace(/(\/uploads\/)[^/]+$/, "$1{id}")}`);
        return open.call(this, method, url, ...rest);
      };
      const client = new MediaoptClient(location.origin + "/api");
      const file = new File([new Uint8Array(bytes)], "page.png", { type: "image/png" });
      const progress = [];
      const { jobId } = await client.upload(file, { format: "webp" }, { onProgress: (p) => progress.push(p) });
      return { progress, opened, job: await client.waitForJob(jobId, { timeoutMs: 60_000 }) };
    }, input);
    assert.deepEqual(opened, ["POST /api/uploads", "PATCH /api/uploads/{id}"]);
    assert.ok(progress.length >= 1);
    assert.deepEqual(progress.at(-1), { loaded: input.length, total: input.length });
    assert.equal(job.status, "done");
    assert.equal(job.filename, "page.png");
    assert.equal(job.inputBytes, input.length);
    assert.ok(job.uploadId);
    assert.equal(job.result.contentType, "image/webp");
  });

  test("errors and verifyWebhook work with the browser's fetch and Web Crypto", async () => {
    const outcome = await page.evaluate(async () => {
      const { MediaoptClient, MediaoptError, verifyWebhook } = await import("/client/index.js");
      const client = new MediaoptClient(location.origin + "/api/");
      const error = await client.getJob("missing").catch((e) => e);
      // the example of the Standard Webhooks specification
      const verified = await verifyWebhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", new Headers({
        "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek", "webhook-timestamp": "1614265330",
        "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
      }), '{"test": 2432232314}', { now: 1614265330_000 });
      return { isMediaoptError: error instanceof MediaoptError, code: error.code, status: error.status, verified };
    });
    assert.deepEqual(outcome, { isMediaoptError: true, code: "not-found", status: 404, verified: { test: 2432232314 } });
  });
});
