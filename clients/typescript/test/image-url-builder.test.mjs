// The client's builder of /img/ URLs (createImageUrlBuilder, imageLoader): each URL it makes is
// byte for byte the one imgproxy's official Node builder makes for the same options and key pair,
// the server renders them, and in Debian's Chromium (driven by puppeteer-core) an <img srcset>
// of three widths from the loader arrives as AVIF (Chromium's Accept lists image/avif), each width
// rendered once (x-service-cache: miss), and a second visit takes them from the browser's cache
// or a 304, never a new render.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHmac, randomBytes } from "node:crypto";
import puppeteer from "puppeteer-core";
import { generateImageUrl } from "@imgproxy/imgproxy-node";
import { createImageUrlBuilder, imageLoader, signImageUrl } from "../dist/index.js";
import { hmacSha256 } from "../dist/hmac-sha256.js";
import { made, startServer } from "./server.mjs";
import { imageHeader } from "./image-header.mjs";
import { startImageOrigin } from "./image-origin.mjs";

const key = "943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881";
const salt = "520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5";

/** The same options in the client's names and in @imgproxy/imgproxy-node's. */
const optionPairs = [
  [{}, {}],
  [{ width: 300 }, { width: 300 }],
  [{ width: 300, height: 200, resizingType: "fill", gravity: "sm", format: "webp" },
    { resizing_type: "fill", width: 300, height: 200, gravity: { type: "sm" }, format: "webp" }],
  [{ width: 160, height: 300, resizingType: "fill-down", gravity: { x: 0.9, y: 0.25 } },
    { width: 160, height: 300, resizing_type: "fill-down", gravity: { type: "fp", x: 0.9, y: 0.25 } }],
  [{ width: 100, height: 100, dpr: 1.5, quality: 40, format: "avif", preset: "mobile", enlarge: true },
    { width: 100, height: 100, dpr: 1.5, quality: 40, format: "avif", preset: ["mobile"], enlarge: 1 }],
  [{ height: 90, enlarge: false, gravity: "soea", resizingType: "force", preset: "low-bandwidth", format: "best" },
    { height: 90, enlarge: false, gravity: { type: "soea" }, resizing_type: "force", preset: ["low-bandwidth"],
      format: "best" }],
];

describe("the client's builder of image URLs", () => {
  test("builds the URLs imgproxy's Node builder builds, for any option and source", () => {
    const sources = ["https://images.example.com/cat.jpg", "s3://uploads/a b/é.png", "mediaopt://jobs/1/output",
      `https://images.example.com/${"long/".repeat(40)}photo.jpg?size=large&ä=ö`];
    for (const pair of [[key, salt], [randomBytes(100).toString("hex"), randomBytes(3).toString("hex")]]) {
      const builder = createImageUrlBuilder({ baseUrl: "https://media.example.com/api", key: pair[0], salt: pair[1] });
      for (const source of sources) {
        for (const [ours, theirs] of optionPairs) {
          assert.equal(builder.imageUrl(source, ours), generateImageUrl({ endpoint: "https://media.example.com/img/",
            url: source, options: theirs, key: pair[0], salt: pair[1] }), JSON.stringify(ours));
        }
      }
    }
    const unsigned = createImageUrlBuilder({ baseUrl: "https://media.example.com" });
    assert.equal(unsigned.imageUrl("s3://a.jpg", { width: 10 }), "https://media.example.com/img/insecure/w:10/czM6Ly9hLmpwZw");
    assert.throws(() => createImageUrlBuilder({ baseUrl: "https://media.example.com", key }), TypeError);
    assert.throws(() => signImageUrl("/w:1/czM6Ly9hLmpwZw", "not hex", salt), TypeError);
  });

  test("signs with an HMAC-SHA256 equal to Node's on every length around the block size", () => {
    for (let length = 0; length < 200; length++) {
      const keyBytes = randomBytes(length % 130);
      const message = randomBytes(length);
      assert.equal(Buffer.from(hmacSha256(keyBytes, message)).toString("hex"),
        createHmac("sha256", keyBytes).update(message).digest("hex"), `length ${length}`);
    }
  });

  test("gives a loader that image components call with src, width and quality", () => {
    const loader = imageLoader({ baseUrl: "https://media.example.com/", key, salt, options: { format: "best" } });
    assert.equal(loader({ src: "https://images.example.com/cat.jpg", width: 640, quality: 75 }),
      generateImageUrl({ endpoint: "https://media.example.com/img", url: "https://images.example.com/cat.jpg",
        options: { format: "best", quality: 75, width: 640 }, key, salt }));
    assert.match(loader({ src: "s3://a.jpg", width: 320 }), /\/f:best\/w:320\/czM6Ly9hLmpwZw$/);
  });
});

