// upload() over the service's resumable uploads (tus): through a connection that drops, with a
// bad preset, aborted, and against a service without /api/uploads.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { MediaoptClient, MediaoptError } from "../dist/index.js";
import { cuttingProxy, withoutUploadsProxy } from "./proxy.mjs";
import { made, png, startServer } from "./server.mjs";

describe("upload over tus", () => {
  let server;
  let client;
  let video;
  before(async () => {
    server = await startServer({ SERVICE_WORKERS: "1", SERVICE_MAX_INPUT_BYTES: String(20 * 1024 * 1024) });
    client = new MediaoptClient(server.baseUrl);
    // about 8 MB: two pieces of 5 MiB
    video = made("noise.mp4", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-vf", "noise=alls=40:allf=t",
      "-t", "3", "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "24M", "-maxrate", "24M", "-bufsize", "48M",
      "-pix_fmt", "yuv420p");
    assert.ok(video.length > 5 * 1024 * 1024 + 1024 * 1024, `the video has ${video.length} bytes`);
  });
  after(() => server?.stop());

  test("a connection cut mid-way resumes from the service's offset and the job ends done", { timeout: 300_000 },
    async () => {
      const port = Number(new URL(server.baseUrl).port);
      const proxy = await cuttingProxy(port, Math.floor(video.length * 0.6));
      const progress = [];
      let submitted;
      try {
        submitted = await new MediaoptClient(`http://127.0.0.1:${proxy.port}/api`)
          .upload(video, { filename: "noise.mp4", preset: "mobile", width: 320 }, { onProgress: (p) => progress.push(p) });
      } finally {
        proxy.close();
      }
      assert.ok(proxy.state.cutDone, "the proxy cut the connection");
      const sent = proxy.state.upstreamBytes;
      console.log(`upload: ${video.length} bytes, cut at ${proxy.state.cutAtBytes}, ${sent} bytes sent in all`);
      assert.ok(sent < video.length * 1.4, `${sent} bytes sent for a file of ${video.length}: resumed, not restarted`);
      assert.deepEqual(progress.at(-1), { loaded: video.length, total: video.length });
      assert.equal(submitted.status, "pending");
      const job = await client.waitForJob(submitted.jobId, { timeoutMs: 240_000 });
      assert.equal(job.status, "done", JSON.stringify(job.error));
      assert.equal(job.inputBytes, video.length);
      assert.equal(job.filename, "noise.mp4");
      assert.ok(job.uploadId, "the job came from a resumable upload");
    });

  test("a bad preset or a file over the limit is refused at creation, before any byte is sent", async () => {
    const progress = [];
    const error = await client.upload(video, { filename: "noise.mp4", preset: "no-such-preset" },
      { onProgress: (p) => progress.push(p) }).catch((e) => e);
    assert.ok(error instanceof MediaoptError, String(error));
    assert.equal(error.code, "invalid-input");
    assert.equal(error.status, 400);
    assert.match(error.message, /preset/);
    const tooLarge = await client.upload(new Blob([new Uint8Array(21 * 1024 * 1024)]), { filename: "big.mp4" },
      { onProgress: (p) => progress.push(p) }).catch((e) => e);
    assert.ok(tooLarge instanceof MediaoptError, String(tooLarge));
    assert.equal(tooLarge.code, "too-large");
    assert.equal(tooLarge.status, 413);
    assert.deepEqual(progress, []);
  });

  test("an abort stops the upload and rejects with the signal's reason", async () => {
    const controller = new AbortController();
    const progress = [];
    const before = (await client.getUsage()).totalJobs;
    const upload = client.upload(video, { filename: "noise.mp4" }, {
      signal: controller.signal,
      onProgress: (p) => {
        progress.push(p);
        if (p.loaded > 0) controller.abort();
      },
    });
    await assert.rejects(upload, { name: "AbortError" });
    const seen = progress.length;
    await new Promise((wait) => setTimeout(wait, 1000));
    assert.equal(progress.length, seen, "no progress after the abort");
    assert.ok(progress.at(-1).loaded < video.length);
    assert.equal((await client.getUsage()).totalJobs, before, "no job was made");
    const already = new AbortController();
    already.abort();
    await assert.rejects(client.upload(png(), {}, { signal: already.signal }), { name: "AbortError" });
  });

  test("a service without resumable uploads (404) gets the form POST", async () => {
    const proxy = await withoutUploadsProxy(server.baseUrl);
    try {
      const input = png("1280x720");
      const progress = [];
      const submitted = await new MediaoptClient(proxy.baseUrl)
        .upload(input, { filename: "old.png", preset: "mobile" }, { onProgress: (p) => progress.push(p) });
      assert.ok(progress.at(-1).total > input.length, "the multipart body was counted");
      const job = await client.waitForJob(submitted.jobId, { timeoutMs: 60_000 });
      assert.equal(job.status, "done");
      assert.equal(job.uploadId, undefined);
      assert.equal(job.inputBytes, input.length);
    } finally {
      proxy.close();
    }
  });
});
