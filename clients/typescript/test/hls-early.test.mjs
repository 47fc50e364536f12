// hls.js in Debian's Chromium starts on a video job's HLS master while the job is still
// processing (its variant playlists EVENT playlists that grow), and plays to the end once they
// end: the page of another origin, as in cross-origin.test.mjs, with keys off.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { made } from "./server.mjs";
import { playHls, startStage } from "./page-origin.mjs";

/** 30 s at 540p: two H.264 variants of eight segments, whose ladder takes a while on two cores. */
const clip = () => made("early.mp4", "-f", "lavfi", "-i", "testsrc2=size=960x540:rate=25", "-f", "lavfi", "-i",
  "sine=frequency=440:sample_rate=48000", "-t", "30", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "30",
  "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest");

describe("a job's HLS ladder played early", () => {
  let stage;
  before(async () => {
    // the H.264 ladder played early is what is checked: the AV1 rungs after it are left out
    stage = await startStage({}, { SERVICE_VIDEO_LADDER_AV1: "false" });
    await stage.page.goto(stage.allowed.url + "/");
  });
  after(() => stage?.close());

  test("hls.js starts while the job is processing and plays to the end", { timeout: 900_000 }, async () => {
    const base = stage.service.baseUrl;
    const form = new FormData();
    form.append("media", new Blob([clip()]), "early.mp4");
    form.append("renditions", "hls");
    const submitted = await fetch(`${base}/media/jobs`, { method: "POST", body: form });
    assert.equal(submitted.status, 202);
    const { jobId } = await submitted.json();

    let job;
    for (;;) {
      job = await (await fetch(`${base}/media/jobs/${jobId}`)).json();
      if (job.playableAt || !/pending|processing/.test(job.status)) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    assert.equal(job.status, "processing", JSON.stringify(job));
    assert.equal(job.masterUrl, `${base}/media/jobs/${jobId}/renditions/master.m3u8`);

    // from its start: an EVENT playlist is live to hls.js, which would start near its newest segment
    const played = await playHls(stage.page, job.masterUrl, true, { config: { startPosition: 0 }, limitMs: 600_000 });
    let ended;
    do {
      ended = await (await fetch(`${base}/media/jobs/${jobId}`)).json();
      if (ended.status === "processing") await new Promise((done) => setTimeout(done, 500));
    } while (ended.status === "processing");

    // waiting for segments not made yet, or a machine too busy to decode on time, stalls it: no failure
    assert.deepEqual(played.errors.filter((e) => !/bufferStalled|bufferNudge|bufferSeekOver|bufferAppendNoProgress/
      .test(e)), [], JSON.stringify(played));
    assert.equal(played.ended, true, JSON.stringify(played));
    // the first playlist hls.js loaded was still growing, and it played before the job was done
    assert.equal(played.firstLoadLive, true, JSON.stringify(played));
    assert.equal(ended.status, "done");
    assert.ok(played.playingAt < ended.completedAt, `${played.playingAt} ${ended.completedAt}`);
    assert.ok(Math.abs(played.currentTime - 30) < 0.5 && Math.abs(played.duration - 30) < 0.5, JSON.stringify(played));
    assert.ok(played.times.some((t) => t < 1), "it played from the start");
  });
});