describe("the builder's URLs against the server and in Chromium", () => {
  let server;
  let origin;
  let photoUrl;
  let browser;
  const widths = [320, 640, 960];
  const photo = made("builder-photo.jpg", "-f", "lavfi", "-i", "testsrc2=size=1280x960", "-frames:v", "1", "-q:v", "3");

  before(async () => {
    // the photo's origin, and the page: three <img> of one srcset, each shown at another width
    // the page: three <img> of one srcset, each shown at another width
    origin = await startImageOrigin(photo, () => {
      const loader = imageLoader({ baseUrl: server.baseUrl, key, salt });
      const srcset = widths.map((width) => `${loader({ src: photoUrl, width })} ${width}w`).join(", ");
      const images = widths.map((width) => `<img srcset="${srcset}" sizes="${width}px" width="${width}">`).join("");
      return `<!doctype html><title>shop</title>${images}`;
    });
    photoUrl = origin.photoUrl;
    server = await startServer({
      SERVICE_IMAGE_URL_KEYS: `${key}:${salt}`,
      SERVICE_IMAGE_URL_SOURCES: "127.0.0.1",
      SERVICE_IMAGE_URL_ALLOW_PRIVATE: "true",
    });
    browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--headless=new"] });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    origin?.close();
  });

  test("serves the builder's URLs at the asked size and format", async () => {
    const builder = createImageUrlBuilder({ baseUrl: server.baseUrl, key, salt });
    const built = builder.imageUrl(photoUrl, { width: 200, height: 200, resizingType: "fill", gravity: "sm",
      format: "webp" });
    const response = await fetch(built);
    assert.equal(response.status, 200, await response.clone().text());
    assert.deepEqual(imageHeader(new Uint8Array(await response.arrayBuffer())), { format: "webp", width: 200, height: 200 });
  });

  /** The server's image URL render counter (GET /metrics), 0 before it first moved. */
  async function renders() {
    const scrape = await (await fetch(server.baseUrl.replace(/\/api$/, "/metrics"))).text();
    const line = scrape.split("\n").find((l) => l.startsWith("mediaopt_image_url_renders_total "));
    return line ? Number(line.split(" ")[1]) : 0;
  }

  /** Opens the page in a new tab; each /img/ answer it got: status, type, x-service-cache, from the browser's cache. */
  async function visit() {
    const page = await browser.newPage();
    const answers = [];
    page.on("response", (response) => {
      if (!new URL(response.url()).pathname.startsWith("/img/")) return;
      answers.push({ url: response.url(), status: response.status(), type: response.headers()["content-type"],
        cache: response.headers()["x-service-cache"], fromCache: response.fromCache() });
    });
    await page.goto(`${origin.url}/`, { waitUntil: "networkidle0" });
    const shown = await page.$$eval("img", (images) => images.map((img) => ({ complete: img.complete,
      naturalWidth: img.naturalWidth, src: img.currentSrc })));
    await page.close();
    return { answers, shown };
  }

  test("shows an <img srcset> as AVIF, each width rendered once and then taken from the cache", { timeout: 90_000 },
    async () => {
      const rendersBefore = await renders();
      const first = await visit();
      assert.deepEqual(first.shown.map((img) => img.naturalWidth), widths);
      assert.equal(new Set(first.shown.map((img) => img.src)).size, 3);
      assert.equal(first.answers.length, 3, JSON.stringify(first.answers));
      for (const answer of first.answers) {
        assert.deepEqual({ status: answer.status, type: answer.type, cache: answer.cache, fromCache: answer.fromCache },
          { status: 200, type: "image/avif", cache: "miss", fromCache: false }, answer.url);
      }
      for (const img of first.shown) {
        const again = await fetch(img.src, { headers: { Accept: "image/avif,image/webp,*/*" } });
        assert.equal(again.headers.get("x-service-cache"), "hit", img.src);
        assert.equal(imageHeader(new Uint8Array(await again.arrayBuffer())).format, "avif");
      }

      const second = await visit();
      assert.deepEqual(second.shown.map((img) => img.naturalWidth), widths);
      // each width either came from Chromium's cache or was revalidated with a 304: none rendered again
      assert.equal(second.answers.length, 3, JSON.stringify(second.answers));
      for (const answer of second.answers) {
        assert.ok(answer.fromCache || answer.status === 304, JSON.stringify(answer));
      }
      assert.equal(await renders() - rendersBefore, widths.length, "the server's render counter");
    });
});
