// Images by URL against URLs built by imgproxy's official Node builder (@imgproxy/imgproxy-node),
// configured with a key and salt: the server renders each at the size and format asked, refuses
// each with one byte changed, serves a second request from its stored variant and answers 304 to
// the ETag. The source is an http origin on 127.0.0.1, allowed for the test.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { generateImageUrl, generateImageInfoUrl } from "@imgproxy/imgproxy-node";
import { made, startServer } from "./server.mjs";
import { imageHeader } from "./image-header.mjs";
import { startImageOrigin } from "./image-origin.mjs";

const key = "943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881";
const salt = "520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5";

describe("images by URL built by imgproxy's Node builder", () => {
  let server;
  let origin;
  let photoUrl;
  let endpoint;
  const photo = made("url-photo.jpg", "-f", "lavfi", "-i", "testsrc2=size=800x600", "-frames:v", "1", "-q:v", "3");

  before(async () => {
    origin = await startImageOrigin(photo);
    photoUrl = origin.photoUrl;
    server = await startServer({
      SERVICE_IMAGE_URL_KEYS: `${key}:${salt}`,
      SERVICE_IMAGE_URL_SOURCES: "127.0.0.1",
      SERVICE_IMAGE_URL_ALLOW_PRIVATE: "true",
    });
    endpoint = server.baseUrl.replace(/\/api$/, "/img/");
  });
  after(async () => {
    await server?.stop();
    origin?.close();
  });

  const url = (options, displayAs = "base64") =>
    generateImageUrl({ endpoint, url: { value: photoUrl, displayAs }, options, key, salt });

  const cases = [
    ["resize", { resize: { resizing_type: "fit", width: 300 } }, "image/webp", { format: "webp", width: 300, height: 225 }],
    ["fill with smart crop", { resize: { resizing_type: "fill", width: 200, height: 200 }, gravity: { type: "sm" } },
      "image/avif,image/webp", { format: "avif", width: 200, height: 200 }],
    ["focal point", { resizing_type: "fill", width: 160, height: 300, gravity: { type: "fp", x: 0.9, y: 0.5 } },
      "", { format: "jpeg", width: 160, height: 300 }],
    ["dpr 2", { width: 100, height: 100, resizing_type: "fit", dpr: 2 }, "image/webp", { format: "webp", width: 200, height: 150 }],
    ["quality and format", { width: 120, quality: 40, format: "png" }, "image/avif", { format: "png", width: 120, height: 90 }],
    ["preset", { preset: ["mobile"], width: 400 }, "image/avif", { format: "avif", width: 400, height: 300 }],
    ["plain source with an extension", { width: 64, format: "jpg" }, "image/avif", { format: "jpeg", width: 64, height: 48 }, "plain"],
  ];

  for (const [name, options, accept, expected, displayAs] of cases) {
    test(`serves ${name} at the asked size and format`, async () => {
      const built = url(options, displayAs);
      const response = await fetch(built, { headers: { Accept: accept } });
      assert.equal(response.status, 200, `${built}: ${await response.clone().text()}`);
      const header = imageHeader(new Uint8Array(await response.arrayBuffer()));
      assert.deepEqual(header, expected);
      assert.equal(response.headers.get("content-type"), `image/${expected.format}`);
    });
  }

  test("refuses every URL with one byte changed, without fetching the source", async () => {
    const before = origin.fetched;
    for (const [, options] of cases) {
      const built = url(options);
      const at = built.indexOf("/img/") + 5 + 3;
      const changed = built.slice(0, at) + (built[at] === "A" ? "B" : "A") + built.slice(at + 1);
      const response = await fetch(changed);
      assert.equal(response.status, 403, changed);
      assert.equal((await response.json()).code, "invalid-signature");
      const tampered = built.replace(/\/(w|width):(\d+)/, (all, name, n) => `/${name}:${Number(n) + 1}`);
      if (tampered !== built) assert.equal((await fetch(tampered)).status, 403, tampered);
    }
    assert.equal(origin.fetched, before);
  });

  test("answers a second request from the stored variant and 304 to its ETag", async () => {
    const built = url({ resize: { resizing_type: "fill", width: 90, height: 90 }, gravity: { type: "sm" } });
    const first = await fetch(built, { headers: { Accept: "image/webp" } });
    assert.equal(first.headers.get("x-service-cache"), "miss");
    const bytes = new Uint8Array(await first.arrayBuffer());
    const second = await fetch(built, { headers: { Accept: "image/webp" } });
    assert.equal(second.headers.get("x-service-cache"), "hit");
    assert.deepEqual(new Uint8Array(await second.arrayBuffer()), bytes);
    assert.match(second.headers.get("cache-control"), /^public, max-age=31536000$/);
    assert.equal(second.headers.get("vary"), "Accept");
    const etag = second.headers.get("etag");
    const revalidated = await fetch(built, { headers: { Accept: "image/webp", "If-None-Match": etag } });
    assert.equal(revalidated.status, 304);
  });

  test("gives the source's figures at the info URL", async () => {
    const info = await fetch(generateImageInfoUrl({ endpoint, url: photoUrl, key, salt }));
    assert.equal(info.status, 200);
    const body = await info.json();
    assert.equal(body.width, 800);
    assert.equal(body.height, 600);
    assert.equal(body.format, "jpeg");
  });
});
