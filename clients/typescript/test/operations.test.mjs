import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { MediaoptClient, MediaoptTimeoutError, normaliseBaseUrl } from "../dist/index.js";
import { made, mp4, png, sharedServer } from "./server.mjs";
import { jobDatabaseOutageProxy } from "./proxy.mjs";

describe("every operation against the real service", () => {
  let server;
  let client;
  before(async () => {
    server = await sharedServer("plain");
    client = new MediaoptClient(server.baseUrl + "/");
  });
  after(() => server?.stop());

  test("the base URL is normalised as the Java client does", () => {
    assert.equal(client.baseUrl, server.baseUrl);
    assert.equal(normaliseBaseUrl("  https://media.example/api/ "), "https://media.example/api");
    for (const bad of ["http://h/", "http://h/api/x", "ftp://h/api", "http://h/api?x=1", "/api", ""]) {
      assert.throws(() => new MediaoptClient(bad), /Expected a base URL ending in \/api/, bad);
    }
  });

  test("health, presets, limits and usage", async () => {
    const health = await client.health();
    assert.equal(health.status, "ok");
    assert.equal(health.checks.ffmpeg?.status, "ok");
    const presets = await client.presets();
    assert.equal(presets.defaultPreset, "web");
    assert.ok(presets.presets.some((p) => p.name === "mobile"));
    const limits = await client.limits();
    assert.ok(limits.maxInputBytes > 0);
    const usage = await client.getUsage();
    assert.equal(typeof usage.totalJobs, "number");
  });

  test("optimize returns the file and its result from the headers", async () => {
    const input = png();
    const out = await client.optimize(new Blob([input], { type: "image/png" }),
      { filename: "shot.png", preset: "web", format: "webp", width: 200, quality: 70 });
    assert.equal(out.preset, "web");
    assert.equal(out.inputBytes, input.length);
    assert.equal(out.result.kind, "image");
    assert.equal(out.result.strategy, "image-webp");
    assert.equal(out.result.contentType, "image/webp");
    assert.equal(out.result.filename, "shot.webp");
    assert.equal(out.result.outputBytes, out.data.length);
    assert.equal(out.result.outputWidth, 200);
    assert.equal(out.result.quality, 70);
    assert.equal(new TextDecoder().decode(out.data.subarray(8, 12)), "WEBP");
  });

  test("optimize's result from the headers is the result a job of the same file reports", async () => {
    // 40 kb/s in all, less than web's 128 kb/s of AAC alone: no H.264 fits, and the result says why
    const tiny = made("tiny.webm", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15", "-f", "lavfi",
      "-i", "sine=frequency=440", "-t", "3", "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8",
      "-b:v", "24k", "-c:a", "libopus", "-b:a", "16k", "-f", "webm");
    const out = await client.optimize(tiny, { filename: "tiny.webm" });
    assert.ok(out.result.savedBytes < 0, JSON.stringify(out.result));
    assert.match(out.result.largerReason ?? "", /cannot be returned as it is/);
    const { jobId } = await client.submitJob(tiny, { filename: "tiny.webm" });
    const job = await client.waitForJob(jobId, { timeoutMs: 120_000 });
    assert.equal(job.status, "done", JSON.stringify(job.error));
    assert.deepEqual(out.result, job.result);
  });

  test("a job submitted, waited for and downloaded", async () => {
    const submitted = await client.submitJob(png(), { filename: "a.png", format: "avif", renditions: ["responsive"] });
    assert.equal(submitted.status, "pending");
    const seen = [];
    const job = await client.waitForJob(submitted.jobId, { timeoutMs: 60_000, onPoll: (j) => seen.push(j.status) });
    assert.equal(job.status, "done", JSON.stringify(job));
    assert.equal(seen.at(-1), "done");
    assert.deepEqual(job.options, { format: "avif" });
    assert.ok(job.result.renditions.some((r) => r.role === "responsive"));
    assert.deepEqual(await client.getJob(submitted.jobId), job);
    const download = await client.download(submitted.jobId);
    assert.equal(download.filename, "a.avif");
    assert.equal(download.contentType, "image/avif");
    assert.equal(download.size, job.result.outputBytes);
    assert.equal((await download.bytes()).length, job.result.outputBytes);
  });

  test("a kept job has a stable download URL and is deleted with its files", async () => {
    const submitted = await client.submitJob(png(), { filename: "kept.png", keep: true, keepHours: 24 });
    const job = await client.waitForJob(submitted.jobId, { timeoutMs: 60_000 });
    assert.equal(job.keep?.visibility, "public");
    assert.equal(job.keep?.keepUntil, job.completedAt + 24 * 3_600_000);
    assert.equal(job.downloadUrl, `${server.baseUrl.replace(/\/api$/, "")}/media/${job.jobId}/output/kept.webp`);
    const stable = await fetch(job.downloadUrl);
    assert.equal(stable.status, 200);
    assert.equal(stable.headers.get("cache-control"), "public, max-age=31536000, immutable");
    await client.deleteJob(job.jobId);
    await assert.rejects(client.getJob(job.jobId), (e) => e.code === "not-found" && e.status === 404);
    await assert.rejects(client.deleteJob(job.jobId), (e) => e.code === "not-found");
    assert.equal((await fetch(job.downloadUrl)).status, 404);
  });

  test("upload sends the file over tus, reporting its progress up to its size, and returns the submission", async () => {
    const input = png("1280x720");
    const progress = [];
    const submitted = await client.upload(input, { filename: "big.png", preset: "mobile" },
      { onProgress: (p) => progress.push(p) });
    assert.ok(progress.length > 1, `progress events: ${progress.length}`);
    const last = progress.at(-1);
    assert.deepEqual(last, { loaded: input.length, total: input.length });
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i].loaded >= progress[i - 1].loaded);
    const job = await client.waitForJob(submitted.jobId, { timeoutMs: 60_000 });
    assert.equal(job.status, "done");
    assert.equal(job.inputBytes, input.length);
    assert.equal(job.preset, "mobile");
    assert.equal(job.filename, "big.png");
    assert.ok(job.uploadId, "the job came from a resumable upload");
    assert.equal(submitted.status, "pending");
    assert.equal(submitted.createdAt, job.createdAt);
  });

  test("a video with a poster taken at a given time", async () => {
    const submitted = await client.submitJob(mp4(), { filename: "clip.mp4", renditions: ["poster"], posterTime: 1 });
    const job = await client.waitForJob(submitted.jobId, { timeoutMs: 120_000 });
    assert.equal(job.status, "done", JSON.stringify(job.error));
    assert.equal(job.result.kind, "video");
    assert.ok(job.result.renditions.some((r) => r.role === "poster"));
  });

  test("an aborted wait rejects with the signal's reason, a timed out one with the job last seen", async () => {
    const { jobId } = await client.submitJob(mp4(), { filename: "clip.mp4", renditions: ["hls"] });
    const controller = new AbortController();
    const waiting = client.waitForJob(jobId, { signal: controller.signal, onPoll: () => controller.abort() });
    await assert.rejects(waiting, { name: "AbortError" });
    const timedOut = await client.waitForJob(jobId, { timeoutMs: 1 }).catch((e) => e);
    assert.ok(timedOut instanceof MediaoptTimeoutError, String(timedOut));
    assert.equal(timedOut.job.jobId, jobId);
    assert.notEqual(timedOut.job.status, "done");
    assert.equal((await client.waitForJob(jobId, { timeoutMs: 120_000 })).status, "done");
  });

  test("a wait sits out an outage the service asks to be waited out, and a plain refusal is thrown", async () => {
    const { jobId } = await client.submitJob(png(), { filename: "shot.png" });
    const proxy = await jobDatabaseOutageProxy(server.baseUrl, 2);
    try {
      const behind = new MediaoptClient(proxy.baseUrl);
      const job = await behind.waitForJob(jobId, { timeoutMs: 60_000 });
      assert.equal(job.status, "done");
      assert.equal(proxy.state.outages, 2);
      await assert.rejects(behind.getJob("no-such-job"), { code: "not-found", status: 404 });
    } finally {
      proxy.close();
    }
  });
});
