import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { MediaoptClient, MediaoptError } from "../dist/index.js";
import { png, startServer } from "./server.mjs";

describe("upload tokens on a service with API keys", () => {
  let server;
  before(async () => {
    server = await startServer({ SERVICE_API_KEYS: "backend:backend-key,other:other-key" });
  });
  after(() => server?.stop());

  test("a backend mints a token and a client without a key uploads once with it and reads its job", async () => {
    const backend = new MediaoptClient(server.baseUrl, { apiKey: "backend-key" });
    const minted = await backend.createUploadToken({ preset: "mobile", kind: "image", expiresInSec: 600 });
    assert.equal(minted.uploadUrl, server.baseUrl + "/uploads");
    assert.ok(Date.parse(minted.expiresAt) > Date.now());

    const browser = new MediaoptClient(server.baseUrl);
    const { jobId } = await browser.upload(png(), { filename: "t.png", token: minted.token });
    const job = await browser.waitForJob(jobId, { timeoutMs: 60_000, token: minted.token });
    assert.equal(job.status, "done");
    assert.equal(job.preset, "mobile", "the token's preset, which the upload did not send");
    assert.equal((await backend.getJob(jobId)).jobId, jobId, "the job is the minting key's");

    const again = await browser.upload(png(), { filename: "u.png", token: minted.token }).catch((e) => e);
    assert.ok(again instanceof MediaoptError, String(again));
    assert.equal(again.status, 403);
    assert.equal(again.code, "token-used");
    const usage = await new MediaoptClient(server.baseUrl, { token: minted.token }).getUsage().catch((e) => e);
    assert.equal(usage.code, "unauthorized", "a token opens nothing but its upload and job");
  });

  test("a client made with a token submits the form once, and a forged or out-of-scope token is refused", async () => {
    const backend = new MediaoptClient(server.baseUrl, { apiKey: "backend-key" });
    const { token } = await backend.createUploadToken({ format: "webp" });
    const holder = new MediaoptClient(server.baseUrl, { token });
    const refused = await holder.submitJob(png(), { filename: "f.png", format: "avif" }).catch((e) => e);
    assert.equal(refused.code, "token-scope");
    const { jobId } = await holder.submitJob(png(), { filename: "f.png" });
    assert.equal((await holder.waitForJob(jobId, { timeoutMs: 60_000 })).result.contentType, "image/webp");

    // the signature's first character carries six whole bits; the last one's low bits are padding
    const at = token.lastIndexOf(".") + 1;
    const forged = token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1);
    const error = await new MediaoptClient(server.baseUrl).upload(png(), { token: forged }).catch((e) => e);
    assert.ok(error instanceof MediaoptError, String(error));
    assert.equal(error.status, 401);
    assert.equal(error.code, "invalid-token");
    const keyless = await new MediaoptClient(server.baseUrl).createUploadToken({}).catch((e) => e);
    assert.equal(keyless.code, "unauthorized");
  });
});
