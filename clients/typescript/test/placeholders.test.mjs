// The placeholders the service gives images, decoded by the stock `blurhash` package (the
// reference TypeScript implementation) and held against the pictures themselves: real photographs
// (scikit-image's, unpacked by scripts/test-prerequisites.sh) and two drawn ones that differ only
// in how their colours are laid out, so a hash that ignored the picture, or swapped its
// components, would be caught.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { decode, encode, isBlurhashValid } from "blurhash";
import { MediaoptClient } from "../dist/index.js";
import { made, sharedServer } from "./server.mjs";

const SIDE = 32;
// A 4x3 BlurHash holds the picture's broad layout, not its detail: pictures are compared over a
// 4x4 grid of 8x8 cells, the picture downscaled as far as the hash reaches.
const CELL = 8;
const photos = process.env.MEDIAOPT_TEST_PHOTOS ?? join(homedir(), ".cache/mediaopt/test-photos");
const scratch = mkdtempSync(join(tmpdir(), "mediaopt-ts-placeholders-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));

function photo(name) {
  const path = join(photos, name);
  if (!existsSync(path)) {
    throw new Error(`test picture ${path} is missing: run ./test.sh (scripts/test-prerequisites.sh unpacks them)`);
  }
  return new Uint8Array(readFileSync(path));
}

/** A picture of two flat colours: red over 60 % of it, blue over the rest, split across or down. */
const split = (name, box) => made(`${name}.png`, "-f", "lavfi", "-i", "color=c=0xd03020:s=640x480",
  "-vf", `drawbox=${box}:color=0x2040c0:t=fill`, "-frames:v", "1", "-pix_fmt", "rgb24");

/** The picture squeezed to 32x32 by ffmpeg's area average, as RGBA: what a decoded hash is held against. */
function downscaled(bytes, name) {
  const file = join(scratch, name);
  writeFileSync(file, bytes);
  const rgb = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-vf", `scale=${SIDE}:${SIDE}:flags=area`,
    "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]);
  assert.equal(rgb.length, SIDE * SIDE * 3, name);
  const rgba = new Uint8ClampedArray(SIDE * SIDE * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    rgba.set(rgb.subarray(i, i + 3), j);
    rgba[j + 3] = 255;
  }
  return rgba;
}

/** Mean absolute difference per channel of two 32x32 RGBA pictures, 0 to 255, over cells of `cell` pixels a side. */
function difference(a, b, cell = CELL) {
  const cells = SIDE / cell;
  let sum = 0;
  for (let cy = 0; cy < cells; cy++) {
    for (let cx = 0; cx < cells; cx++) {
      for (let c = 0; c < 3; c++) {
        let delta = 0;
        for (let y = cy * cell; y < (cy + 1) * cell; y++) {
          for (let x = cx * cell; x < (cx + 1) * cell; x++) delta += a[(y * SIDE + x) * 4 + c] - b[(y * SIDE + x) * 4 + c];
        }
        sum += Math.abs(delta) / (cell * cell);
      }
    }
  }
  return sum / (cells * cells * 3);
}

/** The components of a hash across and down, from its first character. */
function components(hash) {
  const flag = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".indexOf(hash[0]);
  return [flag % 9 + 1, Math.floor(flag / 9) + 1];
}

const rgbOf = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const farthest = (a, b) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));

/** The share of the picture's pixels within `tolerance` of `colour` on every channel. */
function share(pixels, colour, tolerance) {
  let near = 0;
  for (let i = 0; i < pixels.length; i += 4) if (farthest([pixels[i], pixels[i + 1], pixels[i + 2]], colour) <= tolerance) near++;
  return near / (SIDE * SIDE);
}

