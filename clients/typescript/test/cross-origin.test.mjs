// A customer's page talks to the service from another origin, in Debian's Chromium (driven by
// puppeteer-core): the page is served by a Node server on one port of 127.0.0.1, the service
// listens on another, and SERVICE_CORS_ORIGINS names the page's origin. From the page,
// tus-js-client's browser build uploads a 30 MB video whose connection a proxy cuts half way,
// hls.js plays the job's HLS master, the job's <video> snippet plays, and the TypeScript client
// makes an image job whose <picture> is shown. The same page on an origin not named is refused.
// Keys are off here; cross-origin-tokens.test.mjs is the same page with keys on and upload tokens.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cuttingProxy } from "./proxy.mjs";
import { made } from "./server.mjs";
import { assertPlayedToTheEnd, assertResumed, awaitDone, playHls, playVideoSnippet, showPicture, startStage,
  thirtyMegabyteClip, uploadFromPage } from "./page-origin.mjs";

describe("a page of another origin", () => {
  let stage;
  let service;
  let other;
  let browser;
  let page;
  let complaints;
  let clip;
  let uploadedJob;
  before(async () => {
    clip = thirtyMegabyteClip();
    const media = { "/clip.mkv": clip, "/photo.jpg": made("photo.jpg", "-f", "lavfi", "-i",
      "testsrc2=size=1280x960", "-frames:v", "1", "-q:v", "2") };
    stage = await startStage(media, {});
    ({ service, other, browser, page, complaints } = stage);
    await page.goto(stage.allowed.url + "/");
  });
  after(() => stage?.close());

  test("uploads a 30 MB video through tus-js-client, cut half way and resumed", { timeout: 120_000 }, async () => {
    assert.ok(clip.length > 29_000_000, `the clip is ${clip.length} bytes`);
    const proxy = await cuttingProxy(Number(new URL(service.baseUrl).port), Math.floor(clip.length / 2));
    try {
      const upload = await uploadFromPage(page, `http://127.0.0.1:${proxy.port}/api/uploads`, {},
        "hls,sources,poster");
      assertResumed(upload, clip, proxy);
      uploadedJob = await awaitDone(`${service.baseUrl}/media/jobs/${upload.jobId}`);
      assert.equal(uploadedJob.inputBytes, clip.length);
    } finally {
      proxy.close();
    }
  });

  test("plays the job's HLS master through hls.js to the end", { timeout: 60_000 }, async () => {
    assert.ok(uploadedJob, "the upload's job is done");
    const master = uploadedJob.result.renditions.find((r) => r.role === "hls-master").url;
    const played = await playHls(page, master, true);

    assertPlayedToTheEnd(played);
  });

  test("plays the job's <video> snippet", { timeout: 60_000 }, async () => {
    assert.ok(uploadedJob?.result.video, "the upload's job has its <video>");
    const played = await playVideoSnippet(page, uploadedJob.result.video);

    assert.deepEqual(played.errors, []);
    assert.ok(played.currentTime > 1, JSON.stringify(played));
    const sources = uploadedJob.result.renditions.filter((r) => r.role === "video-source").map((r) => r.url);
    assert.ok(sources.includes(played.src), `${played.src} is one of ${sources}`);
  });

  test("shows an image job's <picture> and reads the synchronous answer's headers", { timeout: 90_000 },
    async () => {
      const answered = await page.evaluate(async (baseUrl) => {
        const { MediaoptClient } = await import("/client/index.js");
        const client = new MediaoptClient(baseUrl);
        const photo = new File([await (await fetch("/photo.jpg")).blob()], "photo.jpg", { type: "image/jpeg" });
        // the result comes in x-service-* headers, which the page reads only when they are exposed
        const optimized = await client.optimize(photo, { format: "webp", width: 320 });
        const missing = await client.getJob("missing").catch((error) => ({ code: error.code, status: error.status }));
        const { jobId } = await client.submitJob(photo, { renditions: ["responsive"] });
        const job = await client.waitForJob(jobId, { timeoutMs: 60_000 });
        return { outputWidth: optimized.result.outputWidth, strategy: optimized.result.strategy,
          bytes: optimized.data.length, outputBytes: optimized.result.outputBytes, missing, picture: job.result.picture };
      }, service.baseUrl);
      const shown = await showPicture(page, answered.picture);

      assert.equal(answered.outputWidth, 320);
      assert.equal(answered.strategy, "image-webp");
      assert.equal(answered.bytes, answered.outputBytes);
      assert.deepEqual(answered.missing, { code: "not-found", status: 404 });
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
