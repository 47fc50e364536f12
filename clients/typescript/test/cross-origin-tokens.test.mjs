// The page of cross-origin.test.mjs with keys on: the service runs with SERVICE_API_KEYS and
// SERVICE_CORS_ORIGINS naming the page's origin, and the customer's backend (a route of the page's
// own origin) holds the key and mints an upload token per upload with the TypeScript client, for
// that origin, a preset, a size limit and kind=video. The page fetches its token from there and
// holds no key: neither the page's HTML and scripts nor any request Chromium sent carries it. The
// token also fixes keep=true (private, the default) and the renditions. With the token,
// tus-js-client uploads the 30 MB video whose connection a proxy cuts half way, the page reads the
// job's status until it is done, hls.js plays its master.m3u8 and the <video> snippet plays, both
// from the kept job's signed stable URLs; an image uploaded with another such token shows its
// <picture>. A second upload with the same token is refused with an error the page reads as JSON.
// The same page on an origin not named is refused.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { MediaoptClient } from "../dist/index.js";
import { cuttingProxy } from "./proxy.mjs";
import { made } from "./server.mjs";
import { assertPlayedToTheEnd, assertResumed, playHls, playVideoSnippet, showPicture, startStage, thirtyMegabyteClip,
  uploadFromPage } from "./page-origin.mjs";

// random, so that finding it anywhere the browser saw cannot be a coincidence of the test's text
const KEY = `shop-${randomBytes(24).toString("hex")}`;
const MAX_BYTES = 40_000_000;
const RENDITIONS = "hls,sources,poster";
/** A private kept job's stable URL of `name`, signed: what the page may fetch with no key and no header. */
const SIGNED = (jobId, name) => new RegExp(`^http://127\\.0\\.0\\.1:\\d+/media/${jobId}/${name}\\?exp=\\d+&sig=[\\w-]+$`);

/** Reads the job at `url` from the page with the token until it ends; the last answer's status and body. */
function readJobFromPage(page, url, token) {
  return page.evaluate(async (url, token) => {
    for (let i = 0; i < 300; i++) {
      const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      const job = await response.json();
      if (!response.ok || job.status === "done" || job.status === "failed") return { status: response.status, job };
      await new Promise((wait) => setTimeout(wait, 500));
    }
    return { timedOut: true };
  }, url, token);
}

/** Asks the page's backend for a token (of `path`), from the page, as its upload form would. */
const fetchToken = (page, path = "/token") => page.evaluate(async (path) => (await fetch(path, { method: "POST" })).json(),
  path);

