// Resumable uploads (tus 1.0.0, /api/uploads) driven by the official tus-js-client under Node:
// a large video goes in 5 MB chunks through a proxy that cuts the connection once about 60 % of
// it has passed; the client asks the server where it got to and goes on from there. The job it
// becomes ends done with an output byte-identical to the one of the same file sent in one POST.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import * as tus from "tus-js-client";
import { cuttingProxy } from "./proxy.mjs";
import { made, startServer } from "./server.mjs";

const KEY = "phone-key-5d0c2a9e71";
const CHUNK = 5 * 1024 * 1024;
const FIELDS = { preset: "mobile", width: "320" };

async function awaitDone(baseUrl, id) {
  for (let i = 0; i < 600; i++) {
    const job = await (await fetch(`${baseUrl}/media/jobs/${id}`, { headers: { "x-api-key": KEY } })).json();
    if (job.status === "done") return job;
    assert.notEqual(job.status, "failed", JSON.stringify(job));
    await new Promise((wait) => setTimeout(wait, 1000));
  }
  throw new Error(`job ${id} did not end`);
}

async function download(baseUrl, id) {
  const response = await fetch(`${baseUrl}/media/jobs/${id}/download`, { headers: { "x-api-key": KEY } });
  assert.equal(response.status, 200);
  return Buffer.from(await response.arrayBuffer());
}

describe("resumable uploads with tus-js-client", () => {
  let server;
  let video;
  before(async () => {
    server = await startServer({ SERVICE_API_KEYS: `phone:${KEY}`, SERVICE_WORKERS: "1",
      SERVICE_MAX_INPUT_BYTES: String(200 * 1024 * 1024) });
    // about 50 MB, ten chunks: 12 s of 720p noise at 32 Mbit/s. The cut at 60 % falls inside a
    // chunk (the check that the bytes of the cut chunk that arrived were kept needs it to)
    video = Buffer.from(made("phone.mp4", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-f", "lavfi",
      "-i", "sine=frequency=440:sample_rate=48000", "-vf", "noise=alls=30:allf=t", "-t", "12", "-c:v", "libx264",
      "-preset", "ultrafast", "-b:v", "32M", "-maxrate", "32M", "-bufsize", "64M", "-pix_fmt", "yuv420p",
      "-c:a", "aac", "-shortest"));
  });
  after(() => server?.stop());

  test("a connection cut at 60 % resumes from the server's offset and ends as the one-POST job", { timeout: 600_000 },
    async () => {
      const port = Number(new URL(server.baseUrl).port);
      const proxy = await cuttingProxy(port, Math.floor(video.length * 0.6));
      const heads = [];
      const patches = [];
      let jobId = null;
      let uploadUrl = null;
      try {
        await new Promise((resolve, reject) => {
          const upload = new tus.Upload(video, {
            endpoint: `http://127.0.0.1:${proxy.port}/api/uploads`,
            headers: { "x-api-key": KEY },
            chunkSize: CHUNK,
            retryDelays: [0, 200, 500, 1000, 2000],
            metadata: { filename: "phone.mp4", ...FIELDS },
            onBeforeRequest(req) {
              if (req.getMethod() === "PATCH") patches.push(Number(req.getHeader("Upload-Offset")));
            },
            onAfterResponse(req, res) {
              if (req.getMethod() === "HEAD") heads.push(Number(res.getHeader("Upload-Offset")));
              jobId = res.getHeader("x-service-job-id") ?? jobId;
            },
            onError: reject,
            onSuccess: () => {
              uploadUrl = upload.url;
              resolve();
            },
          });
          upload.start();
        });
      } finally {
        proxy.close();
      }

      assert.ok(proxy.state.cutDone, "the proxy cut the connection");
      // a HEAD that overtakes the cut request's end still hears the old offset; the PATCH sent from
      // there gets 409 and the client asks again
      const resumedAt = heads.at(-1);
      assert.ok(resumedAt > 0, `the client asked the server for its offset after the cut: ${heads}`);
      assert.ok(patches.includes(resumedAt), `a PATCH went on from the server's offset ${resumedAt}: ${patches}`);
      assert.ok(resumedAt % CHUNK !== 0 && resumedAt > video.length * 0.5,
        `the bytes of the cut chunk that arrived were kept: ${resumedAt}`);
      const sent = proxy.state.upstreamBytes;
      console.log(`tus: ${video.length} bytes, cut at ${proxy.state.cutAtBytes}, resumed at ${resumedAt}, `
        + `${sent} bytes sent in all (${(sent / video.length).toFixed(3)}x); offsets heard ${heads}, PATCHes from ${patches}`);
      assert.ok(sent <= video.length * 1.1, `tus sent ${sent} bytes for a file of ${video.length}`);

      assert.ok(jobId, "the last PATCH named the job");
      const head = await fetch(uploadUrl.replace(`:${proxy.port}`, `:${port}`), {
        method: "HEAD", headers: { "x-api-key": KEY, "Tus-Resumable": "1.0.0" } });
      assert.equal(head.headers.get("x-service-job-id"), jobId);
      const resumed = await awaitDone(server.baseUrl, jobId);
      assert.equal(resumed.uploadId, uploadUrl.split("/").pop());
      assert.equal(resumed.inputBytes, video.length);

      const form = new FormData();
      form.append("media", new Blob([video], { type: "video/mp4" }), "phone.mp4");
      for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
      const posted = await fetch(`${server.baseUrl}/media/jobs`, { method: "POST", body: form,
        headers: { "x-api-key": KEY } });
      assert.equal(posted.status, 202);
      const once = await awaitDone(server.baseUrl, (await posted.json()).jobId);
      assert.equal(once.uploadId, undefined);

      const [fromTus, fromPost] = [await download(server.baseUrl, jobId), await download(server.baseUrl, once.jobId)];
      assert.ok(fromTus.length > 0);
      assert.ok(fromTus.equals(fromPost), `outputs differ: ${fromTus.length} and ${fromPost.length} bytes`);
    });
});
