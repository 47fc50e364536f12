// A customer's page talks to the service from another origin, in Debian's Chromium (driven by
// puppeteer-core): the page is served by a Node server on one port of 127.0.0.1, the service
// listens on another, and SERVICE_CORS_ORIGINS names the page's origin. From the page,
// tus-js-client's browser build uploads a 30 MB video whose connection a proxy cuts half way,
// hls.js plays the job's HLS master, the job's <video> snippet plays, and the TypeScript client
// makes an image job whose <picture> is shown. The same page on an origin not named is refused.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";
import { cuttingProxy } from "./proxy.mjs";
import { made, startServer } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "../dist");
const SCRIPTS = {
  "/tus.js": join(here, "../node_modules/tus-js-client/dist/tus.js"),
  "/hls.js": join(here, "../node_modules/hls.js/dist/hls.min.js"),
};
const PAGE = `<!doctype html><title>shop</title><script src="/tus.js"></script><script src="/hls.js"></script>
<script type="importmap">{ "imports": { "tus-js-client": "/tus-js-client.js" } }</script><body></body>`;
// Keys are off here. With upload tokens, a test backend mints one with its key and the page
// sends `{ Authorization: "Bearer " + token }` as these headers, holding no key: the upload below
// is otherwise the same.
const UPLOAD_HEADERS = {};

/** A page's own origin: the page, the scripts it loads, the built client and the media it uploads. */
function startPageOrigin(media) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, "http://page").pathname;
    const send = (type, body) => res.writeHead(200, { "content-type": type }).end(body);
    if (SCRIPTS[path]) return send("text/javascript", await readFile(SCRIPTS[path]));
    if (path === "/tus-js-client.js") return send("text/javascript", "export const { Upload } = globalThis.tus;");
    if (path.startsWith("/client/")) {
      const file = normalize(join(dist, path.slice("/client/".length)));
      if (file.startsWith(dist)) return send("text/javascript", await readFile(file).catch(() => ""));
    }
    if (media[path]) return send("application/octet-stream", media[path]);
    return send("text/html", PAGE);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((done) => server.close(done)),
  })));
}

async function awaitDone(baseUrl, id) {
  for (let i = 0; i < 300; i++) {
    const job = await (await fetch(`${baseUrl}/media/jobs/${id}`)).json();
    if (job.status === "done") return job;
    assert.notEqual(job.status, "failed", JSON.stringify(job));
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`job ${id} did not end`);
}

/** Plays `master` through hls.js in a muted video element of the page; what the player saw. */
function playHls(page, master, toTheEnd) {
  return page.evaluate((master, toTheEnd) => new Promise((resolve) => {
    const video = document.createElement("video");
    video.muted = true;
    document.body.append(video);
    const hls = new Hls();
    const seen = { errors: [], playing: false, times: [] };
    const done = (outcome) => {
      hls.destroy();
      resolve({ ...seen, ...outcome });
    };
    hls.on(Hls.Events.ERROR, (_, data) => {
      seen.errors.push(data.details);
      if (data.fatal) done({ fatal: data.details });
    });
    hls.on(Hls.Events.MANIFEST_PARSED, (_, data) => {
      seen.levels = data.levels.map((level) => `${level.width}x${level.height} ${level.videoCodec}`);
      video.play();
    });
    video.addEventListener("playing", () => { seen.playing = true; });
    video.addEventListener("timeupdate", () => {
      seen.times.push(video.currentTime);
      if (!toTheEnd && video.currentTime > 1) done({});
    });
    video.addEventListener("ended", () => done({ ended: true, duration: video.duration }));
    setTimeout(() => done({ timedOut: true }), 40_000);
    hls.loadSource(master);
    hls.attachMedia(video);
  }), master, toTheEnd);
}

