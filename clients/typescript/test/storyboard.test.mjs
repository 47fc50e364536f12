// The storyboard of a 3-minute clip read as players read it: its WebVTT parsed by the W3C
// validator's `webvtt-parser` (no errors) and by Vidstack's `media-captions` (strict), each cue
// naming a tile of the sheet by `#xywh=`, the cues covering the clip end to end, the sheet
// fetched from where the WebVTT names it and decoded by ffprobe at the size the tiles fill.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import webvtt from "webvtt-parser";
import { parseText } from "media-captions";
import { MediaoptClient } from "../dist/index.js";
import { made, sharedServer } from "./server.mjs";

const XYWH = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/;
const scratch = mkdtempSync(join(tmpdir(), "mediaopt-ts-storyboard-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));

/** A 3-minute test pattern, small and at 10 frames a second so it is quick to make and to read. */
const clip = () => made("storyboard.mp4", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=10", "-t", "180",
  "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "35");

describe("storyboard", () => {
  let server;
  let client;
  before(async () => {
    server = await sharedServer("oneWorker");
    client = new MediaoptClient({ baseUrl: server.baseUrl });
  });
  after(() => server?.stop());

  test("a 3-minute clip's WebVTT parses with stock parsers and names tiles of a sheet that covers them", async () => {
    const submitted = await client.submitJob(clip(), { filename: "clip.mp4", renditions: ["storyboard"] });
    const job = await client.waitForJob(submitted.jobId, { timeoutMs: 180_000 });
    assert.equal(job.status, "done", JSON.stringify(job.error));
    const sheet = job.result.renditions.find((r) => r.role === "storyboard");
    const vtt = job.result.renditions.find((r) => r.role === "storyboard-vtt");
    assert.equal(sheet.name, "storyboard.webp");
    assert.equal(vtt.contentType, "text/vtt");

    const served = await fetch(vtt.url);
    assert.equal(served.status, 200, server.log());
    assert.match(served.headers.get("content-type"), /^text\/vtt/);
    const text = await served.text();

    const tree = new webvtt.WebVTTParser().parse(text, "metadata");
    assert.deepEqual(tree.errors, []);
    const strict = await parseText(text, { strict: true, errors: true });
    assert.deepEqual(strict.errors, []);
    assert.equal(strict.cues.length, tree.cues.length);

    const cues = tree.cues;
    assert.ok(cues.length >= 1 && cues.length <= 100, `${cues.length} cues`);
    assert.equal(cues[0].startTime, 0);
    assert.equal(cues.at(-1).endTime, job.result.inputDurationSec);
    const places = new Set();
    let sheetUrl;
    cues.forEach((cue, i) => {
      assert.equal(strict.cues[i].startTime, cue.startTime);
      assert.equal(strict.cues[i].text, cue.text);
      if (i > 0) assert.equal(cue.startTime, cues[i - 1].endTime, `cue ${i} starts where the one before ends`);
      assert.ok(cue.endTime - cue.startTime >= 1, `cue ${i} lasts at least 1 s`);
      const [, url, x, y, w, h] = XYWH.exec(cue.text).map((v, j) => (j >= 2 ? Number(v) : v));
      sheetUrl ??= url;
      assert.equal(url, sheetUrl);
      assert.ok(w <= 256 && x + w <= sheet.width && y + h <= sheet.height, cue.text);
      places.add(`${x},${y}`);
    });
    assert.equal(places.size, cues.length, "every cue has a tile of its own");

    const image = await fetch(new URL(sheetUrl, served.url));
    assert.equal(image.status, 200);
    assert.equal(image.headers.get("content-type"), "image/webp");
    const file = join(scratch, "sheet.webp");
    writeFileSync(file, new Uint8Array(await image.arrayBuffer()));
    const size = execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", file])
      .toString().trim();
    assert.equal(size, `${sheet.width},${sheet.height}`);
  });
});
