// What the tests of a customer's page on another origin share: the page's own origin (a Node
// server of the page, the scripts it loads, the built client, the media it uploads and, where
// given, the routes of the customer's backend), Chromium, the 30 MB clip, and tus-js-client's
// upload from the page, whose requests the page records, and hls.js playing in it.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";
import { made, startServer } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "../dist");
const SCRIPTS = {
  "/tus.js": join(here, "../node_modules/tus-js-client/dist/tus.js"),
  "/hls.js": join(here, "../node_modules/hls.js/dist/hls.min.js"),
};
const PAGE = `<!doctype html><title>shop</title><script src="/tus.js"></script><script src="/hls.js"></script>
<script type="importmap">{ "imports": { "tus-js-client": "/tus-js-client.js" } }</script><body></body>`;

/**
 * A page's own origin: the page, the scripts it loads, the built client, the media it uploads
 * and `routes` (path → `(req, res, origin)`, the origin being this one). `served` holds every
 * text it sent (page, scripts, routes' answers), to look through.
 */
function startPageOrigin(media, routes = {}) {
  const served = [];
  let url;
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, "http://page").pathname;
    const send = (type, body) => {
      served.push({ path, text: Buffer.from(body).toString("latin1") });
      res.writeHead(200, { "content-type": type }).end(body);
    };
    if (routes[path]) return routes[path](req, { send, res }, url);
    if (SCRIPTS[path]) return send("text/javascript", await readFile(SCRIPTS[path]));
    if (path === "/tus-js-client.js") return send("text/javascript", "export const { Upload } = globalThis.tus;");
    if (path.startsWith("/client/")) {
      const file = normalize(join(dist, path.slice("/client/".length)));
      if (file.startsWith(dist)) return send("text/javascript", await readFile(file).catch(() => ""));
    }
    if (media[path]) return res.writeHead(200, { "content-type": "application/octet-stream" }).end(media[path]);
    return send("text/html", PAGE);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => {
    url = `http://127.0.0.1:${server.address().port}`;
    resolve({ url, served, close: () => new Promise((done) => server.close(done)) });
  }));
}

/**
 * The two origins of the page (`allowed`, which SERVICE_CORS_ORIGINS names, and `other`), the
 * service with `env` besides, Chromium and a tab (`page`, not yet opened) whose console's CORS
 * complaints `complaints` collects; `close()` ends them all.
 */
export async function startStage(media, env, routes = {}) {
  const allowed = await startPageOrigin(media, routes);
  const other = await startPageOrigin(media, routes);
  const service = await startServer({ SERVICE_CORS_ORIGINS: allowed.url, SERVICE_WORKERS: "2",
    SERVICE_MAX_INPUT_BYTES: String(64 * 1024 * 1024), ...env });
  const browser = await launchChromium();
  const page = await browser.newPage();
  const complaints = [];
  page.on("console", (message) => {
    if (/CORS|Access-Control/i.test(message.text())) complaints.push(message.text());
  });
  return { allowed, other, service, browser, page, complaints, async close() {
    await browser.close();
    await allowed.close();
    await other.close();
    await service.stop();
  } };
}

/** 30 MB of 6.5 s at 240p: uncompressed frames make it that large while the encodes stay cheap. */
export const thirtyMegabyteClip = () => made("clip.mkv", "-f", "lavfi", "-i", "testsrc2=size=426x240:rate=30",
  "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "6.5", "-c:v", "rawvideo", "-pix_fmt", "yuv420p",
  "-c:a", "aac", "-shortest");

/** Debian's Chromium, headless, allowed to play without a gesture. */
const launchChromium = () => puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--headless=new", "--autoplay-policy=no-user-gesture-required"],
  // a video played to its end, on a busy machine, is evaluated for minutes
  protocolTimeout: 900_000 });

/**
 * Uploads the page's /clip.mkv to `endpoint` through tus-js-client with these headers; the
 * requests it sent (method, path, Upload-Offset), the job id, the upload's URL and size, or the
 * error with the status and body of the answer that ended it.
 */