describe("placeholders decoded by the reference blurhash library", () => {
  let server;
  const pictures = [];
  before(async () => {
    server = await sharedServer("oneWorker");
    const client = new MediaoptClient(server.baseUrl);
    const coffee = photo("coffee.png");
    const inputs = {
      "chelsea.png": photo("chelsea.png"),
      "coffee.png": coffee,
      "astronaut.png": photo("astronaut.png"),
      "rocket.jpg": photo("rocket.jpg"),
      "coffee-portrait.png": made("coffee-portrait.png", "-i", join(photos, "coffee.png"), "-vf", "crop=300:400:150:0"),
      "split-down.png": split("split-down", "x=384:y=0:w=256:h=480"),
      "split-across.png": split("split-across", "x=0:y=288:w=640:h=192"),
    };
    for (const [name, bytes] of Object.entries(inputs)) {
      const out = await client.optimize(new Blob([bytes]), { filename: name });
      pictures.push({ name, result: out.result, pixels: downscaled(out.data, name) });
    }
  });
  after(() => server?.stop());

  test("every hash is valid, with 4 components along the longer side, and no two are alike", () => {
    for (const { name, result } of pictures) {
      assert.deepEqual(isBlurhashValid(result.blurhash), { result: true }, name);
      const [x, y] = components(result.blurhash);
      const landscape = result.outputWidth >= result.outputHeight;
      assert.equal(landscape ? x : y, 4, `${name} ${result.outputWidth}x${result.outputHeight} ${x}x${y}`);
      assert.equal(landscape ? y : x,
        Math.ceil(4 * Math.min(result.outputWidth, result.outputHeight) / Math.max(result.outputWidth, result.outputHeight)), name);
    }
    assert.equal(new Set(pictures.map((p) => p.result.blurhash)).size, pictures.length);
  });

  test("each decoded hash looks like its own picture, and more than like any other", () => {
    for (const mine of pictures) {
      const decoded = decode(mine.result.blurhash, SIDE, SIDE);
      const own = difference(decoded, mine.pixels);
      assert.ok(own < 30, `${mine.name}: ${own.toFixed(1)} per channel from its picture`);
      // more than the mean colour alone (a hash of one component) says of it
      const flat = difference(decode(encode(mine.pixels, SIDE, SIDE, 1, 1), SIDE, SIDE), mine.pixels);
      assert.ok(own < flat, `${mine.name}: ${own.toFixed(1)} from it, its mean colour alone ${flat.toFixed(1)}`);
      for (const other of pictures) {
        if (other === mine) continue;
        const theirs = difference(decoded, other.pixels);
        assert.ok(own < theirs, `${mine.name}'s hash is ${own.toFixed(1)} from it and ${theirs.toFixed(1)} from ${other.name}`);
      }
    }
  });

  test("each decoded hash is as close to its picture as the reference encoder's own hash of it", () => {
    for (const { name, result, pixels } of pictures) {
      const [x, y] = components(result.blurhash);
      const reference = encode(pixels, SIDE, SIDE, x, y);
      const ours = difference(decode(result.blurhash, SIDE, SIDE), pixels);
      const theirs = difference(decode(reference, SIDE, SIDE), pixels);
      assert.ok(ours <= theirs + 4, `${name}: ${ours.toFixed(1)} against the reference's ${theirs.toFixed(1)} (${x}x${y})`);
    }
  });

  test("the dominant colour is the colour most of the picture is, not the mean", () => {
    for (const { name, result, pixels } of pictures) {
      assert.match(result.dominantColor, /^#[0-9a-f]{6}$/, name);
      const colour = rgbOf(result.dominantColor);
      assert.ok(share(pixels, colour, 40) >= 0.15, `${name}: ${result.dominantColor} covers ${share(pixels, colour, 40)}`);
    }
    for (const name of ["split-down.png", "split-across.png"]) {
      const { result } = pictures.find((p) => p.name === name);
      assert.ok(farthest(rgbOf(result.dominantColor), [0xd0, 0x30, 0x20]) <= 8, `${name}: ${result.dominantColor}`);
    }
  });
});