describe("a page of another origin", () => {
  let service;
  let allowed;
  let other;
  let browser;
  let page;
  let clip;
  let uploadedJob;
  const complaints = [];
  before(async () => {
    // 30 MB of 6.5 s at 240p: uncompressed frames make it that large while the encodes stay cheap
    clip = made("clip.mkv", "-f", "lavfi", "-i", "testsrc2=size=426x240:rate=30", "-f", "lavfi",
      "-i", "sine=frequency=440:sample_rate=48000", "-t", "6.5", "-c:v", "rawvideo", "-pix_fmt", "yuv420p",
      "-c:a", "aac", "-shortest");
    const media = { "/clip.mkv": clip, "/photo.jpg": made("photo.jpg", "-f", "lavfi", "-i",
      "testsrc2=size=1280x960", "-frames:v", "1", "-q:v", "2") };
    allowed = await startPageOrigin(media);
    other = await startPageOrigin(media);
    service = await startServer({ SERVICE_CORS_ORIGINS: allowed.url, SERVICE_WORKERS: "2",
      SERVICE_MAX_INPUT_BYTES: String(64 * 1024 * 1024) });
    browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--headless=new", "--autoplay-policy=no-user-gesture-required"] });
    page = await browser.newPage();
    page.on("console", (message) => {
      if (/CORS|Access-Control/i.test(message.text())) complaints.push(message.text());
    });
    await page.goto(allowed.url + "/");
  });
  after(async () => {
    await browser?.close();
    await allowed?.close();
    await other?.close();
    await service?.stop();
  });

  test("uploads a 30 MB video through tus-js-client, cut half way and resumed", { timeout: 120_000 }, async () => {
    assert.ok(clip.length > 29_000_000, `the clip is ${clip.length} bytes`);
    const proxy = await cuttingProxy(Number(new URL(service.baseUrl).port), Math.floor(clip.length / 2));
    try {
      const upload = await page.evaluate((endpoint, headers) => new Promise((resolve) => {
        const sent = [];
        const open = XMLHttpRequest.prototype.open;
        const setHeader = XMLHttpRequest.prototype.setRequestHeader;
        XMLHttpRequest.prototype.open = function (method, url, ...rest) {
          this.sent = { method, path: new URL(url).pathname };
          sent.push(this.sent);
          return open.call(this, method, url, ...rest);
        };
        XMLHttpRequest.prototype.setRequestHeader = function (name, value) {
          if (name.toLowerCase() === "upload-offset") this.sent.offset = Number(value);
          return setHeader.call(this, name, value);
        };
        fetch("/clip.mkv").then((r) => r.blob()).then((blob) => {
          let jobId = null;
          const upload = new tus.Upload(new File([blob], "clip.mkv"), {
            endpoint,
            headers,
            retryDelays: [0, 500, 1000, 2000],
            metadata: { filename: "clip.mkv", renditions: "hls,sources,poster" },
            // read from the last PATCH's answer: a header the page may read only once exposed
            onAfterResponse: (_, response) => { jobId = response.getHeader("x-service-job-id") ?? jobId; },
            onSuccess: () => resolve({ sent, jobId, url: upload.url, size: blob.size }),
            onError: (error) => resolve({ sent, error: String(error) }),
          });
          upload.start();
        });
      }), `http://127.0.0.1:${proxy.port}/api/uploads`, UPLOAD_HEADERS);

      assert.equal(upload.error, undefined);
      assert.equal(upload.size, clip.length);
      assert.ok(proxy.state.cutDone, "the proxy cut the upload");
      const patches = upload.sent.filter((request) => request.method === "PATCH");
      assert.equal(upload.sent[0].method, "POST");
      assert.ok(upload.sent.some((request) => request.method === "HEAD"), JSON.stringify(upload.sent));
      assert.ok(patches.length >= 2, JSON.stringify(upload.sent));
      assert.equal(patches[0].offset, 0);
      // the resumed PATCH starts where the service got to before the cut, not at the start
      assert.ok(patches.at(-1).offset > 0 && patches.at(-1).offset < clip.length, JSON.stringify(patches));
      assert.ok(upload.sent.every((request) => request.path === new URL(upload.url).pathname
        || request.path === "/api/uploads"), "every request went to the one upload");
      assert.match(upload.jobId ?? "", /^[0-9a-f-]{36}$/);
      uploadedJob = await awaitDone(service.baseUrl, upload.jobId);
      assert.equal(uploadedJob.inputBytes, clip.length);
    } finally {
      proxy.close();
    }
  });

  test("plays the job's HLS master through hls.js to the end", { timeout: 60_000 }, async () => {
    assert.ok(uploadedJob, "the upload's job is done");
    const master = uploadedJob.result.renditions.find((r) => r.role === "hls-master").url;
    const played = await playHls(page, master, true);

    assert.deepEqual(played.errors.filter((e) => !/bufferStalled|bufferNudge/.test(e)), []);
    assert.ok(played.playing, JSON.stringify(played));
    assert.equal(played.ended, true, JSON.stringify(played));
    assert.ok(played.times.some((t) => t > 0) && played.times.at(-1) > 6, JSON.stringify(played.times));
    assert.ok(played.levels.length >= 1);
  });

  test("plays the job's <video> snippet", { timeout: 60_000 }, async () => {
    assert.ok(uploadedJob?.result.video, "the upload's job has its <video>");
    const played = await page.evaluate((snippet) => new Promise((resolve) => {
      const holder = document.createElement("div");
      holder.innerHTML = snippet;
      document.body.append(holder);
      const video = holder.querySelector("video");
      video.muted = true;
      const start = { errors: [] };
      video.addEventListener("error", () => start.errors.push(video.error?.message ?? "error"));
      video.addEventListener("timeupdate", () => {
        if (video.currentTime > 1) resolve({ ...start, currentTime: video.currentTime, src: video.currentSrc });
      });
      video.play().catch((error) => start.errors.push(String(error)));
      setTimeout(() => resolve({ ...start, timedOut: true, currentTime: video.currentTime }), 30_000);
    }), uploadedJob.result.video);

    assert.deepEqual(played.errors, []);
    assert.ok(played.currentTime > 1, JSON.stringify(played));
    const sources = uploadedJob.result.renditions.filter((r) => r.role === "video-source").map((r) => r.url);
    assert.ok(sources.includes(played.src), `${played.src} is one of ${sources}`);
  });

  test("shows an image job's <picture> and reads the synchronous answer's headers", { timeout: 90_000 },
    async () => {
      const shown = await page.evaluate(async (baseUrl) => {
        const { MediaoptClient } = await import("/client/index.js");
        const client = new MediaoptClient(baseUrl);
        const photo = new File([await (await fetch("/photo.jpg")).blob()], "photo.jpg", { type: "image/jpeg" });
        // the result comes in x-service-* headers, which the page reads only when they are exposed
        const optimized = await client.optimize(photo, { format: "webp", width: 320 });
        const missing = await client.getJob("missing").catch((error) => ({ code: error.code, status: error.status }));
        const { jobId } = await client.submitJob(photo, { renditions: ["responsive"] });
        const job = await client.waitForJob(jobId, { timeoutMs: 60_000 });
        const holder = document.createElement("div");
        holder.innerHTML = job.result.picture;
        document.body.append(holder);
        const img = holder.querySelector("img");
        await new Promise((loaded) => {
          if (img.complete) loaded();
          img.addEventListener("load", loaded);
          img.addEventListener("error", loaded);
        });
        return { outputWidth: optimized.result.outputWidth, strategy: optimized.result.strategy,
          bytes: optimized.data.length, outputBytes: optimized.result.outputBytes, missing,
          naturalWidth: img.naturalWidth, src: img.currentSrc };
      }, service.baseUrl);

      assert.equal(shown.outputWidth, 320);
      assert.equal(shown.strategy, "image-webp");
      assert.equal(shown.bytes, shown.outputBytes);
      assert.deepEqual(shown.missing, { code: "not-found", status: 404 });
      assert.ok(shown.naturalWidth > 0, JSON.stringify(shown));
      assert.ok(shown.src.startsWith(service.baseUrl), shown.src);
      assert.deepEqual(complaints, []);
    });

  test("the same page on an origin not allowed is refused", { timeout: 60_000 }, async () => {
    assert.ok(uploadedJob, "the upload's job is done");
    const refused = await browser.newPage();
    const seen = [];
    refused.on("console", (message) => seen.push(message.text()));
    try {
      await refused.goto(other.url + "/");
      const master = uploadedJob.result.renditions.find((r) => r.role === "hls-master").url;
      const outcome = await refused.evaluate(async (baseUrl) => {
        const failure = (promise) => promise.then(() => "read", (error) => error.name);
        const upload = await new Promise((resolve) => new tus.Upload(new Blob(["not sent"]), {
          endpoint: `${baseUrl}/uploads`, retryDelays: [], metadata: { filename: "photo.jpg" },
          onSuccess: () => resolve("uploaded"), onError: (error) => resolve(error.originalRequest ? "failed" : "other"),
        }).start());
        return {
          health: await failure(fetch(`${baseUrl}/health`)),
          job: await failure(fetch(`${baseUrl}/media/jobs/${"none"}`)),
          upload,
        };
      }, service.baseUrl);
      const played = await playHls(refused, master, false);

      assert.deepEqual(outcome, { health: "TypeError", job: "TypeError", upload: "failed" });
      assert.equal(played.fatal, "manifestLoadError", JSON.stringify(played));
      assert.equal(played.playing, false);
      assert.ok(seen.some((text) => /blocked by CORS policy/.test(text)), seen.join("\n"));
    } finally {
      await refused.close();
    }
  });
});