export function uploadFromPage(page, endpoint, headers, renditions) {
  return page.evaluate((endpoint, headers, renditions) => new Promise((resolve) => {
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
    const done = (outcome) => {
      XMLHttpRequest.prototype.open = open;
      XMLHttpRequest.prototype.setRequestHeader = setHeader;
      resolve({ sent, ...outcome });
    };
    fetch("/clip.mkv").then((r) => r.blob()).then((blob) => {
      let jobId = null;
      const upload = new tus.Upload(new File([blob], "clip.mkv"), {
        endpoint,
        headers,
        retryDelays: [0, 500, 1000, 2000],
        metadata: { filename: "clip.mkv", renditions },
        // read from the last PATCH's answer: a header the page may read only once exposed
        onAfterResponse: (_, response) => { jobId = response.getHeader("x-service-job-id") ?? jobId; },
        onSuccess: () => done({ jobId, url: upload.url, size: blob.size }),
        onError: (error) => done({ error: String(error), status: error.originalResponse?.getStatus(),
          body: error.originalResponse?.getBody() }),
      });
      upload.start();
    });
  }), endpoint, headers, renditions);
}

/** Checks that `upload` of `clip` went whole, cut once by `proxy` and resumed where the service got to. */
export function assertResumed(upload, clip, proxy) {
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
}

/**
 * Plays `master` through hls.js in a muted video element of the page; what the player saw.
 * `config`: hls.js's, `limitMs`: how long before it gives up, `playSec`: how far it plays when
 * not to the end, `rate`: the playback rate (played to the end at 4x by default: the same
 * segments are fetched, decoded and played through in a quarter of the clip's length).
 */
export function playHls(page, master, toTheEnd, { config = {}, limitMs = 40_000, playSec = 1, rate = 4 } = {}) {
  return page.evaluate((master, toTheEnd, config, limitMs, playSec, rate) => new Promise((resolve) => {
    const video = document.createElement("video");
    video.muted = true;
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
    document.body.append(video);
    const hls = new Hls(config);
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
    hls.on(Hls.Events.LEVEL_LOADED, (_, data) => { seen.firstLoadLive ??= data.details.live; });
    video.addEventListener("playing", () => {
      seen.playing = true;
      seen.playingAt ??= Date.now();
    });
    video.addEventListener("timeupdate", () => {
      seen.times.push(video.currentTime);
      if (!toTheEnd && video.currentTime > playSec) done({ currentTime: video.currentTime });
    });
    video.addEventListener("ended", () => done({ ended: true, duration: video.duration,
      currentTime: video.currentTime }));
    setTimeout(() => done({ timedOut: true, currentTime: video.currentTime }), limitMs);
    hls.loadSource(master);
    hls.attachMedia(video);
  }), master, toTheEnd, config, limitMs, playSec, rate);
}

/** Checks that `played` (of {@link playHls} to the end) played the 6.5 s clip through, with no error. */
export function assertPlayedToTheEnd(played) {
  assert.deepEqual(played.errors.filter((e) => !/bufferStalled|bufferNudge/.test(e)), []);
  assert.ok(played.playing, JSON.stringify(played));
  assert.equal(played.ended, true, JSON.stringify(played));
  assert.ok(played.times.some((t) => t > 0) && played.times.at(-1) > 6, JSON.stringify(played.times));
  assert.ok(played.levels.length >= 1);
}

/** Plays a job's `<video>` snippet in the page, muted, until it is past its first second; what it saw. */
export function playVideoSnippet(page, snippet) {
  return page.evaluate((snippet) => new Promise((resolve) => {
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
  }), snippet);
}

/** Shows a job's `<picture>` snippet in the page until its image loaded or failed; the `<img>` as shown. */
export function showPicture(page, snippet) {
  return page.evaluate(async (snippet) => {
    const holder = document.createElement("div");
    holder.innerHTML = snippet;
    document.body.append(holder);
    const img = holder.querySelector("img");
    await new Promise((loaded) => {
      if (img.complete) loaded();
      img.addEventListener("load", loaded);
      img.addEventListener("error", loaded);
    });
    return { naturalWidth: img.naturalWidth, src: img.currentSrc, width: img.getAttribute("width"),
      height: img.getAttribute("height"), style: img.getAttribute("style") };
  }, snippet);
}

/** Reads `url` (a job) with these headers until its job is done; the job. */
export async function awaitDone(url, headers = {}) {
  for (let i = 0; i < 300; i++) {
    const job = await (await fetch(url, { headers })).json();
    if (job.status === "done") return job;
    assert.notEqual(job.status, "failed", JSON.stringify(job));
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`${url} did not end`);
}