describe("a page of another origin on a service with API keys", () => {
  let stage;
  let service;
  let allowed;
  let other;
  let page;
  let complaints;
  let clip;
  let minted;
  let uploaded;
  const requests = [];

  /**
   * The customer's backend: mints one token per upload, for the origin serving it, with the key;
   * the job is kept, private by default, so that the page can show it from its signed links.
   */
  const minting = (scope) => async (req, { send }, origin) => {
    const client = new MediaoptClient(service.baseUrl, { apiKey: KEY });
    const { token, expiresAt } = await client.createUploadToken({ ...scope, keep: true, origin, expiresInSec: 600 });
    send("application/json", JSON.stringify({ token, expiresAt }));
  };
  const backend = {
    "/token": minting({ preset: "mobile", kind: "video", maxBytes: MAX_BYTES, renditions: RENDITIONS }),
    "/image-token": minting({ kind: "image", maxBytes: 5_000_000, renditions: "responsive" }),
  };
  const record = (tab) => tab.on("request", (request) => requests.push({ url: request.url(),
    method: request.method(), headers: request.headers(), body: request.postData() ?? "" }));

  before(async () => {
    clip = thirtyMegabyteClip();
    const photo = made("photo.jpg", "-f", "lavfi", "-i", "testsrc2=size=1280x960", "-frames:v", "1", "-q:v", "2");
    stage = await startStage({ "/clip.mkv": clip, "/photo.jpg": photo }, { SERVICE_API_KEYS: `shop:${KEY}` }, backend);
    ({ service, allowed, other, page, complaints } = stage);
    record(page);
    await page.goto(allowed.url + "/");
  });
  after(() => stage?.close());

  test("uploads a 30 MB video with a token from the backend, cut half way and resumed, and reads its job",
    { timeout: 120_000 }, async () => {
      assert.ok(clip.length > 29_000_000 && clip.length < MAX_BYTES, `the clip is ${clip.length} bytes`);
      minted = await fetchToken(page);
      assert.ok(Date.parse(minted.expiresAt) > Date.now(), JSON.stringify(minted));
      const proxy = await cuttingProxy(Number(new URL(service.baseUrl).port), Math.floor(clip.length / 2));
      try {
        const upload = await uploadFromPage(page, `http://127.0.0.1:${proxy.port}/api/uploads`,
          { Authorization: `Bearer ${minted.token}` }, RENDITIONS);
        assertResumed(upload, clip, proxy);
        uploaded = await readJobFromPage(page, `${service.baseUrl}/media/jobs/${upload.jobId}`, minted.token);
      } finally {
        proxy.close();
      }

      assert.equal(uploaded.status, 200, JSON.stringify(uploaded));
      assert.equal(uploaded.job.status, "done", JSON.stringify(uploaded.job));
      assert.equal(uploaded.job.inputBytes, clip.length);
      assert.equal(uploaded.job.preset, "mobile", "the token's preset, which the upload did not send");
      assert.equal(uploaded.job.keep?.visibility, "private", JSON.stringify(uploaded.job.keep));
      const owned = await new MediaoptClient(service.baseUrl, { apiKey: KEY }).getJob(uploaded.job.jobId);
      assert.equal(owned.status, "done", "the job is the minting key's");
      assert.deepEqual(complaints, []);
    });

  test("plays the job's HLS master and <video> snippet through the kept job's signed URLs", { timeout: 60_000 },
    async () => {
      assert.ok(uploaded?.job.result, "the upload's job is done");
      const { jobId, result } = uploaded.job;
      const master = result.renditions.find((r) => r.role === "hls-master").url;
      assert.match(master, SIGNED(jobId, "master\\.m3u8"));
      // the signature is what lets the page in: the same URL without it is refused
      const unsigned = await page.evaluate((url) => fetch(url).then((r) => r.status), master.split("?")[0]);
      assert.equal(unsigned, 404);

      assertPlayedToTheEnd(await playHls(page, master, true));
      const played = await playVideoSnippet(page, result.video);
      assert.deepEqual(played.errors, []);
      assert.ok(played.currentTime > 1, JSON.stringify(played));
      const sources = result.renditions.filter((r) => r.role === "video-source").map((r) => r.url);
      assert.ok(sources.includes(played.src), `${played.src} is one of ${sources}`);
      assert.match(played.src, SIGNED(jobId, "(av1|h264)\\.mp4"));
      assert.match(result.video, /poster="[^"]*\/poster\.\w+\?exp=/);

      const fetched = requests.map((request) => request.url);
      for (const name of ["master\\.m3u8", "[\\w-]+\\.m3u8", "[\\w-]+_init\\.mp4", "[\\w-]+_\\d+\\.m4s"]) {
        assert.ok(fetched.some((url) => SIGNED(jobId, name).test(url)), `the page fetched ${name}: ${fetched}`);
      }
      assert.deepEqual(complaints, []);
    });

  test("shows a private kept image job's <picture>, uploaded with its own token", { timeout: 60_000 }, async () => {
    const { token } = await fetchToken(page, "/image-token");
    const submitted = await page.evaluate(async (url, token) => {
      const body = new FormData();
      body.append("media", await (await fetch("/photo.jpg")).blob(), "photo.jpg");
      const response = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body });
      return { status: response.status, body: await response.json() };
    }, `${service.baseUrl}/media/jobs`, token);
    assert.equal(submitted.status, 202, JSON.stringify(submitted));
    const read = await readJobFromPage(page, `${service.baseUrl}/media/jobs/${submitted.body.jobId}`, token);
    assert.equal(read.job?.status, "done", JSON.stringify(read));
    assert.equal(read.job.keep?.visibility, "private");

    const shown = await showPicture(page, read.job.result.picture);
    const responsive = read.job.result.renditions.filter((r) => r.role === "responsive");
    const widest = responsive.filter((r) => r.format === "jpeg").reduce((a, b) => (b.width > a.width ? b : a));
    assert.ok(shown.naturalWidth > 0, JSON.stringify(shown));
    assert.match(shown.src, SIGNED(read.job.jobId, "w\\d+\\.\\w+"));
    assert.deepEqual([shown.width, shown.height], [String(widest.width), String(widest.height)]);
    assert.match(widest.dominantColor, /^#[0-9a-f]{6}$/);
    assert.ok(shown.style.includes(`background-color:${widest.dominantColor}`), shown.style);
    assert.deepEqual(complaints, []);
  });

  test("a second upload with the same token is refused, and the page reads why", { timeout: 60_000 }, async () => {
    assert.ok(uploaded?.job, "the first upload's job is done");
    const bearer = { Authorization: `Bearer ${minted.token}` };
    // the token's own renditions, so that only its being used already is wrong
    const resumable = await uploadFromPage(page, `${service.baseUrl}/uploads`, bearer, RENDITIONS);
    const form = await page.evaluate(async (url, headers) => {
      const body = new FormData();
      body.append("file", (await (await fetch("/clip.mkv")).blob()).slice(0, 1 << 20), "clip.mkv");
      const response = await fetch(url, { method: "POST", headers, body });
      return { status: response.status, body: await response.json() };
    }, `${service.baseUrl}/media/jobs`, bearer);

    assert.equal(resumable.status, 403, JSON.stringify(resumable));
    assert.equal(JSON.parse(resumable.body).code, "token-used");
    assert.equal(form.status, 403);
    assert.equal(form.body.code, "token-used");
    assert.deepEqual(complaints, []);
  });

  test("the same page on an origin not allowed is refused", { timeout: 60_000 }, async () => {
    const refused = await stage.browser.newPage();
    record(refused);
    const seen = [];
    refused.on("console", (message) => seen.push(message.text()));
    try {
      await refused.goto(other.url + "/");
      const { token } = await fetchToken(refused);
      const bearer = { Authorization: `Bearer ${token}` };
      const upload = await uploadFromPage(refused, `${service.baseUrl}/uploads`, bearer, "hls");
      const job = await refused.evaluate((url, headers) => fetch(url, { headers }).then(() => "read", (e) => e.name),
        `${service.baseUrl}/media/jobs/${uploaded?.job.jobId}`, bearer);

      assert.ok(upload.error, JSON.stringify(upload));
      assert.equal(upload.status, undefined, "the page may read no answer");
      assert.equal(job, "TypeError");
      assert.ok(seen.some((text) => /blocked by CORS policy/.test(text)), seen.join("\n"));
    } finally {
      await refused.close();
    }
  });

  test("the page never held the key: not in its HTML or scripts, nor in any request the browser sent", async () => {
    const toService = requests.filter((request) => request.url.startsWith(new URL(service.baseUrl).origin)
      || /\/api\/uploads/.test(request.url));
    // the kept jobs' files the page played and showed, through their signed links
    assert.ok(toService.some((request) => /\/media\/[\w-]+\/[\w-]+_\d+\.m4s\?exp=/.test(request.url)));
    assert.ok(toService.some((request) => /\/media\/[\w-]+\/(av1|h264)\.mp4\?exp=/.test(request.url)));
    assert.ok(toService.some((request) => /\/media\/[\w-]+\/w\d+\.\w+\?exp=/.test(request.url)));
    assert.ok(toService.some((request) => request.headers.authorization === `Bearer ${minted?.token}`),
      "the uploads went with the token");
    assert.ok(requests.some((request) => request.url === `${allowed.url}/token`));
    for (const request of requests) {
      assert.ok(!JSON.stringify(request).includes(KEY), `${request.method} ${request.url} carries the key`);
      assert.equal(request.headers["x-api-key"], undefined, request.url);
    }
    const served = [...allowed.served, ...other.served];
    assert.ok(served.some((response) => response.path === "/tus.js") && served.some((r) => r.path === "/token"));
    for (const response of served) assert.ok(!response.text.includes(KEY), `${response.path} holds the key`);
    assert.ok(!(await page.content()).includes(KEY));
  });
});
