// Time to the first frame of a video job's HLS ladder: a generated 1080p clip of MINUTES minutes
// is posted as a job with renditions=hls, and from the end of the upload (the 202) it measures
// when the master playlist first answers and when hls.js, in Debian's Chromium on a page of
// another origin, shows its first frame; then it plays to the end (to the job's end and past
// it) and says whether it did, with the job's own time and the load average. 10 minutes stop
// after the first frame and a few seconds of play: that ladder takes about 30 min on one worker
// of a 2-core machine.
// Usage (after `npm ci` in clients/typescript and `./mvnw package`):
//   node bench/hls-early.mjs MINUTES   (1, 2 or 10)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { playHls, startStage } from "../clients/typescript/test/page-origin.mjs";

const minutes = Number(process.argv[2] ?? 1);
if (![1, 2, 10].includes(minutes)) throw new Error(`Expected 1, 2 or 10 minutes but received ${process.argv[2]}`);
const seconds = minutes * 60;
const toTheEnd = minutes < 10;
// testsrc2 at 1080p, 25 fps, with a tone, at about 4 Mbit/s: a phone's upload, cheap to decode.
// A longer clip is that minute's video looped, copied rather than encoded again (10 minutes,
// 300 MB, are made in seconds), with the tone made whole beside it: looping the minute with its
// audio would step its video timestamps by the audio's extra frame at each loop, a variable frame
// rate that is encoded in one piece, where a phone's long upload is encoded in chunks.
const sources = mkdtempSync(join(tmpdir(), "mediaopt-hls-early-"));
process.on("exit", () => rmSync(sources, { recursive: true, force: true }));
const ffmpeg = (...args) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args]);
const minute = join(sources, "1m-video.mp4");
ffmpeg("-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=25", "-t", "60", "-c:v", "libx264", "-preset", "ultrafast",
  "-b:v", "4M", "-pix_fmt", "yuv420p", "-an", minute);
const upload = join(sources, `${minutes}m.mp4`);
ffmpeg("-stream_loop", String(minutes - 1), "-i", minute, "-f", "lavfi",
  "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`, "-map", "0:v", "-map", "1:a", "-c:v", "copy",
  "-c:a", "aac", "-t", String(seconds), upload);
const clip = new Uint8Array(readFileSync(upload));
// each encode may take its time on a busy machine: a timed-out job says nothing of the first frame
const stage = await startStage({}, { SERVICE_MAX_INPUT_BYTES: String(1024 * 1024 * 1024),
  SERVICE_WORKERS: "1", SERVICE_VIDEO_TIMEOUT_MS: String(3_600_000), SERVICE_MAX_VIDEO_DURATION_SEC: "3600" });
const base = stage.service.baseUrl;
const at = (t0) => ((Date.now() - t0) / 1000).toFixed(1);
try {
  await stage.page.goto(stage.allowed.url + "/");
  const form = new FormData();
  form.append("media", new Blob([clip]), "early.mp4");
  form.append("renditions", "hls");
  const load = loadavg()[0].toFixed(1);
  const answer = await fetch(`${base}/media/jobs`, { method: "POST", body: form });
  const uploadEnd = Date.now();
  const { jobId } = await answer.json();
  const master = `${base}/media/jobs/${jobId}/renditions/master.m3u8`;
  while ((await fetch(master)).status !== 200) await new Promise((done) => setTimeout(done, 100));
  const masterAfter = at(uploadEnd);
  console.log(`${minutes} min of 1080p, ${(clip.length / 1e6).toFixed(0)} MB, load average ${load} at the upload `
    + `(${execFileSync("nproc").toString().trim()} cores): master answered ${masterAfter} s after the upload's end`);
  const played = await playHls(stage.page, master, toTheEnd,
    { config: { startPosition: 0 }, limitMs: (seconds * 4 + 600) * 1000, playSec: 5, rate: 1 });
  const stalls = played.errors.filter((e) => /bufferStalled/.test(e)).length;
  const errors = played.errors.filter((e) => !/bufferStalled|bufferNudge|bufferSeekOver|bufferAppendNoProgress/.test(e));
  const playedAt = played.currentTime ?? played.times.at(-1);
  console.log(`first frame ${((played.playingAt - uploadEnd) / 1000).toFixed(1)} s after the upload's end; `
    + (toTheEnd ? `played to the end: ${played.ended === true}` : `played ${playedAt?.toFixed(1)} s, then stopped`)
    + ` (at ${playedAt?.toFixed(1)} s, ${stalls} stalls, errors ${JSON.stringify(errors)})`);
  if (toTheEnd) {
    let job;
    do {
      job = await (await fetch(`${base}/media/jobs/${jobId}`)).json();
      if (job.status === "processing") await new Promise((done) => setTimeout(done, 1000));
    } while (job.status === "processing");
    console.log(`job ${job.status}${job.error ? ` (${job.error.message})` : ""} `
      + `${((job.completedAt - uploadEnd) / 1000).toFixed(0)} s after the upload's end; `
      + `load average ${loadavg()[0].toFixed(1)} at the end`);
  } else {
    console.log(`the job not waited for (a 10-minute ladder takes about 30 min on one worker of 2 cores); `
      + `load average ${loadavg()[0].toFixed(1)} now`);
  }
} finally {
  await stage.close();
}
